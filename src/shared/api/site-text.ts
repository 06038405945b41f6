import { z } from 'zod';
import { LANGUAGES } from '../domain/language';
import { isDefaultSiteTextKey } from '../domain/site-text';
import { succeededResponse } from './common';
import { defineEndpoints } from './contract';

export const siteTextKey = z.string().regex(/^[a-z0-9_.-]{1,100}$/, 'Keys are 1 to 100 characters of a-z, 0-9, "_", "." and "-"');

export const stringTableEntry = z.object({ key: z.string(), value: z.string() });
export const stringTable = z.array(stringTableEntry);
export type StringTable = z.infer<typeof stringTable>;

export const SITE_TEXT_MAX = 20_000;

/** A language of the site (decision 150); English when left out. */
export const languageField = z.enum(LANGUAGES).meta({ description: 'en (the default) or hy' });

/** Texts the site itself shows: every page carries them all, so a made-up key would only add weight (decision 098). */
export const UNKNOWN_TEXT_KEY = 'There is no site text with this key';

export const setStringRequest = z.object({
  key: siteTextKey.refine(isDefaultSiteTextKey, UNKNOWN_TEXT_KEY),
  value: z.string().max(SITE_TEXT_MAX, 'Site text is at most 20,000 characters'),
  /** The language whose value changes: right-click editing sends the language of the page. */
  lang: languageField.optional(),
});
export type SetStringRequest = z.infer<typeof setStringRequest>;

export const textEntry = z.object({
  key: z.string(),
  value: z.string(),
  /** The default shipped in code; null for a key the code no longer knows (saved by an older release): it can only be removed. */
  default_value: z.string().nullable(),
  /** A saved value that differs from the default. */
  customised: z.boolean(),
  /** Where the site shows it, in words, and a page to see it on when there is one. */
  where: z.string(),
  page: z.string().nullable(),
  /** One of the Settings (an address, an e-mail, a page): checked the same way as there. */
  setting: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** The Armenian value; null for a text shared by both languages (an address, an id). */
  hy: z
    .object({
      value: z.string(),
      default_value: z.string().nullable(),
      customised: z.boolean(),
      /** The shipped Armenian draft, not yet saved by a person: to be reviewed by a native reader. */
      to_review: z.boolean(),
      /** No Armenian value at all: the English shows on Armenian pages. */
      missing: z.boolean(),
      updated_at: z.string().nullable(),
      updated_by: z.string().nullable(),
    })
    .nullable(),
});
export type TextEntry = z.infer<typeof textEntry>;
export const textList = z.array(textEntry);

export const resetTextRequest = z.object({ key: siteTextKey, lang: languageField.optional() });

export const siteTextApi = defineEndpoints('site-text', {
  stringTable: {
    method: 'GET',
    path: '/api/string_table_v2',
    summary: 'Every site text as key and value in one language (the browser keeps a copy for the session)',
    // docs/product.md: a forced refresh adds a timestamp, so no cache along the way answers it.
    query: z.object({
      t: z.string().max(30).optional().meta({ description: 'Any value: a cache buster' }),
      lang: languageField.optional(),
    }),
    response: stringTable,
  },
  setString: {
    method: 'POST',
    path: '/api/set_string',
    summary: 'Changes one site text; a setting (an address, the contact e-mail, a page) is checked as the Settings check it',
    description:
      'An empty value for a text whose default says something is refused (400): put the default back with POST /api/admin/texts/reset.',
    body: { kind: 'json', schema: setStringRequest },
    response: succeededResponse,
  },
  // The back office's Texts page: every text with its default, and putting a default back.
  texts: {
    method: 'GET',
    path: '/api/admin/texts',
    summary: 'Every site text with its current value, default, where it appears and its last change',
    response: textList,
  },
  reset: {
    method: 'POST',
    path: '/api/admin/texts/reset',
    summary: 'Puts the default of a site text back (a key the code does not know is removed)',
    body: { kind: 'json', schema: resetTextRequest },
    response: succeededResponse,
    errors: { 404: 'No text with this key' },
  },
});
