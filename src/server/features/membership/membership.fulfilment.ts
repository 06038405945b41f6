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
import { paymentsRepo } from '../../payments/payments.repo';
import { recordConsent } from '../../privacy/consents';
import { refundedTwiceMail } from './auto-renewal.emails';
import { autoRenewalRepo } from './auto-renewal.repo';
import { renewalMail, welcomeMail } from './membership.emails';
import { membershipRepo } from './membership.repo';
import type { PaymentRow } from '../../payments/payments.repo';

/** What membership's fulfilments ask of automatic renewal once they have committed (services.ts wires them). */
export type AfterMembershipPayment = {
  /** A renewal that placed no year (the same year paid twice at once) is refunded. */
  refundNow(paymentId: string): Promise<void>;
  /** A card the payer chose to keep is read from the provider. */
  fillMethods(): Promise<void>;
};

/**
 * The payer ticked "Renew automatically each year": automatic renewal is on with the card this
 * payment was made with, kept by the provider for this customer (decision 140). The card's id is
 * read once the fulfilment has committed (a call to the provider never runs in its transaction).
 */
async function keepCardFor(trx: Kysely<Database>, userId: string, payment: PaymentRow, at: string): Promise<boolean> {
  if (!payment.save_for_customer || !payment.provider_ref || (payment.provider !== 'test' && payment.provider !== 'stripe')) return false;
  const renewals = autoRenewalRepo(trx);
  const existing = await renewals.find(userId);
  const on = {
    status: 'on' as const,
    provider: payment.provider,
    customer_id: payment.save_for_customer,
    payment_method_id: null,
    method_brand: null,
    method_last4: null,
    method_exp_month: null,
    method_exp_year: null,
    source_intent: payment.provider_ref,
    turned_off_by: null,
    updated_at: at,
  };
  if (!existing) await renewals.insert({ user_id: userId, ...on });
  else if (!(await renewals.update(existing, on))) throw new ConcurrentChange();
  return true;
}

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
  after: () => AfterMembershipPayment,
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
    const kept = await keepCardFor(trx, userId, payment, clock().toISOString());
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
    return {
      mail: [welcomeMail({ email: pending.email, first_name: fields.first_name }, purchase, mailContext, words)],
      period,
      ...(kept ? { afterCommit: () => after().fillMethods() } : {}),
    };
  };
}

/**
 * Completing a renewal adds one year to the membership as it stands at this moment: from the
 * current expiry while that is ahead, else from today. So two renewals paid in any order, or at
 * once, add two years (decision record 011). Only a free tier is held to the last 30 days.
 */
export function renewalFulfilment(clock: () => Date, after: () => AfterMembershipPayment): FulfilmentHandler {
  return async (trx, payment, mailContext) => {
    const repo = membershipRepo(trx);
    const member = payment.user_id ? await repo.member(payment.user_id) : undefined;
    if (!member || payment.tier_index === null) throw new Error(`Renewal payment ${payment.id} has no member`);
    const today = londonDate(clock());
    if (payment.provider === 'none' && !freeRenewalOpen(member.last_renewed_date, today)) throw conflict(FREE_RENEWAL_TOO_EARLY);
    const now = clock().toISOString();
    // An automatic renewal's charge pays for one period: the expiry it was made for (decision 141).
    const renewals = autoRenewalRepo(trx);
    const charge = payment.reference_id ? await renewals.chargeById(payment.reference_id) : undefined;
    const expiry = member.last_renewed_date ? expiryDate(member.last_renewed_date) : null;
    const paidTwice = charge
      ? // Renewed by hand while this charge was under way: that year is paid already.
        charge.status === 'succeeded' || expiry !== charge.period
      : // By hand, for the year an automatic charge has just paid for.
        payment.date_effective !== null &&
        (await renewals.charge(member.id, payment.date_effective))?.status === 'succeeded' &&
        expiry !== payment.date_effective;
    if (paidTwice) {
      // No second year for one year paid twice: the later payment is refunded in full (the admin
      // has nothing to decide about it, decision 014) and the member told why.
      if (charge && charge.status !== 'succeeded' && !(await renewals.updateCharge(charge, { status: 'superseded', updated_at: now })))
        throw new ConcurrentChange();
      await paymentsRepo(trx).setReview(payment.id, 'kept');
      return { mail: [refundedTwiceMail(member, payment.amount_pence, mailContext)], afterCommit: () => after().refundNow(payment.id) };
    }
    // A Direct Debit submitted on the expiry date settles days later: its year still runs on from
    // that expiry, as the card's would have (decision 175).
    const start = charge && payment.processing_since ? charge.period : renewalEffectiveDate(member.last_renewed_date, today);
    // Another renewal of this member committed since the read (PostgreSQL): run again from its result.
    if (!(await repo.renew(member.id, payment.tier_index, member.last_renewed_date, start))) throw new ConcurrentChange();
    if (charge && !(await renewals.updateCharge(charge, { status: 'succeeded', next_attempt_at: null, updated_at: now })))
      throw new ConcurrentChange();
    const kept = await keepCardFor(trx, member.id, payment, now);
    const period = { start, end: expiryDate(start) };
    const purchase = {
      tierIndex: payment.tier_index,
      amountPence: payment.amount_pence,
      period,
      paymentId: payment.id,
      paidAt: clock().toISOString(),
    };
    return { mail: [renewalMail(member, purchase, mailContext)], period, ...(kept ? { afterCommit: () => after().fillMethods() } : {}) };
  };
}
