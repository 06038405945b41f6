import type { ArticleSummary } from '../../../shared/api/articles';
import { PAGE, pagePath, pageUrl, SITEMAP_PAGES } from '../../../shared/domain/page-paths';
import { inLanguage, LANGUAGE_TAGS, LANGUAGES, type Language } from '../../../shared/domain/language';
import { NEWS_RSS_PATH } from '../../../shared/domain/link-paths';

/** Text for XML element content and attribute values; drops characters XML 1.0 cannot carry. */
export function xmlEscape(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
  );
}

/**
 * Plain text for an RSS element that readers take as HTML (titles and descriptions: feedparser and
 * most aggregators render both as HTML): escaped as HTML, then as XML, so a reader shows exactly
 * the text, never bold it or drop what looks like a script (decision 101).
 */
export function rssText(text: string): string {
  return xmlEscape(text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!));
}

/** The site's name and words in the feed's language (English unless said). */
export type SiteInfo = { publicUrl: string; siteName: string; description: string; newsTitle?: string; language?: Language };

const articleUrl = (site: SiteInfo, id: string) => pageUrl(site.publicUrl, 'article', { articleId: id }, site.language);

/**
 * RSS 2.0 of the latest articles, so readers can follow the news. The Armenian feed (/hy/news/rss.xml)
 * lists the same news as the Armenian news page: each in Armenian where translated, else in English,
 * linking to the Armenian pages (decision 180).
 */
export function rssFeed(site: SiteInfo, articles: ArticleSummary[]): string {
  const language = site.language ?? 'en';
  const feedPath = `${inLanguage('', language)}${NEWS_RSS_PATH}`;
  const items = articles.map((article) => {
    const link = articleUrl(site, article._id);
    return [
      '    <item>',
      `      <title>${rssText(article.title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      <pubDate>${new Date(article.dated).toUTCString()}</pubDate>`,
      `      <description>${rssText(article.brief)}</description>`,
      // A category is a plain term to readers (feedparser's tags): escaped once.
      ...article.categories.map((category) => `      <category>${xmlEscape(category)}</category>`),
      '    </item>',
    ].join('\n');
  });
  const newest = articles[0] ? `\n    <lastBuildDate>${new Date(articles[0].dated).toUTCString()}</lastBuildDate>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${rssText(`${site.siteName}: ${language === 'en' ? 'News' : (site.newsTitle ?? 'News')}`)}</title>
    <link>${xmlEscape(pageUrl(site.publicUrl, 'news', undefined, language))}</link>
    <atom:link href="${xmlEscape(`${site.publicUrl}${feedPath}`)}" rel="self" type="application/rss+xml"/>
    <description>${rssText(site.description)}</description>
    <language>${language === 'en' ? 'en-gb' : 'hy'}</language>${newest}
${items.join('\n')}
  </channel>
</rss>
`;
}

/** The public pages that are worth a search engine's visit (no sign-in, no payment steps). */
export const PUBLIC_PAGES = SITEMAP_PAGES.map((page) => PAGE[page]);

/**
 * The public pages, then the site's own pages (About us, the privacy policy), then the news.
 * A page is listed once, among the pages, never as news.
 */
/** The sitemap protocol's limit of addresses in one file (each page is listed once per language). */
export const SITEMAP_LIMIT = 50_000;

/** `title_hy` null or left out: the article or event has no Armenian version (decision 180). */
type SitemapRow = { id: string; updated_at: string; is_page: number; title_hy?: string | null };
/** An event's page, /events/{id}: listed after the pages, before the news. */
export type SitemapEvent = { id: string; updated_at: string; title_hy?: string | null };

/**
 * Each address of the sitemap as its <url> elements, one per language, each naming the page in
 * every language and `x-default` (decision 150): the public pages, then pages, events, then news.
 * An article or event without an Armenian version is listed in English alone, without alternates:
 * its Armenian address shows the English words and names the English page as its canonical one
 * (decision 180).
 */
function sitemapEntries(site: SiteInfo, articles: SitemapRow[], events: SitemapEvent[]): string[] {
  const url = (path: string, lastmod?: string, translated = true) => {
    const at = (language: (typeof LANGUAGES)[number]) => xmlEscape(`${site.publicUrl}${inLanguage(path, language)}`);
    const modified = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
    if (!translated) return [`  <url><loc>${at('en')}</loc>${modified}</url>`];
    const alternates = [
      ...LANGUAGES.map((language) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[language]}" href="${at(language)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${at('en')}"/>`,
    ].join('');
    return LANGUAGES.map((language) => `  <url><loc>${at(language)}</loc>${modified}${alternates}</url>`);
  };
  const translated = (row: { title_hy?: string | null }) => row.title_hy !== null && row.title_hy !== undefined;
  const entry = (a: SitemapRow) => url(pagePath('article', { articleId: a.id }), a.updated_at, translated(a));
  return [
    ...PUBLIC_PAGES.flatMap((page) => url(page)),
    ...articles.filter((a) => a.is_page === 1).flatMap(entry),
    ...events.flatMap((e) => url(`/events/${encodeURIComponent(e.id)}`, e.updated_at, translated(e))),
    ...articles.filter((a) => a.is_page !== 1).flatMap(entry),
  ];
}

function urlset(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}

/** The whole sitemap, or beyond SITEMAP_LIMIT addresses an index of its parts (/sitemap-1.xml, ...). */
export function sitemap(site: SiteInfo, articles: SitemapRow[], events: SitemapEvent[] = [], limit = SITEMAP_LIMIT): string {
  const entries = sitemapEntries(site, articles, events);
  if (entries.length <= limit) return urlset(entries);
  const parts = Math.ceil(entries.length / limit);
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${xmlEscape(`${site.publicUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>`).join('\n')}
</sitemapindex>
`;
}

/** Part `part` (from 1) of a split sitemap; null when the sitemap is not split or has no such part. */
export function sitemapPart(
  site: SiteInfo,
  articles: SitemapRow[],
  events: SitemapEvent[],
  part: number,
  limit = SITEMAP_LIMIT,
): string | null {
  const entries = sitemapEntries(site, articles, events);
  if (entries.length <= limit || !Number.isInteger(part) || part < 1 || (part - 1) * limit >= entries.length) return null;
  return urlset(entries.slice((part - 1) * limit, part * limit));
}

/**
 * What crawlers are asked to leave alone: the API and the pages that are one person's or an
 * editor's. The sign-in page stays open to them: it holds nothing private, and a page search
 * engines may not read is one Lighthouse's crawlability check fails.
 */
export function robotsTxt(site: SiteInfo): string {
  return `User-agent: *
Disallow: /api/
Disallow: /article/new
Disallow: /article/*/edit
Disallow: /profile
Disallow: /renew
Disallow: /hy/article/new
Disallow: /hy/article/*/edit
Disallow: /hy/profile
Disallow: /hy/renew

Sitemap: ${site.publicUrl}/sitemap.xml
`;
}
