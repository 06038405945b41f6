import { isDefaultSiteTextKey, siteTextDefaults } from '../domain/site-text';
import { settingFieldOf } from './settings';

/*
 * Apart from site-text.ts, which every page loads: this rule needs the Settings' schemas, which
 * only the admin's prompt and the server do.
 */

export const EMPTY_TEXT_REFUSED =
  'A text cannot be empty: it would vanish from the site, leaving nothing to right-click. Write a text, or put back the default.';

/**
 * Whether a value would blank a text the site draws: empty (or only spaces) where the shipped
 * default says something. Settings have their own rules (an empty logo means "none").
 */
export function blanksText(key: string, value: string): boolean {
  return value.trim() === '' && isDefaultSiteTextKey(key) && siteTextDefaults[key].trim() !== '' && !settingFieldOf(key);
}
