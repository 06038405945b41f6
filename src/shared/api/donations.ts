import { LANGUAGES } from '../domain/language';
import { z } from 'zod';
import { byIdRequest, calendarDate, newsConsent, numberOrDigits, succeededResponse } from './common';
import { defineEndpoints, file } from './contract';
import {
  collapseSpaces,
  GIFT_AID_MESSAGES,
  houseProblem,
  nameProblem,
  normalisePostcode,
  postcodeProblem,
  titleProblem,
} from '../domain/gift-aid-schedule';
import { emailAddress } from './membership';

export const DONATION_MIN_PENCE = 100;
export const DONATION_MAX_PENCE = 1_000_000;

/** docs/product.md: the amount sent is 100 times the whole pounds entered, rounded. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds) * 100;
}

/** HMRC's model declaration for a Gift Aid donation; the version is stored with each declaration. */
export const GIFT_AID_WORDING_VERSION = 'hmrc-model-2024-1';
export const GIFT_AID_DECLARATION =
  'I want to Gift Aid my donation and any donations I make in the future or have made in the past 4 years to the charity. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.';
export const GIFT_AID_DECLARATION_THIS_ONLY =
  'I want to Gift Aid this donation to the charity. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.';

/** A name or a house as HMRC's schedule takes it (decision 102): Latin letters, within its limits. */
const hmrcText = (missing: string, problem: (text: string) => string | undefined) =>
  z
    .string()
    .transform(collapseSpaces)
    .pipe(
      z
        .string()
        .min(1, missing)
        .superRefine((text, ctx) => {
          const detail = problem(text);
          if (detail) ctx.addIssue({ code: 'custom', message: detail });
        }),
    );

/** The donor's details as HMRC's schedule needs them; the same rules flag older declarations (gift-aid-schedule.ts). */
const giftAidDetailsShape = {
  title: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || !titleProblem(v), GIFT_AID_MESSAGES.title),
  first_name: hmrcText('Enter your first name', nameProblem),
  last_name: hmrcText('Enter your last name', nameProblem),
  house: hmrcText('Enter your house name or number', houseProblem),
  /** Empty when the donor does not live in the UK. */
  postcode: z
    .string()
    .max(20, GIFT_AID_MESSAGES.postcode)
    .nullish()
    .transform((v) => (v?.trim() ? normalisePostcode(v) : null)),
  non_uk: z.boolean().default(false),
};

function ukPostcode(d: { postcode: string | null; non_uk: boolean }, ctx: z.RefinementCtx) {
  if (d.non_uk) return;
  if (!d.postcode) ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'Enter your postcode, or tick "I do not live in the UK"' });
  else if (postcodeProblem(d.postcode)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: GIFT_AID_MESSAGES.postcode });
}

/** The admin's correction of a declaration's details (the declaration itself stands as made). */
export const giftAidDetails = z.object(giftAidDetailsShape).superRefine(ukPostcode);
export type GiftAidDetails = z.input<typeof giftAidDetails>;

export const giftAidDeclaration = z
  .object({
    ...giftAidDetailsShape,
    /** Also past (4 years) and future donations, not only this one. */
    past_and_future: z.boolean().default(false),
    /** The donor ticked the declaration. */
    confirmed: z.literal(true, { error: 'Tick the declaration to add Gift Aid' }),
  })
  .superRefine(ukPostcode);
export type GiftAidDeclaration = z.input<typeof giftAidDeclaration>;

/** docs/product.md: amount in pence, name null when anonymous, e-mail for the receipt. */
export const donateProceedRequest = z
  .object({
    amount: numberOrDigits('Enter an amount').pipe(
      z
        .number()
        .int('The amount is a whole number of pence')
        .min(DONATION_MIN_PENCE, 'The smallest donation is £1')
        .max(DONATION_MAX_PENCE, 'The largest donation online is £10,000'),
    ),
    name: z.string().trim().max(100).nullable(),
    email: emailAddress,
    gift_aid: giftAidDeclaration.nullish(),
    /** The language of the page the donation is made on (decision 150): the receipt is written in it. */
    language: z.enum(LANGUAGES).optional(),
    /** Consent to news by e-mail, unticked unless the donor ticks it. */
    news_email: newsConsent,
  })
  .superRefine((d, ctx) => {
    if (d.name === null && d.gift_aid)
      ctx.addIssue({ code: 'custom', path: ['gift_aid'], message: 'An anonymous donation cannot carry Gift Aid' });
    if (d.name !== null && d.name === '') ctx.addIssue({ code: 'custom', path: ['name'], message: 'Enter your name, or tick Anonymous' });
  });
