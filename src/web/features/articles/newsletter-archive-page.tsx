import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { PageBanner } from '../../components/page-banner';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { formatArticleDate } from './article-date';
import { useNewsletterArchive } from './newsletter-archive-api';

/** Every newsletter sent, newest first: the web versions each mail links to ("view in your browser"). */
export function NewsletterArchivePage() {
  const { t, language } = useSiteText();
  usePageTitle(t('newsletters.title'));
  const archive = useNewsletterArchive();
  return (
    <>
      <PageBanner title="newsletters.title" intro="newsletters.intro" width="reading" />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {archive.isPending ? (
          <LoadingRegion>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={88} sx={{ mb: 2 }} />
            ))}
          </LoadingRegion>
        ) : archive.isError ? (
          <LoadError message={t('newsletters.load_failed')} error={archive.error} onRetry={() => void archive.refetch()} />
        ) : archive.data.length === 0 ? (
          <Typography>{t('newsletters.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {archive.data.map((n) => (
              <Box component="li" key={n._id} sx={{ py: 2.5, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 0.5 }}>
                  <Link component={RouterLink} to={`/newsletters/${encodeURIComponent(n._id)}`}>
                    {n.subject}
                  </Link>
                </Typography>
                <Typography component="time" dateTime={n.sent_at.slice(0, 10)} sx={{ color: 'text.secondary', display: 'block', mb: 0.5 }}>
                  {formatArticleDate(n.sent_at, language)}
                </Typography>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{n.brief}</Typography>
              </Box>
            ))}
          </Box>
        )}
      </Container>
    </>
  );
}
