import { z } from 'zod';
import { isSiteImagePath, isWebAddress, MAX_URL_LENGTH } from '../domain/richtext/safe-url';

/** Every API error answers with this body and a 4xx/5xx status. */
export const errorResponse = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const succeededResponse = z.object({ succeeded: z.boolean() });
export type SucceededResponse = z.infer<typeof succeededResponse>;

/** Update and delete calls name their record by `_id` (docs/product.md: a record without `_id` is new). */
export const recordId = z.string().trim().min(1, 'Missing record id').max(100);
export const byIdRequest = z.object({ _id: recordId });
export type ByIdRequest = z.infer<typeof byIdRequest>;

export const insertedResponse = z.object({ inserted_id: z.string() });
export type InsertedResponse = z.infer<typeof insertedResponse>;

/**
 * A number as JSON sends it, or as digits in a string, as an HTML form (and docs/product.md's clients)
 * send every field. Pipe it into the number's own rules.
 */
export const numberOrDigits = (message: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,12}(\.\d+)?$/)
        .transform(Number),
    ],
    { error: message },
  );

/** A calendar date YYYY-MM-DD that exists (not 2026-02-30, which Date would roll into March). */
export const calendarDate = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((text) => {
      const time = Date.parse(`${text}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
    }, 'That date does not exist');

/** The unticked "news and event invitations by e-mail" box: true, or as an HTML form posts a ticked box. */
export const newsConsent = z
  .union([z.boolean(), z.enum(['true', 'on', 'false']).transform((v) => v !== 'false')], { error: 'Tick the box or leave it empty' })
  .optional()
  .transform((v) => v ?? false);

/** A picture: one uploaded to this site (/api/images/...), an http(s) address, or empty for none. */
export const imageAddress = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH, `At most ${MAX_URL_LENGTH} characters`)
  .refine(
    (value) => value === '' || isSiteImagePath(value) || isWebAddress(value),
    'Upload an image, or use a web address starting with https:// (or http://)',
  );

/** What a picture shows, for those who cannot see it; empty for none. */
export const imageAlt = z.string().trim().max(300, 'At most 300 characters');

/**
 * The language a content endpoint answers in (decision 180): `hy` gives the Armenian version where
 * there is one, else the English, and says which it gave in the record's `language`.
 */
export const contentLanguage = z.enum(['en', 'hy'], { error: 'Use en or hy' });
export const languageQuery = z.object({ lang: contentLanguage.default('en') });

/**
 * The language a receipt or certificate is written in (decision 196): left out, its owner's
 * (the member's chosen language; English for an attendee with no account).
 */
export const documentLanguageQuery = z.object({ lang: contentLanguage.optional() });
