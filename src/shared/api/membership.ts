import { LANGUAGES } from '../domain/language';
import { z } from 'zod';
import { tiers } from '../domain/tiers';
import { newsConsent, numberOrDigits, succeededResponse } from './common';
import { defineEndpoints } from './contract';

const required = (label: string, max: number) => z.string().trim().min(1, `Enter your ${label}`).max(max, `At most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** A tier's index, as a number. */
export const tierIndexNumber = z
  .number({ error: 'Choose a membership tier' })
  .int('Choose a membership tier')
  .refine((i) => tiers.some((t) => t.index === i), 'Choose a membership tier');
/** A tier's index in docs/product.md's calls, which may send it as digits in a string (an HTML form does). */
export const tierIndex = numberOrDigits('Choose a membership tier').pipe(tierIndexNumber);

export const PASSWORD_MIN_LENGTH = 8;
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1024, 'At most 1,024 characters');

export const emailAddress = z.string().trim().max(254, 'At most 254 characters').pipe(z.email('Enter a valid e-mail address'));

const graduationYear = z.number().int('Enter a year like 2028').min(1950, 'Enter a year like 2028').max(2100, 'Enter a year like 2028');
/** Empty (an HTML form's blank field) and null both mean "not given". */
const optionalYear = (year: z.ZodType<number, unknown>) =>
  z
    .union([z.literal(''), z.null(), year], { error: 'Enter a year like 2028' })
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null));

/** docs/product.md section 3 "Registration form (step one)"; required and optional as docs/product.md section 5. The site's own form. */
export const registrationForm = z.object({
  tier_index: tierIndexNumber,
  first_name: required('first name', 100),
  last_name: required('last name', 100),
  email: emailAddress,
  plain_pw: newPassword,
  qualifications: optional(300),
  workplace: optional(200),
  job_title: optional(200),
  grad_year: optionalYear(graduationYear),
  addr_line1: required('address', 200),
  addr_line2: optional(200),
  addr_city: required('town or city', 100),
  addr_post: required('postcode', 20),
  phone_no: required('phone number', 40).regex(/^[+0-9 ()-]{6,}$/, 'Enter a phone number using digits, spaces and + ( ) -'),
  /** Consent to news by e-mail, unticked unless the person ticks it. */
  news_email: newsConsent,
  /** "Renew automatically each year": the card is kept by the provider for next year's charge (decision 140). */
  auto_renew: newsConsent,
  /** The language of the member's mail (decision 150): the joining page's, unless chosen. */
  language: z.enum(LANGUAGES).optional(),
});
export type RegistrationForm = z.input<typeof registrationForm>;

/** register_proceed's body: the form's fields, with the numbers also as digits in strings (an HTML form posts those). */
export const registrationRequest = registrationForm.extend({
  tier_index: tierIndex,
  grad_year: optionalYear(numberOrDigits('Enter a year like 2028').pipe(graduationYear)),
});

/** docs/product.md: "Registration or renewal proceed response". `payment_id` names the pending purchase. */
export const proceedResponse = z.object({
  tier: z.object({ name: z.string(), pence: z.number().int() }),
  date_effective: z.string(),
  client_secret: z.string().optional(),
  payment_id: z.string(),
  /**
   * Joining only: the secret that signs the new member in once the payment has made the account
   * (POST /api/register_sign_in), so they need not type their password again (decision 086).
   */
  sign_in_secret: z.string().optional(),
  /** The payer chose automatic renewal: this card is kept for next year's charge (decision 140). */
  auto_renew: z.boolean().optional(),
});
export type ProceedResponse = z.infer<typeof proceedResponse>;

/** The `*_confirm_simple` calls send the proceed result back; only `payment_id` is read. */
export const confirmSimpleRequest = z.object({ payment_id: z.string().trim().min(1).max(100) }).loose();

export const renewProceedRequest = z.object({
  tier_index: tierIndex,
  /** "Renew automatically each year": the card paying this renewal is kept for the next ones (decision 140). */
  auto_renew: newsConsent,
});

export const memberInfo = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  registered_date: z.string().nullable(),
  last_renewed_date: z.string().nullable(),
  tier_index: z.number().int().nullable(),
  role: z.enum(['member', 'editor', 'admin']),
  /** The membership year the latest registration or renewal bought (London dates), as placed when it was paid. */
  latest_period: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The language of the member's mail and documents (decision 150). */
  language: z.enum(LANGUAGES),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const membershipApi = defineEndpoints('membership', {
  registerProceed: {
    method: 'POST',
    path: '/api/register_proceed',
    summary: 'Step one of joining: prices the tier on the server and starts the card payment (no client_secret when it is free)',
    description:
      'Takes JSON or, as an HTML form posts it, a form-encoded body; tier_index and grad_year may be digits in a string. ' +
      'The 409 is given at most 3 times a day to one client (decision record 019).',
    body: { kind: 'json-or-form', schema: registrationRequest },
    response: proceedResponse,
    errors: {
      409: 'An account with this e-mail address exists',
      429: 'Too many attempts, or too many card payments or declined cards, from this client; or card payments are paused',
      502: 'The card payment provider failed: "Card payments are unavailable just now. Please try again later."',
      503: 'Too many passwords are being hashed just now',
    },
  },
  registerConfirmSimple: {
    method: 'POST',
    path: '/api/register_confirm_simple',
    summary: 'Completes a free registration (only when the server-side price is 0); send the proceed result back',
    body: { kind: 'json', schema: confirmSimpleRequest },
    response: succeededResponse,
  },
  memberInfo: {
    method: 'GET',
    path: '/api/member_info',
    summary: "The signed-in member's details, tier and dates",
    response: memberInfo,
  },
  renewProceed: {
    method: 'POST',
    path: '/api/renew_proceed',
    summary: 'Prices a renewal on the server and starts the card payment; date_effective is the expected start',
    description: 'The year is placed when the payment succeeds, from the expiry at that moment (decision record 011).',
    body: { kind: 'json', schema: renewProceedRequest },
    response: proceedResponse,
    errors: {
      409: 'A free tier renews only in the last 30 days of the membership or after it has ended',
      429: 'Too many card payments or declined cards from this client',
      502: 'The card payment provider failed',
    },
  },
  renewConfirmSimple: {
    method: 'POST',
    path: '/api/renew_confirm_simple',
    summary: 'Completes a free renewal (only when the server-side price is 0); send the proceed result back',
    body: { kind: 'json', schema: confirmSimpleRequest },
    response: succeededResponse,
    errors: { 409: 'A free tier renews only in the last 30 days of the membership or after it has ended' },
  },
});
