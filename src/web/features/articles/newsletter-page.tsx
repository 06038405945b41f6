import { Link, useParams } from 'react-router';
import { Icon } from '../../components/icon';
import { arrowBackIcon } from '../../components/icons/arrow-back';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import ui from '../../components/ui.module.css';
import { ApiError } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { ArticleContent } from './article-content';
import { formatArticleDate } from './article-date';
import styles from './newsletters.module.css';
import { useArchivedNewsletter } from './newsletter-archive-api';

/** A sent newsletter on the site, drawn from the same document as its mail (and as the articles). */
export function NewsletterPage() {
  const { t, language } = useSiteText();
  const { newsletterId = '' } = useParams();
  const newsletter = useArchivedNewsletter(newsletterId);
  const notFound = newsletter.error instanceof ApiError && newsletter.error.status === 404;
  usePageTitle(newsletter.data?.subject ?? (notFound ? t('newsletters.not_found') : null));
  return (
    <div className={`${ui.reading} ${styles.page}`}>
      <p className={styles.back}>
        <Link to="/newsletters" className={ui.textLink}>
          <Icon paths={arrowBackIcon} />
          {t('newsletters.back')}
        </Link>
      </p>
      {newsletter.isPending ? (
        <LoadingRegion>
          <div className={ui.skeleton} style={{ height: 48, width: '70%', marginBottom: 16 }} />
          <div className={ui.skeleton} style={{ height: 240 }} />
        </LoadingRegion>
      ) : notFound ? (
        <h1 className={styles.title}>{t('newsletters.not_found')}</h1>
      ) : newsletter.isError ? (
        <LoadError message={t('newsletters.load_failed')} error={newsletter.error} onRetry={() => void newsletter.refetch()} />
      ) : (
        <article aria-labelledby="newsletter-title">
          <h1 id="newsletter-title" className={styles.title}>
            {newsletter.data.subject}
          </h1>
          <time dateTime={newsletter.data.sent_at.slice(0, 10)} className={styles.date}>
            {formatArticleDate(newsletter.data.sent_at, language)}
          </time>
          <ArticleContent content={newsletter.data.content} />
        </article>
      )}
    </div>
  );
}
