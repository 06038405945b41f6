import { z } from 'zod';
import { DONATION_MAX_PENCE, DONATION_MIN_PENCE, giftAidDeclaration, poundsToPence, type DonateProceedRequest } from './donations';
import { emailAddress } from './membership';

/** What step 1 holds while the donor types: the amount is text until it is sent. */
export interface DonateFormValues {
  /** One-off, or each month with the card kept by the provider (decision 170). */
  frequency: 'once' | 'monthly';
  amount: string;
  anonymous: boolean;
  name: string;
  email: string;
  gift_aid: boolean;
  ga_title: string;
  ga_first_name: string;
  ga_last_name: string;
  ga_house: string;
  ga_postcode: string;
  ga_non_uk: boolean;
  /** 'all': this donation, future ones and those of the past four years. */
  ga_scope: 'this' | 'all';
  ga_confirmed: boolean;
  /** The unticked consent to news by e-mail. */
  news_email: boolean;
}

export const emptyDonateForm: DonateFormValues = {
  frequency: 'once',
  news_email: false,
  amount: '',
  anonymous: false,
  name: '',
  email: '',
  gift_aid: false,
  ga_title: '',
  ga_first_name: '',
  ga_last_name: '',
  ga_house: '',
  ga_postcode: '',
  ga_non_uk: false,
  ga_scope: 'this',
  ga_confirmed: false,
};

/** The ticked boxes of an HTML form: a box that is not ticked is not sent at all. */
const ticked = (value: string | undefined) => value !== undefined && value !== 'false' && value !== '';

/**
 * The form's values from its fields as an HTML form posts them (decision 085): what the server
 * checks when the form came before the page's script, and what the page shows again.
 */
export function donateValuesFromFields(fields: Record<string, string | undefined>): DonateFormValues {
  const text = (name: keyof DonateFormValues) => fields[name] ?? '';
  return {
    frequency: fields.frequency === 'monthly' ? 'monthly' : 'once',
    amount: text('amount'),
    anonymous: ticked(fields.anonymous),
    name: text('name'),
    email: text('email'),
    gift_aid: ticked(fields.gift_aid),
    ga_title: text('ga_title'),
    ga_first_name: text('ga_first_name'),
    ga_last_name: text('ga_last_name'),
    ga_house: text('ga_house'),
    ga_postcode: text('ga_postcode'),
    ga_non_uk: ticked(fields.ga_non_uk),
    ga_scope: fields.ga_scope === 'all' ? 'all' : 'this',
    ga_confirmed: ticked(fields.ga_confirmed),
    news_email: ticked(fields.news_email),
  };
}

/** The values as fields again (ticked boxes as "on"), for the page to show. */
export function donateFieldsFromValues(values: DonateFormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') fields[name] = value;
    else if (value) fields[name] = 'on';
  }
  return fields;
}

/** The amount typed, in pence (docs/product.md: 100 times the rounded pounds), or null when it is not a number. */
export function amountPence(amount: string): number | null {
  const text = amount.trim().replace(/^£/, '').replace(/,/g, '');
  if (text === '' || !/^\d*\.?\d*$/.test(text)) return null;
  const pounds = Number(text);
  return Number.isFinite(pounds) ? poundsToPence(pounds) : null;
}

/** What Gift Aid adds: 25% of the donation. */
export function giftAidBoost(pence: number): number {
  return Math.round(pence / 4);
}

export interface DonateFormMessages {
  amount: string;
  amountTooLarge: string;
  name: string;
  email: string;
  confirm: string;
}

/**
 * docs/product.md section 5: amount at least £1 after rounding AND (Anonymous OR a name) AND an e-mail. The
 * Gift Aid part is checked with the contract's own schema when the donor asked for it.
 */
export function donateFormSchema(messages: DonateFormMessages) {
  return z.custom<DonateFormValues>().superRefine((v, ctx) => {
    const pence = amountPence(v.amount);
    if (pence === null || pence < DONATION_MIN_PENCE) ctx.addIssue({ code: 'custom', path: ['amount'], message: messages.amount });
    else if (pence > DONATION_MAX_PENCE) ctx.addIssue({ code: 'custom', path: ['amount'], message: messages.amountTooLarge });
    if (!v.anonymous && v.name.trim() === '') ctx.addIssue({ code: 'custom', path: ['name'], message: messages.name });
    if (!emailAddress.safeParse(v.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: messages.email });
    if (v.gift_aid && !v.anonymous) {
      const declaration = giftAidDeclaration.safeParse(giftAidOf(v));
      if (!declaration.success) {
        const issues = [...declaration.error.issues];
        // zod skips the declaration's postcode refinement while other fields fail: check it here too.
        if (!v.ga_non_uk && !v.ga_postcode.trim() && !issues.some((i) => i.path[0] === 'postcode')) {
          const postcode = giftAidDeclaration.safeParse({ ...giftAidOf(v), first_name: 'x', last_name: 'x', house: 'x', confirmed: true });
          if (!postcode.success) issues.push(...postcode.error.issues);
        }
        for (const issue of issues) {
          const field = String(issue.path[0] ?? 'confirmed');
          ctx.addIssue({
            code: 'custom',
            path: [`ga_${field}`],
            message: field === 'confirmed' ? messages.confirm : issue.message,
          });
        }
      }
    }
  });
}

function giftAidOf(v: DonateFormValues) {
  return {
    title: v.ga_title.trim() || null,
    first_name: v.ga_first_name.trim(),
    last_name: v.ga_last_name.trim(),
    house: v.ga_house.trim(),
    postcode: v.ga_non_uk ? null : v.ga_postcode.trim() || null,
    non_uk: v.ga_non_uk,
    // A monthly gift's declaration covers each of its payments: the enduring wording (decision 170).
    past_and_future: v.ga_scope === 'all' || v.frequency === 'monthly',
    confirmed: v.ga_confirmed as true,
  };
}

/** The donate_proceed request for a valid form; Gift Aid only when offered and not anonymous. */
export function toProceedRequest(v: DonateFormValues, giftAidOffered: boolean): DonateProceedRequest {
  const withGiftAid = giftAidOffered && v.gift_aid && !v.anonymous;
  return {
    amount: amountPence(v.amount) ?? 0,
    name: v.anonymous ? null : v.name.trim(),
    email: v.email.trim(),
    ...(v.news_email ? { news_email: true } : {}),
    ...(withGiftAid ? { gift_aid: giftAidOf(v) } : {}),
  };
}
