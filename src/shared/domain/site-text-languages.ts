import type { Language } from './language';
import { siteTextDefaults, type SiteTextDefaults, type SiteTextKey } from './site-text';

/**
 * Site texts in the two languages (decision 150). Every text has an English value (site-text.ts)
 * and an Armenian one (site-text-hy.ts), except the few that are the same in both: addresses, an
 * e-mail, ids of pages, a year. An Armenian value the admin saves is kept under its key with the
 * `hy:` prefix in the same table as the English ones.
 */

/** Texts that are not words (addresses, an e-mail, ids, numbers): one value serves both languages. */
export const SHARED_TEXT_KEYS: ReadonlySet<SiteTextKey> = new Set<SiteTextKey>([
  'logo_url',
  'share_image_url',
  'hero_image_url',
  'founded_year',
  'about_article_id',
  'privacy_article_id',
  'contact_email',
  'social_media_url',
  'charity_number',
  'postal_address',
  'footer.byline_url',
]);

/** Whether a text has a value of its own in each language. */
export function isTranslatedKey(key: SiteTextKey): boolean {
  return !SHARED_TEXT_KEYS.has(key);
}

const HY_STORED = 'hy:';

/** The key a value is saved under in the table of saved texts: the Armenian ones carry `hy:`. */
export function storedTextKey(key: string, language: Language): string {
  return language === 'hy' ? `${HY_STORED}${key}` : key;
}

/** The text key and language of a saved row's key. */
export function parseStoredTextKey(stored: string): { key: string; language: Language } {
  return stored.startsWith(HY_STORED) ? { key: stored.slice(HY_STORED.length), language: 'hy' } : { key: stored, language: 'en' };
}

export type ArmenianTexts = Readonly<Record<string, string>>;

/**
 * The shipped defaults of one language: Armenian where it has a value, else the English (a text
 * shared by both languages, or one the translation has not reached).
 */
export function defaultsIn(language: Language, armenian: ArmenianTexts): SiteTextDefaults {
  if (language === 'en') return siteTextDefaults;
  const merged: Record<string, string> = { ...siteTextDefaults };
  for (const key of Object.keys(siteTextDefaults) as SiteTextKey[])
    if (isTranslatedKey(key) && armenian[key] !== undefined) merged[key] = armenian[key];
  return merged as SiteTextDefaults;
}

/** A text with its `{names}` filled in: `fillText('Dear {name},', { name: 'Ani' })`; a name not given is left as it is. */
export function fillText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The words of a mail or document in one language: the site's texts in it (the admin's, else the shipped ones). */
export type Words = { language: Language; text: (key: SiteTextKey) => string };

/** English as shipped, for a caller that has no texts to hand. */
export const SHIPPED_ENGLISH: Words = { language: 'en', text: (key) => siteTextDefaults[key] };
