import { siteTextDefaults, type SiteTextKey } from '../../../shared/domain/site-text';
import type { Language } from '../../../shared/domain/language';
import { LANGUAGES } from '../../../shared/domain/language';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { emailKey } from '../../../shared/domain/email';
import { londonDate } from '../../../shared/domain/london-time';
import { expiryDate, freeRenewalOpen, renewalEffectiveDate } from '../../../shared/domain/membership';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict } from '../../http/errors';
import { ConcurrentChange } from '../../db/concurrent-change';
import type { FulfilmentHandler } from '../../payments/fulfilment';
import { recordConsent } from '../../privacy/consents';
import { renewalMail, welcomeMail } from './membership.emails';
import { membershipRepo } from './membership.repo';

/** The registration fields kept with a pending registration (everything but e-mail and password). */
export const pendingFields = z.object({
  first_name: z.string(),
  last_name: z.string(),
  qualifications: z.string().nullable(),
  workplace: z.string().nullable(),
  job_title: z.string().nullable(),
  grad_year: z.number().nullable(),
  addr_line1: z.string(),
  addr_line2: z.string().nullable(),
  addr_city: z.string(),
  addr_post: z.string(),
  phone_no: z.string(),
  /** The consent box as ticked or not, the wording's version and when (absent in rows older than the box). */
  news_email: z.boolean().optional(),
  consent_version: z.string().optional(),
  consent_at: z.string().optional(),
  /** The language chosen at joining (absent in rows older than the choice: English). */
  language: z.enum(LANGUAGES).optional(),
});

export const FREE_RENEWAL_TOO_EARLY =
  'A free membership can be renewed only in its last 30 days or once it has ended. Please come back nearer the time.';

/** Completing a registration creates the member, whose year starts the day the payment succeeds, and welcomes them. */
export function registrationFulfilment(
  clock: () => Date,
  log: { warn(obj: object, msg: string): void },
  /** The site's texts in a language, for the welcome in the member's own (decision 150). */
  textsIn: (language: Language) => Promise<(key: SiteTextKey) => string> = async () => (key) => siteTextDefaults[key],
): FulfilmentHandler {
  return async (trx: Kysely<Database>, payment, mailContext) => {
    const repo = membershipRepo(trx);
    const pending = payment.reference_id ? await repo.findPending(payment.reference_id) : undefined;
    if (!pending || payment.tier_index === null) throw new Error(`Registration payment ${payment.id} has no pending registration`);
    if (await repo.emailTaken(emailKey(pending.email))) {
      // Paid twice for one address (two tabs): the account exists already; keep the record, send no second welcome.
      log.warn({ paymentId: payment.id }, 'registration paid for an address that already has an account');
      return { mail: [] };
    }
    const { news_email, consent_version, consent_at, ...fields } = pendingFields.parse(JSON.parse(pending.fields));
    const userId = randomUUID();
    const start = londonDate(clock());
    try {
      await repo.insertUser({
        ...fields,
        id: userId,
        email: pending.email,
        email_key: emailKey(pending.email),
        password_hash: pending.password_hash,
        role: 'member',
        tier_index: payment.tier_index,
        registered_date: start,
        last_renewed_date: start,
        created_at: clock().toISOString(),
      });
    } catch (error) {
      // The other tab's payment created the account at the same moment: run again and see it.
      if (isUniqueViolation(error)) throw new ConcurrentChange();
      throw error;
    }
    await trx.updateTable('payments').set({ user_id: userId }).where('id', '=', payment.id).execute();
    // The choice made on the form, as it was made (ticked or not, which words, when), now the account exists.
    if (news_email !== undefined && consent_version && consent_at)
      await recordConsent(trx, {
        userId,
        email: pending.email,
        newsEmail: news_email,
        source: 'register',
        version: consent_version,
        at: consent_at,
      });
    await repo.deletePending(pending.id);
    const period = { start, end: expiryDate(start) };
    const purchase = {
      tierIndex: payment.tier_index,
      amountPence: payment.amount_pence,
      period,
      paymentId: payment.id,
      paidAt: clock().toISOString(),
    };
    const language = fields.language ?? 'en';
    const words = { language, text: await textsIn(language) };
    return { mail: [welcomeMail({ email: pending.email, first_name: fields.first_name }, purchase, mailContext, words)], period };
  };
}

/**
 * Completing a renewal adds one year to the membership as it stands at this moment: from the
 * current expiry while that is ahead, else from today. So two renewals paid in any order, or at
 * once, add two years (decision record 011). Only a free tier is held to the last 30 days.
 */
export function renewalFulfilment(clock: () => Date): FulfilmentHandler {
  return async (trx, payment, mailContext) => {
    const repo = membershipRepo(trx);
    const member = payment.user_id ? await repo.member(payment.user_id) : undefined;
    if (!member || payment.tier_index === null) throw new Error(`Renewal payment ${payment.id} has no member`);
    const today = londonDate(clock());
    if (payment.provider === 'none' && !freeRenewalOpen(member.last_renewed_date, today)) throw conflict(FREE_RENEWAL_TOO_EARLY);
    const start = renewalEffectiveDate(member.last_renewed_date, today);
    // Another renewal of this member committed since the read (PostgreSQL): run again from its result.
    if (!(await repo.renew(member.id, payment.tier_index, member.last_renewed_date, start))) throw new ConcurrentChange();
    const period = { start, end: expiryDate(start) };
    const purchase = {
      tierIndex: payment.tier_index,
      amountPence: payment.amount_pence,
      period,
      paymentId: payment.id,
      paidAt: clock().toISOString(),
    };
    return { mail: [renewalMail(member, purchase, mailContext)], period };
  };
}
