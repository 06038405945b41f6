import { useLanguage } from '../../lib/language';
import { useFormAction } from '../../lib/form-outcome';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ArticleSummary } from '../../../shared/api/articles';
import { NEWS_RSS_PATH } from '../../../shared/domain/link-paths';
import { inLanguage } from '../../../shared/domain/language';
import { contentLang } from '../../components/untranslated-note';
import { PAGE } from '../../../shared/domain/page-paths';
import { Icon } from '../../components/icon';
import { imageSizes, ResponsiveImage } from '../../components/responsive-image';
import { addIcon } from '../../components/icons/add';
import { rssIcon } from '../../components/icons/rss';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { PageBanner } from '../../components/page-banner';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { hasEditingRights, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { formatArticleDate } from './article-date';
import styles from './articles.module.css';
import { useArticlePages, useCategories } from './articles-api';

const ALL = '';

/** docs/product.md "News page": a category filter, then articles newest first, a page at a time. */
export function NewsPage() {
  // The page's own address, in its language (decision 150).
  const pageAction = useFormAction();
  const { t, language } = useSiteText();
  usePageTitle(t('news.title'));
  // The feed of the page's language: Armenian readers follow /hy/news/rss.xml (decision 180).
  const feed = `${inLanguage('', language)}${NEWS_RSS_PATH}`;
  const editor = hasEditingRights(useSession());
  // The category lives in the address, so a filtered list can be shared and survives Back.
  const [search, setSearch] = useSearchParams();
  const category = search.get('category') ?? ALL;
  const categories = useCategories();
  const pages = useArticlePages(category || null);
  const articles = pages.data?.pages.flatMap((page) => page.items) ?? [];
  // A category from an old link may no longer exist; it still shows as chosen.
  const options = [...new Set([...(categories.data ?? []), ...(category ? [category] : [])])];

  const choose = (chosen: string) => setSearch(chosen ? { category: chosen } : {}, { replace: true });
  // The form is sent by the browser itself before the script runs (a GET, the category in the
  // address, decision 082); once the script runs, choosing is enough, and Show does the same.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get('category');
    choose(typeof chosen === 'string' ? chosen : ALL);
  };

  return (
    <>
      {/* Feed readers find the news feed from here. */}
      <link rel="alternate" type="application/rss+xml" title={t('news.rss')} href={feed} />
      <PageBanner title="news.title" intro="news.intro" />

      <div className={cx(ui.container, styles.list)}>
        <div className={styles.toolbar}>
          <form method="get" action={pageAction} onSubmit={submit} className={styles.filter}>
            <div className={ui.field}>
              <label htmlFor="news-category" className={ui.label}>
                {t('news.category')}
              </label>
              {/* Uncontrolled: a choice made before the script arrived stays chosen when it takes over. */}
              <select
                key={category}
                id="news-category"
                name="category"
                defaultValue={category}
                onChange={(e) => choose(e.target.value)}
                className={ui.input}
              >
                <option value={ALL}>{t('news.all')}</option>
                {options.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={cx(ui.button, ui.outlined)}>
              {t('news.filter_apply')}
            </button>
          </form>
          <div className={styles.toolbarLinks}>
            <a href={feed} className={ui.textLink}>
              <Icon paths={rssIcon} />
              {t('news.rss')}
            </a>
            <Link to={PAGE.newsletters} className={ui.textLink}>
              {t('newsletters.link')}
            </Link>
            {editor && (
              <Link to="/article/new" className={cx(ui.button, ui.primary)}>
                <Icon paths={addIcon} />
                {t('news.new_article')}
              </Link>
            )}
          </div>
        </div>

        {pages.isPending ? (
          <LoadingRegion className={styles.grid}>
            {[0, 1, 2].map((i) => (
              <div key={i} className={ui.skeleton} style={{ aspectRatio: '4 / 5' }} />
            ))}
          </LoadingRegion>
        ) : pages.isError ? (
          <LoadError message={t('news.load_failed')} error={pages.error} onRetry={() => void pages.refetch()} />
        ) : articles.length === 0 ? (
          <p className={ui.muted}>{category ? t('news.none_in_category') : t('news.none')}</p>
        ) : (
          <ul className={styles.grid}>
            {articles.map((article, index) => (
              <li key={article._id} className={index === 0 ? styles.featured : undefined}>
                <ArticleCard article={article} first={index === 0} />
              </li>
            ))}
          </ul>
        )}

        {pages.hasNextPage && (
          <div className={styles.more}>
            <button
              type="button"
              className={cx(ui.button, ui.outlined)}
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
            >
              {t('news.load_more')}
            </button>
          </div>
        )}
      </div>
    </>
  );
}

/** An article on the list: its picture, date, title and brief; the title's link covers the card. */
function ArticleCard({ article, first }: { article: ArticleSummary; first: boolean }) {
  const language = useLanguage();
  return (
    <article className={cx(ui.card, styles.card)}>
      {article.image ? (
        // The first card's picture is in the first screen, often its largest paint.
        <ResponsiveImage
          src={article.image}
          alt={article.image_alt}
          sizes={first ? imageSizes.featuredCard : imageSizes.gridCard}
          width={1600}
          height={900}
          priority={first}
          className={styles.media}
        />
      ) : (
        <div aria-hidden className={styles.placeholder}>
          {article.categories[0] ?? ''}
        </div>
      )}
      <div className={styles.cardBody}>
        <time dateTime={article.dated.slice(0, 10)} className={styles.date}>
          {formatArticleDate(article.dated, language)}
        </time>
        {/* An article not yet translated shows its English words, marked as English (decision 180). */}
        <h2 {...contentLang(article.language, language)}>
          <Link to={`/article/${encodeURIComponent(article._id)}`} className={ui.cardCover}>
            {article.title}
          </Link>
        </h2>
        {article.brief && (
          <p className={styles.brief} {...contentLang(article.language, language)}>
            {article.brief}
          </p>
        )}
      </div>
    </article>
  );
}