export type DonateProceedRequest = z.input<typeof donateProceedRequest>;

export const donateProceedResponse = z.object({ clientSecret: z.string(), amount: z.number().int(), payment_id: z.string() });

/** What the donate page needs to know: whether to offer Gift Aid, and the charity's number. */
export const donationsConfig = z.object({
  gift_aid_available: z.boolean(),
  charity_number: z.string(),
  wording_version: z.string(),
});

export const giftAidDeclarationRecord = z.object({
  _id: z.string(),
  donation_id: z.string(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  house: z.string(),
  postcode: z.string().nullable(),
  non_uk: z.boolean(),
  past_and_future: z.boolean(),
  wording_version: z.string(),
  declared_at: z.string(),
  cancelled_at: z.string().nullable(),
  amount: z.number().int(),
  donation_status: z.string(),
  /** What HMRC's schedule would refuse: such a declaration is left out of the schedule until the admin corrects it. */
  problems: z.array(z.object({ field: z.enum(['title', 'first_name', 'last_name', 'house', 'postcode']), detail: z.string() })),
});
export const giftAidDeclarationList = z.array(giftAidDeclarationRecord);

/** A date range for the HMRC schedule export, inclusive, YYYY-MM-DD. */
export const giftAidExportQuery = z.object({
  from: calendarDate('Use a date like 2026-04-06'),
  to: calendarDate('Use a date like 2027-04-05'),
});

export const donationsApi = defineEndpoints('donations', {
  config: {
    method: 'GET',
    path: '/api/donations/config',
    summary: "Whether Gift Aid is offered, and the charity's registered number",
    response: donationsConfig,
  },
  proceed: {
    method: 'POST',
    path: '/api/donate_proceed',
    summary: 'Starts a donation by card (amount in pence), with an optional Gift Aid declaration',
    body: { kind: 'json', schema: donateProceedRequest },
    response: donateProceedResponse,
    errors: {
      429: 'Too many donations from this e-mail, too many card payments or declined cards from this client, or card payments are paused',
      502: 'The card payment provider failed: "Card payments are unavailable just now. Please try again later."',
    },
  },
  declarations: {
    method: 'GET',
    path: '/api/admin/gift_aid/declarations',
    summary: 'Every Gift Aid declaration with its donation',
    response: giftAidDeclarationList,
  },
  cancelDeclaration: {
    method: 'POST',
    path: '/api/admin/gift_aid/cancel',
    summary: 'Cancels a Gift Aid declaration',
    body: { kind: 'json', schema: byIdRequest },
    response: succeededResponse,
    errors: { 404: 'No such declaration, or already cancelled' },
  },
  correctDeclaration: {
    method: 'POST',
    path: '/api/admin/gift_aid/declarations/:id',
    summary: "Corrects a declaration's name, house or postcode to what HMRC's schedule accepts (audited)",
    description: 'The declaration itself (its wording, date and scope) stands as the donor made it.',
    params: z.object({ id: z.string().max(100) }),
    body: { kind: 'json', schema: giftAidDetails },
    response: giftAidDeclarationRecord,
    errors: { 404: 'No such declaration', 409: 'The declaration has been cancelled' },
  },
  exportCsv: {
    method: 'GET',
    path: '/api/admin/gift_aid/export.csv',
    summary: "HMRC's Gift Aid schedule for donations between two dates, as CSV",
    description:
      "The columns of HMRC's Charities Online schedule, one row a donation, each within HMRC's rules. A declaration HMRC would refuse is left out until corrected (its `problems` in the declarations list).",
    query: giftAidExportQuery,
    response: file('text/csv'),
  },
});
