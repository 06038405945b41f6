import { isArticleId } from '../shared/api/articles';
import { SHARE_IMAGE_PATH } from '../shared/api/images';
import { APP_PAGES, PAGE, pageOf, pageUrl } from '../shared/domain/page-paths';
import { shareImageVersion } from './features/images/share-image';
import type { SiteTextKey } from '../shared/domain/site-text';
import { articlePageHead } from './features/articles/articles.head';
import { eventJsonLd, eventPageHead } from './features/events/events.head';
import type { PageHead } from './http/spa';
import type { Services } from './services';

/** The public pages other than articles and events: their title and description come from site text. */
const PAGES: Record<string, { title: SiteTextKey | null; description: SiteTextKey }> = {
  [PAGE.home]: { title: null, description: 'home.mission' },
  [PAGE.events]: { title: 'events.title', description: 'events.intro' },
  [PAGE.news]: { title: 'news.title', description: 'news.intro' },
  [PAGE.signIn]: { title: 'signin.title', description: 'signin.subtitle' },
  [PAGE.register]: { title: 'register.title', description: 'register.intro' },
  [PAGE.donate]: { title: 'donate.title', description: 'donate.intro' },
};

/**
 * Each page's <title> (the short name first), description, canonical address, Open Graph and
 * Twitter card tags, and schema.org data: Organization on the home page, an Event for each
 * upcoming event on the events page, NewsArticle on an article (articles.head.ts).
 */
export function pageHeads(services: Services, publicUrl: string) {
  return async (path: string): Promise<PageHead> => {
    const text = (key: SiteTextKey) => services.siteText.get(key);
    const [shortName, siteName, mission, shareImage, logo] = await Promise.all([
      text('site_short_name'),
      text('site_name'),
      text('home.mission'),
      text('share_image_url'),
      text('logo_url'),
    ]);
    const absolute = (address: string) => new URL(address, publicUrl).href;
    const logoUrl = absolute(logo.trim() || '/mark.svg');
    // The share image from Settings, else one made from the logo (a PNG: previews show no SVG).
    // Link previews need an absolute address.
    const image = shareImage.trim() ? absolute(shareImage) : absolute(`${SHARE_IMAGE_PATH}?v=${shareImageVersion(logo)}`);
    const site = { publicUrl, shortName, siteName, shareImage: image };

    const which = pageOf(path);
    if (which === 'article') {
      const article = await articlePageHead(services.articles, path, site);
      if (article) return article;
    }
    if (which === 'event') {
      const event = await eventPageHead(services.events, path, site);
      if (event) return event;
    }
    const page = PAGES[path];
    // Flows and signed-in views exist but are not for sharing; an article that is not there (yet) is known by its address.
    const known =
      page !== undefined || (which !== null && APP_PAGES.includes(which)) || (which === 'article' && isArticleId(path.split('/')[2]));
    const pageTitle = page?.title
      ? await services.siteText.get(page.title)
      : page
        ? null
        : await services.siteText.get(known ? 'site_name' : 'not_found.title');
    const title = `${shortName} | ${pageTitle ?? siteName}`;
    const description = page ? await services.siteText.get(page.description) : mission;
    const url = absolute(path);

    const jsonLd: object[] = [];
    if (path === PAGE.home) {
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: siteName,
        alternateName: shortName,
        url: absolute(PAGE.home),
        logo: logoUrl,
        description: mission,
      });
    }
    if (path === PAGE.events) {
      for (const event of await services.events.list('upcoming'))
        jsonLd.push(eventJsonLd(event, pageUrl(publicUrl, 'event', { eventId: event._id }), site));
    }
    return {
      title,
      description,
      ...(page ? { canonical: url } : {}),
      jsonLd,
      meta: [
        { property: 'og:type', content: 'website' },
        { property: 'og:site_name', content: siteName },
        { property: 'og:title', content: title },
        { property: 'og:description', content: description },
        ...(page ? [{ property: 'og:url', content: url }] : []),
        { property: 'og:image', content: image },
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'twitter:title', content: title },
        { name: 'twitter:description', content: description },
        { name: 'twitter:image', content: image },
      ],
    };
  };
}
