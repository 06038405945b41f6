import { isArticleId } from '../shared/api/articles';
import { SHARE_IMAGE_PATH } from '../shared/api/images';
import { APP_PAGES, PAGE, pageOf, pageUrl } from '../shared/domain/page-paths';
import { shareImageVersion } from './features/images/share-image';
import type { SiteTextKey } from '../shared/domain/site-text';
import { inLanguage, LANGUAGE_TAGS, LANGUAGES, languageOfPath, withoutLanguage, type Language } from '../shared/domain/language';
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
  [PAGE.newsletters]: { title: 'newsletters.title', description: 'newsletters.intro' },
};

/**
 * Each page's <title> (the short name first), description, canonical address, Open Graph and
 * Twitter card tags, and schema.org data: Organization on the home page, an Event for each
 * upcoming event on the events page, NewsArticle on an article (articles.head.ts).
 */
export function pageHeads(services: Services, publicUrl: string) {
  const headIn = englishPathHead(services, publicUrl);
  /**
   * An Armenian address (/hy/...) is the same page with its texts in Armenian (decision 150): its
   * canonical and og:url are its own address, and every public page names both languages'
   * addresses with `hreflang`, the English one also as `x-default`.
   */
  return async (address: string): Promise<PageHead> => {
    const language = languageOfPath(address);
    const path = withoutLanguage(address);
    const head = await headIn(path, language);
    const here = (url: string) => {
      const { pathname, search } = new URL(url);
      return new URL(`${inLanguage(pathname, language)}${search}`, publicUrl).href;
    };
    const { englishOnly, ...rest } = head;
    // An article or event not yet translated is one page, the English: its Armenian address shows
    // the English words with a note, and names the English page as canonical (decision 180).
    const localised: PageHead = {
      ...rest,
      language,
      ...(head.canonical ? { canonical: englishOnly ? head.canonical : here(head.canonical) } : {}),
      meta: (head.meta ?? []).map((tag) => ('property' in tag && tag.property === 'og:url' ? { ...tag, content: here(tag.content) } : tag)),
    };
    if (!head.canonical || englishOnly) return localised;
    // Only pages with a canonical address are for sharing and indexing: they have alternates.
    const { pathname, search } = new URL(head.canonical);
    const addressIn = (each: Language) => new URL(`${inLanguage(pathname, each)}${search}`, publicUrl).href;
    return {
      ...localised,
      alternates: [
        ...LANGUAGES.map((each) => ({ hreflang: LANGUAGE_TAGS[each], href: addressIn(each) })),
        { hreflang: 'x-default', href: addressIn('en') },
      ],
      meta: [
        ...(localised.meta ?? []),
        { property: 'og:locale', content: language === 'hy' ? 'hy_AM' : 'en_GB' },
        { property: 'og:locale:alternate', content: language === 'hy' ? 'en_GB' : 'hy_AM' },
      ],
    };
  };
}

/** The head of a page named by its English path, with its texts in a language. */
function englishPathHead(services: Services, publicUrl: string) {
  return async (path: string, language: Language): Promise<PageHead> => {
    const text = (key: SiteTextKey) => services.siteText.get(key, language);
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
      const article = await articlePageHead(services.articles, path, site, language);
      if (article) return article;
    }
    if (which === 'event') {
      const event = await eventPageHead(services.events, path, site, language);
      if (event) return event;
    }
    const page = PAGES[path];
    // Flows and signed-in views exist but are not for sharing; an article that is not there (yet) is known by its address.
    const known =
      page !== undefined || (which !== null && APP_PAGES.includes(which)) || (which === 'article' && isArticleId(path.split('/')[2]));
    const pageTitle = page?.title ? await text(page.title) : page ? null : await text(known ? 'site_name' : 'not_found.title');
    const title = `${shortName} | ${pageTitle ?? siteName}`;
    const description = page ? await text(page.description) : mission;
    const url = absolute(path);

    const jsonLd: object[] = [];
    if (path === PAGE.home) {
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: siteName,
        alternateName: shortName,
        url: absolute(inLanguage(PAGE.home, language)),
        logo: logoUrl,
        description: mission,
      });
    }
    if (path === PAGE.events) {
      for (const event of await services.events.list('upcoming', language))
        jsonLd.push(eventJsonLd(event, pageUrl(publicUrl, 'event', { eventId: event._id }, language), site));
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
