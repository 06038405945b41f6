import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isArticleId } from '../../../shared/domain/article-id';
import { LoadError } from '../../components/load-error';
import { PartBoundary } from '../../components/part-boundary';
import { LoadingRegion } from '../../components/loading-region';
import { ApiError, errorMessage } from '../../lib/api';
import { hasEditingRights, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { ArticleContent } from './article-content';
import { formatArticleDate } from './article-date';
import { useArticle } from './articles-api';
import { useDeleteArticle } from './articles-edit-api';

// Only editors delete: the confirmation (MUI's Dialog) loads with an editor's page, not a reader's.
const ConfirmDialog = lazy(() => import('../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** SPEC "Article view": back link, title, date and content; Edit and Delete for editors. */
export function ArticlePage() {
  const { t } = useSiteText();
  const { articleId } = useParams();
  const valid = isArticleId(articleId);
  const article = useArticle(valid ? articleId : null);
  const editor = hasEditingRights(useSession());
  const navigate = useNavigate();
  const remove = useDeleteArticle();
  const [confirming, setConfirming] = useState(false);
  const notFound = article.error instanceof ApiError && article.error.status === 404;
  usePageTitle(article.data?.title ?? (valid ? (notFound ? t('article.not_found') : null) : t('article.invalid_id')));

  const deleteArticle = () => remove.mutate(articleId!, { onSuccess: () => void navigate('/news', { replace: true }) });
  // A page (About us, the privacy policy) is not news: it leads home and shows no date.
  const isPage = article.data?.is_page ?? false;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to={isPage ? '/' : '/news'} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 3 }}>
        <ArrowBackIcon fontSize="small" />
        {isPage ? t('article.back_home') : t('article.back')}
      </Link>

      {!valid ? (
        <Missing text={t('article.invalid_id')} />
      ) : article.isPending ? (
        <LoadingRegion>
          <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} width="70%" />
          <Skeleton variant="text" width={100} />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} variant="text" />
          ))}
        </LoadingRegion>
      ) : notFound ? (
        <Missing text={t('article.not_found')} />
      ) : article.isError ? (
        <LoadError message={t('article.load_failed')} error={article.error} onRetry={() => void article.refetch()} />
      ) : (
        <Box component="article" aria-labelledby="article-title">
          <Typography id="article-title" variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.9rem, 4vw, 2.75rem)', mb: 1 }}>
            {article.data.title}
          </Typography>
          {isPage ? (
            <Box sx={{ mb: 3 }} />
          ) : (
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
              <Typography component="time" dateTime={article.data.dated.slice(0, 10)} sx={{ color: 'text.secondary', mr: 1 }}>
                {formatArticleDate(article.data.dated)}
              </Typography>
              {article.data.categories.map((category) => (
                <Chip
                  key={category}
                  label={category}
                  size="small"
                  component={RouterLink}
                  to={`/news?category=${encodeURIComponent(category)}`}
                  clickable
                />
              ))}
            </Stack>
          )}

          {editor && (
            <Stack direction="row" sx={{ gap: 1.5, mb: 3 }}>
              <Button
                component={RouterLink}
                to={`/article/${encodeURIComponent(article.data._id)}/edit`}
                variant="outlined"
                startIcon={<EditOutlinedIcon />}
              >
                {t('action.edit')}
              </Button>
              <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
                {t('action.delete')}
              </Button>
            </Stack>
          )}

          {/* An empty article draws nothing, and a part must draw one element. */}
          {article.data.content && <ArticleContent content={article.data.content} />}

          {editor && (
            <PartBoundary>
              <Suspense fallback={null}>
                <ConfirmDialog
                  open={confirming}
                  question={t('article.delete_confirm')}
                  details={article.data.title}
                  pending={remove.isPending}
                  error={remove.isError ? errorMessage(remove.error, t('error.generic')) : null}
                  onConfirm={deleteArticle}
                  onClose={() => {
                    setConfirming(false);
                    remove.reset();
                  }}
                />
              </Suspense>
            </PartBoundary>
          )}
        </Box>
      )}
    </Container>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <Typography variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.9rem, 4vw, 2.75rem)', mb: 2 }}>
      {text}
    </Typography>
  );
}
