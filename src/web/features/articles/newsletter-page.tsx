import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { ApiError } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { ArticleContent } from './article-content';
import { formatArticleDate } from './article-date';
import { useArchivedNewsletter } from './newsletter-archive-api';

/** A sent newsletter on the site, drawn from the same document as its mail (and as the articles). */
export function NewsletterPage() {
  const { t, language } = useSiteText();
  const { newsletterId = '' } = useParams();
  const newsletter = useArchivedNewsletter(newsletterId);
  const notFound = newsletter.error instanceof ApiError && newsletter.error.status === 404;
  usePageTitle(newsletter.data?.subject ?? (notFound ? t('newsletters.not_found') : null));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to="/newsletters" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 3 }}>
        <ArrowBackIcon fontSize="small" />
        {t('newsletters.back')}
      </Link>
      {newsletter.isPending ? (
        <LoadingRegion>
          <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} width="70%" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="text" />
          ))}
        </LoadingRegion>
      ) : notFound ? (
        <Typography variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.9rem, 4vw, 2.75rem)' }}>
          {t('newsletters.not_found')}
        </Typography>
      ) : newsletter.isError ? (
        <LoadError message={t('newsletters.load_failed')} error={newsletter.error} onRetry={() => void newsletter.refetch()} />
      ) : (
        <Box component="article" aria-labelledby="newsletter-title">
          <Typography id="newsletter-title" variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.9rem, 4vw, 2.75rem)', mb: 1 }}>
            {newsletter.data.subject}
          </Typography>
          <Typography
            component="time"
            dateTime={newsletter.data.sent_at.slice(0, 10)}
            sx={{ color: 'text.secondary', display: 'block', mb: 3 }}
          >
            {formatArticleDate(newsletter.data.sent_at, language)}
          </Typography>
          <ArticleContent content={newsletter.data.content} />
        </Box>
      )}
    </Container>
  );
}
