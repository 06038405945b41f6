import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { isArticleId, type ArticleRecord } from '../../../../shared/api/articles';
import { validateDocumentJson } from '../../../../shared/domain/richtext/validate';
import { LoadError } from '../../../components/load-error';
import { LoadingRegion } from '../../../components/loading-region';
import { ApiError } from '../../../lib/api';
import { hasEditingRights, useSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWords } from '../../../lib/words';
import { PAGE } from '../../../../shared/domain/page-paths';
import { useSecurity } from '../../../lib/account-security';
import { roleWords } from '../../../lib/role-words';
import { todayInput, toDateInput } from '../article-date';
import { articleMode } from '../article-mode';
import { useArticle } from '../articles-api';
import { ArticleForm, type ArticleDraft } from './article-form';

/** docs/product.md "Article editor" on /article/new and /article/{id}/edit; the mode follows the path. */
export function ArticleEditorPage() {
  const { t } = useSiteText();
  const mode = articleMode(useLocation().pathname);
  const { articleId } = useParams();
  const id = mode === 'edit' ? (articleId ?? null) : null;
  const validId = mode !== 'edit' || isArticleId(id ?? undefined);
  const article = useArticle(mode === 'edit' && validId ? id : null, 'en');
  // The Armenian version, if any, to edit beside the English (decision 180).
  const armenian = useArticle(mode === 'edit' && validId ? id : null, 'hy');
  const session = useSession();
  const editor = hasEditingRights(session);
  // A staff account without its second factor may not save: it is told so before it writes a word.
  const security = useSecurity();
  const roleName = useWords(roleWords).role(session?.role ?? 'editor');
  const notFound = article.error instanceof ApiError && article.error.status === 404;
  usePageTitle(mode === 'create' ? t('editor.new_title') : t('editor.edit_title'));

  const loading = (
    <LoadingRegion>
      <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={360} />
    </LoadingRegion>
  );
  let body;
  if (!editor) {
    body = (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/signIn" color="inherit">
            {t('nav.sign_in')}
          </Button>
        }
      >
        {t('editor.needs_rights')}
      </Alert>
    );
  } else if (security.data?.staff.blocked) {
    // The button under the words, not beside them: its label is long for a phone's width.
    body = (
      <Alert severity="warning">
        {t('editor.needs_factor').replace('{role}', roleName)}
        <Box sx={{ mt: 1.5 }}>
          <Button component={RouterLink} to={PAGE.profileSecurity} variant="outlined" color="inherit">
            {t('editor.set_up_factor')}
          </Button>
        </Box>
      </Alert>
    );
  } else if (security.isPending) {
    body = loading;
  } else if (mode === 'create') {
    body = (
      <ArticleForm
        id={null}
        initial={{ title: '', dated: todayInput(), categories: [], content: null, is_page: false, image: '', image_alt: '', hy: null }}
      />
    );
  } else if (!validId) {
    body = <Typography>{t('article.invalid_id')}</Typography>;
  } else if (article.isPending || armenian.isPending) {
    body = loading;
  } else if (notFound) {
    body = <Typography>{t('article.not_found')}</Typography>;
  } else if (article.isError || armenian.isError) {
    const failed = article.isError ? article : armenian;
    body = <LoadError message={t('article.load_failed')} error={failed.error} onRetry={() => void failed.refetch()} />;
  } else {
    body = <ArticleForm key={article.data._id} id={article.data._id} initial={draftOf(article.data, armenian.data)} />;
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {id && (
        <Link component={RouterLink} to={`/article/${encodeURIComponent(id)}`} sx={{ display: 'inline-block', mb: 2 }}>
          {t('article.back')}
        </Link>
      )}
      <Typography variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.8rem, 3.5vw, 2.5rem)', mb: 3 }}>
        {mode === 'create' ? t('editor.new_title') : t('editor.edit_title')}
      </Typography>
      {body}
    </Container>
  );
}

const documentOf = (json: string) => {
  const parsed = json ? validateDocumentJson(json) : null;
  return parsed?.ok ? parsed.document : null;
};

/** The form's draft: the English record and, when the Armenian answer is the Armenian version, that. */
function draftOf(article: ArticleRecord, armenian: ArticleRecord | undefined): ArticleDraft {
  const parsed = article.content ? validateDocumentJson(article.content) : null;
  return {
    hy:
      armenian?.language === 'hy'
        ? { title: armenian.title, categories: armenian.categories, content: documentOf(armenian.content) }
        : null,
    title: article.title,
    dated: toDateInput(article.dated),
    categories: article.categories,
    content: parsed?.ok ? parsed.document : null,
    is_page: article.is_page,
    image: article.image,
    image_alt: article.image_alt,
  };
}
