import { isArticleId } from '../../../shared/api/articles';
import { MEDIA, mediaUrl, type RawDocument } from '../../../shared/domain/richtext/document';
import type { PageHead } from '../../http/spa';
import type { ArticlesService } from './articles.service';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { Language } from '../../../shared/domain/language';

const ARTICLE_PATH = /^\/article\/([^/]+)$/;

/** The first image of the article, as an absolute address, for link previews. */
function firstImage(content: string, publicUrl: string): string | undefined {
  try {
    const document = JSON.parse(content) as RawDocument;
    for (const entity of Object.values(document.entityMap)) {
      if (entity.type === MEDIA && entity.data.type !== 'video') return new URL(mediaUrl(entity.data), publicUrl).href;
    }
  } catch {
    // A preview without an image.
  }
  return undefined;
}

/**
 * For /article/{id}: the article's title, its brief as the description and Open Graph tags, so a
 * shared link shows a preview. Null for other paths and unknown articles (the site's own head).
 */
export async function articlePageHead(
  articles: ArticlesService,
  path: string,
  site: { publicUrl: string; shortName: string; siteName: string; shareImage?: string },
  language: Language = 'en',
): Promise<PageHead | null> {
  const id = ARTICLE_PATH.exec(path)?.[1];
  if (!isArticleId(id) || id === 'new') return null;
  const article = await articles.find(id, language).catch(() => null);
  if (!article) return null;
  // hreflang only where a translation exists (decision 180).
  const englishOnly = language === 'en' ? !(await articles.translated(id)) : article.language === 'en';
  const url = pageUrl(site.publicUrl, 'article', { articleId: article._id });
  // The article's feature image, else the first picture in it, else the site's share image.
  const image =
    (article.image ? new URL(article.image, site.publicUrl).href : undefined) ??
    firstImage(article.content, site.publicUrl) ??
    site.shareImage;
  const alt = article.image ? article.image_alt : '';
  const title = `${site.shortName} | ${article.title}`;
  return {
    title,
    description: article.brief,
    canonical: url,
    meta: [
      // A page (About us) is not a dated article.
      { property: 'og:type', content: article.is_page ? 'website' : 'article' },
      { property: 'og:site_name', content: site.siteName },
      { property: 'og:title', content: article.title },
      { property: 'og:description', content: article.brief },
      { property: 'og:url', content: url },
      ...(image ? [{ property: 'og:image', content: image }] : []),
      ...(alt ? [{ property: 'og:image:alt', content: alt }] : []),
      ...(article.is_page
        ? []
        : [
            { property: 'article:published_time', content: article.dated },
            ...article.categories.map((category) => ({ property: 'article:tag', content: category })),
          ]),
      { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: article.brief },
      ...(image ? [{ name: 'twitter:image', content: image }] : []),
      ...(alt ? [{ name: 'twitter:image:alt', content: alt }] : []),
    ],
    jsonLd: article.is_page
      ? []
      : [
          {
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: article.title,
            description: article.brief,
            datePublished: article.dated,
            ...(image ? { image: [image] } : {}),
            ...(article.author ? { author: { '@type': 'Person', name: article.author } } : {}),
            url,
            mainEntityOfPage: url,
            publisher: { '@type': 'Organization', name: site.siteName, url: `${site.publicUrl}/` },
          },
        ],
    englishOnly,
  };
}
