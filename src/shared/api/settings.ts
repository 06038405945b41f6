import { z } from 'zod';
import { isSiteImagePath, isWebAddress, MAX_URL_LENGTH } from '../domain/richtext/safe-url';
import type { SiteTextKey } from '../domain/site-text';
import { articleId } from './articles';
import { defineEndpoints } from './contract';
import { emailAddress } from './membership';

/**
 * Each setting is a site text the whole site reads through the string table; this names the
 * field the Settings API uses for it (no dots, so a form can use them as names).
 */
export const settingKeys = {
  site_name: 'site_name',
  site_short_name: 'site_short_name',
  logo_url: 'logo_url',
  share_image_url: 'share_image_url',
  contact_email: 'contact_email',
  social_media_url: 'social_media_url',
  social_button_label: 'contact.social_show',
  charity_number: 'charity_number',
  postal_address: 'postal_address',
  about_article_id: 'about_article_id',
  privacy_article_id: 'privacy_article_id',
  byline: 'footer.byline',
  byline_url: 'footer.byline_url',
} as const satisfies Record<string, SiteTextKey>;
export type SettingField = keyof typeof settingKeys;
export const settingFields = Object.keys(settingKeys) as SettingField[];

/** The setting a site text key holds, if it holds one (set_string validates those the same way). */
export function settingFieldOf(key: string): SettingField | undefined {
  return settingFields.find((field) => settingKeys[field] === key);
}

// ---- One validator per kind of value ----

const WEB_ADDRESS = 'Use a web address starting with https:// (or http://)';
const IMAGE_ADDRESS = 'Upload an image, or use a web address starting with https:// (or http://)';

/** Text shown on the site: trimmed, within limits. */
const text = (label: string, max: number, required: boolean) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((value) => !required || value.length > 0, `Enter ${label}`);

/** An http(s) address, or empty for none. Whitespace around it is dropped before the check. */
export const webAddressSetting = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH, `At most ${MAX_URL_LENGTH} characters`)
  .refine((value) => value === '' || isWebAddress(value), WEB_ADDRESS);

/** An image: one uploaded to this site (/api/images/...), an http(s) address, or empty for the default. */
export const imageSetting = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH, `At most ${MAX_URL_LENGTH} characters`)
  .refine((value) => value === '' || isSiteImagePath(value) || isWebAddress(value), IMAGE_ADDRESS);

/** The contact address: an e-mail address ("mailto:" in front is accepted and dropped), or empty. */
export const contactEmailSetting = z
  .string()
  .trim()
  .transform((value) => value.replace(/^mailto:(?=.)/i, ''))
  .pipe(z.union([z.literal(''), emailAddress]));

/** As the Charity Commission, OSCR or the NI Commission write it: 1234567, SC012345, NIC100002. */
export const charityNumberSetting = z
  .string()
  .trim()
  .max(20, 'At most 20 characters')
  .refine((value) => value === '' || /^[A-Za-z]{0,3}\s?\d[\d -]{3,15}$/.test(value), 'Use the registered number, e.g. 1234567 or SC012345');

/** A page of the site (an article marked as a page), or empty for none; the server checks it is one. */
export const pageSetting = z.union([z.literal(''), articleId]);

export const settingSchemas = {
  site_name: text("the association's name", 200, true),
  site_short_name: text('a short name', 40, true),
  logo_url: imageSetting,
  share_image_url: imageSetting,
  contact_email: contactEmailSetting,
  social_media_url: webAddressSetting,
  social_button_label: text('the button text', 100, true),
  charity_number: charityNumberSetting,
  /** The association's postal address, in the footer of every newsletter (the law asks for a way to reach the sender). */
  postal_address: text('the postal address', 300, false),
  about_article_id: pageSetting,
  privacy_article_id: pageSetting,
  byline: text('the byline', 200, false),
  byline_url: webAddressSetting,
} satisfies Record<SettingField, z.ZodType<string, string>>;

// ---- Requests and answers ----

export const pageChoice = z.object({ _id: z.string(), title: z.string() });
export type PageChoice = z.infer<typeof pageChoice>;

/**
 * POST: any of the settings; those left out stay as they are. Unknown fields are refused. What
 * GET answered may be sent back whole (read, change, write): its `pages` are accepted and ignored.
 */
export const settingsUpdate = z
  .object({
    ...settingSchemas,
    gift_aid_enabled: z.boolean(),
    pages: z.array(pageChoice).max(10_000).describe('Read only: the list GET answers, ignored when sent back'),
  })
  .partial()
  .strict();
export type SettingsUpdate = z.input<typeof settingsUpdate>;

export const settingsResponse = z.object({
  ...(Object.fromEntries(settingFields.map((field) => [field, z.string()])) as Record<SettingField, z.ZodString>),
  /** Stored choice; Gift Aid is offered only while a charity number is set too. */
  gift_aid_enabled: z.boolean(),
  /** Every article marked as a page, by title: the choices for the About and Privacy pages. */
  pages: z.array(pageChoice),
});
export type Settings = z.infer<typeof settingsResponse>;

export const GIFT_AID_NEEDS_NUMBER = 'Gift Aid can only be offered by a registered charity: set the charity number first';
export const NOT_A_PAGE = 'Choose one of the pages (an article marked "This is a page")';

/** The site's settings: GET answers them all, POST changes those it is given (admin only). */
export const settingsApi = defineEndpoints('settings', {
  get: {
    method: 'GET',
    path: '/api/admin/settings',
    summary: "The association's settings and the pages to choose the About and Privacy pages from",
    response: settingsResponse,
  },
  save: {
    method: 'POST',
    path: '/api/admin/settings',
    summary: 'Changes the settings it is given (each checked by its kind, each change audited) and answers them all',
    body: { kind: 'json', schema: settingsUpdate },
    response: settingsResponse,
  },
});
