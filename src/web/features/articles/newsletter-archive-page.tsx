import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { PageBanner } from '../../components/page-banner';
import ui from '../../components/ui.module.css';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { formatArticleDate } from './article-date';
import styles from './newsletters.module.css';
import { useNewsletterArchive } from './newsletter-archive-api';

/** Every newsletter sent, newest first: the web versions each mail links to ("view in your browser"). */
export function NewsletterArchivePage() {
  const { t, language } = useSiteText();
  usePageTitle(t('newsletters.title'));
  const archive = useNewsletterArchive();
  return (
    <>
      <PageBanner title="newsletters.title" intro="newsletters.intro" width="reading" />
      <div className={`${ui.reading} ${styles.page}`}>
        {archive.isPending ? (
          <LoadingRegion>
            {[0, 1, 2].map((i) => (
              <div key={i} className={ui.skeleton} style={{ height: 88, marginBottom: 16 }} />
            ))}
          </LoadingRegion>
        ) : archive.isError ? (
          <LoadError message={t('newsletters.load_failed')} error={archive.error} onRetry={() => void archive.refetch()} />
        ) : archive.data.length === 0 ? (
          <p>{t('newsletters.empty')}</p>
        ) : (
          <ul className={styles.archive}>
            {archive.data.map((n) => (
              <li key={n._id}>
                <h2>
                  <Link to={`/newsletters/${encodeURIComponent(n._id)}`} className={ui.textLink}>
                    {n.subject}
                  </Link>
                </h2>
                <time dateTime={n.sent_at.slice(0, 10)} className={styles.date}>
                  {formatArticleDate(n.sent_at, language)}
                </time>
                <p className={styles.brief}>{n.brief}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
