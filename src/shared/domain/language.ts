/**
 * The site's two languages and where each lives (decision 150): English at the site's addresses,
 * Armenian under `/hy/`. The address alone says a page's language; a visitor's remembered choice
 * (the `site_lang` cookie) only sends the bare site root to the Armenian home page. No zod and
 * nothing else: the router reads it on every page's first load.
 */
export const LANGUAGES = ['en', 'hy'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The prefix of the Armenian pages' addresses. */
export const HY_PREFIX = '/hy';

/** The cookie that remembers a visitor's choice of language (set by the language switch). */
export const LANGUAGE_COOKIE = 'site_lang';

/** The query parameter the language switch adds: the server remembers the choice and redirects to the clean address. */
export const LANGUAGE_SWITCH_PARAMETER = 'lang';

/** Each language's own name, as its readers write it (the switch names the other language so). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hy: 'Հայերեն' };

/** The BCP 47 tag for `<html lang>` and `hreflang`. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = { en: 'en-GB', hy: 'hy' };

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'hy';
}

/** The language of an address (a path, with or without its query): `/hy` and `/hy/...` are Armenian. */
export function languageOfPath(path: string): Language {
  const lower = path.slice(0, 4).toLowerCase();
  return lower === HY_PREFIX || lower === `${HY_PREFIX}/` || lower === `${HY_PREFIX}?` ? 'hy' : 'en';
}

/** The address without its language prefix, as the page paths (page-paths.ts) name pages: `/hy/events` -> `/events`, `/hy` -> `/`. */
export function withoutLanguage(path: string): string {
  if (languageOfPath(path) === 'en') return path;
  const rest = path.slice(HY_PREFIX.length);
  return rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
}

/** A site address (starting with "/") in a language: `/events` in Armenian is `/hy/events`, the home page `/hy/`. */
export function inLanguage(path: string, language: Language): string {
  if (language === 'en') return path;
  return `${HY_PREFIX}${path}`;
}

/** The other language (the switch offers it). */
export function otherLanguage(language: Language): Language {
  return language === 'en' ? 'hy' : 'en';
}

/** The router's basename for a language (its links and navigation stay inside it). */
export function routerBasename(language: Language): string | undefined {
  return language === 'hy' ? HY_PREFIX : undefined;
}
