import { z } from 'zod';

export const siteTextKey = z.string().regex(/^[a-z0-9_.-]{1,100}$/, 'Keys are 1 to 100 characters of a-z, 0-9, "_", "." and "-"');

export const stringTableEntry = z.object({ key: z.string(), value: z.string() });
export const stringTable = z.array(stringTableEntry);
export type StringTable = z.infer<typeof stringTable>;

export const SITE_TEXT_MAX = 20_000;

export const setStringRequest = z.object({
  key: siteTextKey,
  value: z.string().max(SITE_TEXT_MAX, 'Site text is at most 20,000 characters'),
});
export type SetStringRequest = z.infer<typeof setStringRequest>;

/** The back office's Texts page: every text with its default, and putting a default back. */
export const siteTextPaths = {
  texts: '/api/admin/texts',
  reset: '/api/admin/texts/reset',
} as const;

export const textEntry = z.object({
  key: z.string(),
  value: z.string(),
  /** The default shipped in code; null for a key the code does not know (saved by hand). */
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
});
export type TextEntry = z.infer<typeof textEntry>;
export const textList = z.array(textEntry);

export const resetTextRequest = z.object({ key: siteTextKey });
