import { Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ArticleRecord } from '../../../shared/api/articles';
import { isArticleId } from '../../../shared/domain/article-id';
import { validateDocumentJson } from '../../../shared/domain/richtext/validate';
import { Icon } from '../../components/icon';
import { imageSizes, ResponsiveImage } from '../../components/responsive-image';
import { contentLang, UntranslatedNote, useShownInEnglish } from '../../components/untranslated-note';
import { LANGUAGE_TAGS } from '../../../shared/domain/language';
import { pagePath } from '../../../shared/domain/page-paths';
import { arrowBackIcon } from '../../components/icons/arrow-back';
import { editIcon } from '../../components/icons/edit';
import { lazyWithTheme } from '../../components/lazy-with-theme';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { PartBoundary } from '../../components/part-boundary';
import ui from '../../components/ui.module.css';
import { ApiError, errorMessage } from '../../lib/api';
import { cx } from '../../lib/class-names';
import { hasEditingRights, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { ArticleContent } from './article-content';
import { formatArticleDate } from './article-date';
import styles from './articles.module.css';
import { useArticle } from './articles-api';
import { useDeleteArticle } from './articles-edit-api';
import { readingMinutes } from './reading-time';

// Only editors delete: the confirmation (MUI's Dialog, with its theme) loads with an editor's page.
const ConfirmDialog = lazyWithTheme(() => import('../../components/confirm-dialog').then((m) => m.ConfirmDialog));

/** docs/product.md "Article view": back link, title, date and content; Edit and Delete for editors. */
export function ArticlePage() {
  const { t } = useSiteText();
  const { articleId } = useParams();
  const valid = isArticleId(articleId);
  const article = useArticle(valid ? articleId : null);
  const notFound = article.error instanceof ApiError && article.error.status === 404;
  usePageTitle(article.data?.title ?? (valid ? (notFound ? t('article.not_found') : null) : t('article.invalid_id')));
  // A page (About us, the privacy policy) is not news: it leads home and shows no date.
  const isPage = article.data?.is_page ?? false;

  return (
    <div className={styles.article}>
      <div className={ui.reading}>
        <p className={styles.back}>
          <Link to={isPage ? '/' : '/news'} className={ui.textLink}>
            <Icon paths={arrowBackIcon} />
            {isPage ? t('article.back_home') : t('article.back')}
          </Link>
        </p>
        {!valid ? (
          <h1>{t('article.invalid_id')}</h1>
        ) : article.isPending ? (
          <LoadingRegion>
            <div className={ui.skeleton} style={{ height: 48, width: '70%', marginBottom: 16 }} />
            <div className={ui.skeleton} style={{ height: 240 }} />
          </LoadingRegion>
        ) : notFound ? (
          <h1>{t('article.not_found')}</h1>
        ) : article.isError ? (
          <LoadError message={t('article.load_failed')} error={article.error} onRetry={() => void article.refetch()} />
        ) : null}
      </div>
      {article.data && <ArticleView article={article.data} />}
    </div>
  );
}

function ArticleView({ article }: { article: ArticleRecord }) {
  const { t, language } = useSiteText();
  const shownInEnglish = useShownInEnglish(article.language);
  const editor = hasEditingRights(useSession());
  const navigate = useNavigate();
  const remove = useDeleteArticle();
  const [confirming, setConfirming] = useState(false);
  const minutes = useMemo(() => {
    const checked = article.content ? validateDocumentJson(article.content) : null;
    return checked?.ok ? readingMinutes(checked.document) : null;
  }, [article.content]);
  const deleteArticle = () => remove.mutate(article._id, { onSuccess: () => void navigate('/news', { replace: true }) });

  return (
    <article aria-labelledby="article-title" {...contentLang(article.language, language)}>
      {shownInEnglish && (
        <div className={ui.reading} lang={LANGUAGE_TAGS[language]}>
          <UntranslatedNote englishPath={pagePath('article', { articleId: article._id })} />
        </div>
      )}
      <header className={cx(ui.reading, styles.header)}>
        {!article.is_page && article.categories.length > 0 && (
          <p className={styles.chips}>
            {article.categories.map((category) => (
              <Link key={category} to={`/news?category=${encodeURIComponent(category)}`} className={ui.chip}>
                {category}
              </Link>
            ))}
          </p>
        )}
        <h1 id="article-title">{article.title}</h1>
        {!article.is_page && (
          <p className={styles.meta}>
            {article.author && (
              <span>
                {t('article.by')} <span className={styles.author}>{article.author}</span>
              </span>
            )}
            <time dateTime={article.dated.slice(0, 10)}>{formatArticleDate(article.dated, language)}</time>
            {minutes !== null && (
              <span>
                {minutes} {t('article.minutes_read')}
              </span>
            )}
          </p>
        )}
      </header>
      {article.image && (
        <figure className={styles.feature}>
          <ResponsiveImage src={article.image} alt={article.image_alt} sizes={imageSizes.pageHeader} width={1600} height={900} priority />
        </figure>
      )}
      <div className={ui.reading}>
        {editor && (
          <div className={styles.editorActions}>
            <Link to={`/article/${encodeURIComponent(article._id)}/edit`} className={cx(ui.button, ui.outlined)}>
              <Icon paths={editIcon} />
              {t('action.edit')}
            </Link>
            <button type="button" className={cx(ui.button, ui.outlined, styles.danger)} onClick={() => setConfirming(true)}>
              {t('action.delete')}
            </button>
          </div>
        )}
        <ArticleContent content={article.content} />
      </div>
      {editor && (
        <PartBoundary>
          <Suspense fallback={null}>
            <ConfirmDialog
              open={confirming}
              question={t('article.delete_confirm')}
              details={article.title}
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
    </article>
  );
}
