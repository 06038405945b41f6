import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminAutoRenewals, AutoRenewPayment, AutoRenewState } from '../../../shared/api/auto-renewal';
import { londonDate } from '../../../shared/domain/london-time';
import { addDays, addYears, daysBetween, expiryDate, MEMBERSHIP_YEARS } from '../../../shared/domain/membership';
import { tierByIndex } from '../../../shared/domain/tiers';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import { auditRepo } from '../../audit/audit.repo';
import { ConcurrentChange, retryOnConcurrentChange } from '../../db/concurrent-change';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Mailer } from '../../integrations/mail/mailer';
import type { MailContext } from '../../integrations/mail/template';
import { PaymentProviderError, type OffSessionOutcome, type PaymentProvider } from '../../integrations/payments/provider';
import type { FulfilmentService } from '../../payments/fulfilment';
import { paymentsRepo, type PaymentRow } from '../../payments/payments.repo';
import { secretHash, type PaymentsService } from '../../payments/payments.service';
import {
  actionRequiredMail,
  cardExpiringMail,
  declinedMail,
  lapsedMail,
  mandateEndedMail,
  noticeMail,
  turnedOffByAdminMail,
} from './auto-renewal.emails';
import { autoRenewalRepo, type AutoChargeRow, type AutoRenewalRow } from './auto-renewal.repo';
import { membershipRepo } from './membership.repo';

/** docs/product.md "Automatic renewal": the notice goes 14 days ahead; a card expiring by the charge is told 30 days ahead. */
export const NOTICE_DAYS = 14;
export const CARD_WARNING_DAYS = 30;
/** A declined (or unconfirmed) charge is tried again this many days after the expiry date; after the last it lapses. */
export const RETRY_AFTER_DAYS = [3, 7] as const;
/** A server that claimed a charge and stopped mid-call gives it up after this: another tries again with the same key. */
export const CHARGE_LEASE_MS = 10 * 60 * 1000;

export const FREE_TIER =
  'A free membership is never charged, so it cannot renew automatically. It can be renewed by hand in its last 30 days.';
const NO_MEMBERSHIP =
  'Automatic renewal is for a current membership: please renew by hand first, and tick "Renew automatically each year".';
const ALREADY_ON = 'Automatic renewal is already on.';
const ALREADY_OFF = 'Automatic renewal is already off.';
const NOT_SAVED = 'The card was not saved. Please try the card step again.';
const NO_SETUP = 'No such saved card.';

/** The key the provider dedupes a charge by: one member, one period, one attempt (decision 141). */
export const chargeKey = (charge: Pick<AutoChargeRow, 'user_id' | 'period'>, attempt: number) =>
  `auto-renewal-${charge.user_id}-${charge.period}-${attempt}`;

/** A card is good to the end of its expiry month: false when it ends before `date`. */
export function cardLastsUntil(method: { method_exp_month: number | null; method_exp_year: number | null }, date: string): boolean {
  if (!method.method_exp_month || !method.method_exp_year) return true;
  const lastDay = new Date(Date.UTC(method.method_exp_year, method.method_exp_month, 0)).toISOString().slice(0, 10);
  return lastDay >= date;
}

export type AutoRenewalDeps = {
  db: Kysely<Database>;
  provider: PaymentProvider;
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  mailer: Mailer;
  mailContext: () => Promise<MailContext>;
  clock: () => Date;
  audit: AuditTrail;
  /** This server's name (host:port), written on the charges it claims. */
  serverName: string;
  /** Records a refund the site made, as the provider reports one (decision 014). */
  recordRefund: (refund: { id: string; intentId: string; amountRefunded: number }) => Promise<void>;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
};

/**
 * Automatic renewal (decisions 140 and 141): the member keeps a card with the provider; 14 days
 * before the expiry they are told the amount and date; on the expiry date the scheduled jobs charge
 * it once per member and period, and the same fulfilment as a renewal by hand places the year and
 * sends the receipt. Declines are tried again after 3 and 7 days, then the membership lapses as any
 * other and automatic renewal is turned off.
 */
export function autoRenewalService(deps: AutoRenewalDeps) {
  const { db, provider, payments, fulfilment, mailer, mailContext, clock, audit, serverName, recordRefund, log } = deps;
  const repo = autoRenewalRepo(db);
  const today = () => londonDate(clock());
  const now = () => clock().toISOString();

  const methodOf = (
    row: Pick<AutoRenewalRow, 'method_brand' | 'method_last4' | 'method_exp_month' | 'method_exp_year' | 'method_type'> | undefined,
  ) =>
    row?.method_brand
      ? {
          type: row.method_type ?? ('card' as const),
          brand: row.method_brand,
          last4: row.method_last4 ?? '',
          // A Direct Debit has no expiry (decision 175).
          exp_month: row.method_type === 'bacs_debit' ? null : (row.method_exp_month ?? 0),
          exp_year: row.method_type === 'bacs_debit' ? null : (row.method_exp_year ?? 0),
        }
      : null;

  /** The next charge: the noticed (or retried) one for the current period, else the tier's price on the expiry date. */
  function nextChargeOf(
    member: { last_renewed_date: string | null; tier_index: number | null },
    row: Pick<AutoRenewalRow, 'status'> | undefined,
    charge: AutoChargeRow | undefined,
  ): { date: string; pence: number } | null {
    if (row?.status !== 'on' || !member.last_renewed_date || member.tier_index === null) return null;
    const expiry = expiryDate(member.last_renewed_date);
    if (charge && ['noticed', 'charging', 'requires_action', 'declined', 'processing'].includes(charge.status)) {
      const date = charge.status === 'noticed' || !charge.next_attempt_at ? charge.period : charge.next_attempt_at;
      return { date, pence: charge.amount_pence };
    }
    if (charge) return null;
    if (expiry < today()) return null;
    const tier = tierByIndex(member.tier_index);
    return tier && tier.pence > 0 ? { date: expiry, pence: tier.pence } : null;
  }

  async function nextCharge(
    member: { id: string; last_renewed_date: string | null; tier_index: number | null },
    row: AutoRenewalRow | undefined,
  ): Promise<{ date: string; pence: number } | null> {
    const charge = member.last_renewed_date ? await repo.charge(member.id, expiryDate(member.last_renewed_date)) : undefined;
    return nextChargeOf(member, row, charge);
  }

  async function memberOrThrow(userId: string) {
    const member = await membershipRepo(db).member(userId);
    if (!member) throw notFound('Member not found');
    return member;
  }

  /** Turning on or saving a card: a paying tier and a membership that has not ended. */
  function checkChargeable(member: { tier_index: number | null; last_renewed_date: string | null }) {
    const tier = member.tier_index === null ? undefined : tierByIndex(member.tier_index);
    if (!tier || !member.last_renewed_date) throw conflict(NO_MEMBERSHIP);
    if (tier.pence === 0) throw conflict(FREE_TIER);
    if (expiryDate(member.last_renewed_date) < today()) throw conflict(NO_MEMBERSHIP);
  }

  /** The member's provider customer, made once (the key makes a retry the same customer). */
  async function customerFor(member: { id: string; email: string; first_name: string; last_name: string }): Promise<AutoRenewalRow> {
    const existing = await repo.find(member.id);
    if (existing && existing.provider === provider.name) return existing;
    const customerId = await provider.createCustomer({
      email: member.email,
      name: `${member.first_name} ${member.last_name}`,
      idempotencyKey: `customer-${member.id}-${provider.name}`,
    });
    if (existing) {
      // The site moved between the test provider and Stripe: a customer of the other one is of no use.
      await repo.update(existing, {
        provider: provider.name,
        customer_id: customerId,
        status: 'off',
        payment_method_id: null,
        updated_at: now(),
      });
    } else {
      await repo.insert({ user_id: member.id, status: 'off', provider: provider.name, customer_id: customerId, updated_at: now() });
    }
    return (await repo.find(member.id))!;
  }

  /** The card a setup intent saved, checked to be this member's (another's is "no such card"). */
  async function savedCard(row: AutoRenewalRow, setupIntentId: string) {
    const setup = await provider.retrieveSetupIntent(setupIntentId);
    if (setup?.customerId !== row.customer_id) throw notFound(NO_SETUP);
    if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw conflict(NOT_SAVED);
    const method = await provider.paymentMethod(setup.paymentMethodId);
    if (!method) throw conflict(NOT_SAVED);
    return method;
  }

  async function detachQuietly(methodId: string | null) {
    if (!methodId) return;
    try {
      await provider.detachPaymentMethod(methodId);
    } catch (error) {
      // The card stays with the provider but is never charged: nothing refers to it any more.
      log.warn({ err: error }, 'detaching a saved card failed');
    }
  }

  /** Closes what was still to be charged (inside the caller's transaction). */
  async function closeOpenCharges(trx: Kysely<Database>, userId: string) {
    const charges = autoRenewalRepo(trx);
    for (const charge of await charges.openCharges(userId)) {
      // One being charged this moment finishes; its outcome is recorded as it comes (decision 141).
      if (charge.status === 'charging' || charge.status === 'processing') continue;
      await charges.updateCharge(charge, { status: 'superseded', updated_at: now() });
    }
  }

  async function turnOff(userId: string, by: 'member' | 'admin', actor: Actor) {
    const row = await repo.find(userId);
    if (!row) throw by === 'admin' ? notFound('No automatic renewal for this member') : conflict(ALREADY_OFF);
    if (row.status !== 'on') throw conflict(ALREADY_OFF);
    const member = await memberOrThrow(userId);
    const context = await mailContext();
    await audit.change(
      actor,
      async (trx) => {
        if (!(await autoRenewalRepo(trx).update(row, { status: 'off', turned_off_by: by, payment_method_id: null, updated_at: now() })))
          throw conflict(ALREADY_OFF);
        await closeOpenCharges(trx, userId);
        if (by === 'admin') await mailer.queue(turnedOffByAdminMail(member, context), trx);
      },
      () => ({
        kind: 'membership',
        action: 'changed',
        subject_id: userId,
        summary: `Automatic renewal turned off for ${member.email}${by === 'admin' ? ' by an admin' : ' by the member'}`,
      }),
    );
    if (by === 'admin') mailer.deliverSoon();
    await detachQuietly(row.payment_method_id);
  }

  // ---- the scheduled job ----

  /** Cards saved by a card step whose method id was not read yet (the provider failed at the time). */
  async function fillMethods(): Promise<void> {
    for (const row of await repo.awaitingMethod()) {
      if (!row.source_intent) continue;
      try {
        const intent = await provider.retrieveIntent(row.source_intent);
        const method = intent?.paymentMethodId ? await provider.paymentMethod(intent.paymentMethodId) : undefined;
        if (!method) continue;
        await repo.update(row, {
          payment_method_id: method.id,
          method_brand: method.brand,
          method_last4: method.last4,
          method_exp_month: method.expMonth,
          method_exp_year: method.expYear,
          method_type: method.type,
          source_intent: null,
          updated_at: now(),
        });
      } catch (error) {
        log.warn({ err: error, userId: row.user_id }, 'reading a saved card failed; the next run tries again');
      }
    }
  }

  /**
   * 30 days ahead: a card that will have expired by the charge is told (once per period). 14 days
   * ahead: the notice, which fixes the amount (the tier's price then: a price change applies from
   * the next renewal, told here) and makes the period's one charge row, in one transaction.
   */
  async function sendNotices(context: MailContext): Promise<number> {
    const yearAgo = addYears(today(), -MEMBERSHIP_YEARS);
    let sent = 0;
    const lateBy = RETRY_AFTER_DAYS.at(-1)!;
    for (const { id } of await repo.onAndRenewedBetween(addDays(yearAgo, -lateBy), addDays(yearAgo, CARD_WARNING_DAYS))) {
      const queued = await db.transaction().execute(async (trx) => {
        const members = membershipRepo(trx);
        const renewals = autoRenewalRepo(trx);
        const [member, row] = [await members.member(id), await renewals.find(id)];
        if (!member?.last_renewed_date || member.tier_index === null || row?.status !== 'on') return 0;
        const tier = tierByIndex(member.tier_index);
        if (!tier || tier.pence === 0) return 0;
        const expiry = expiryDate(member.last_renewed_date);
        const daysLeft = daysBetween(today(), expiry);
        // A server down over the expiry date catches up (told and charged at once) within the retries' days; later, the year lapses as any other.
        if (daysLeft < -lateBy) return 0;
        const card = { brand: row.method_brand, last4: row.method_last4 };
        let count = 0;
        if (daysLeft >= 0 && !cardLastsUntil(row, expiry) && (await members.claimReminder(id, expiry, 'auto-card-expiring', now()))) {
          await mailer.queue(cardExpiringMail(member, expiry, card, context), trx);
          count++;
        }
        if (daysLeft <= NOTICE_DAYS) {
          const made = await renewals.insertCharge({
            id: randomUUID(),
            user_id: id,
            period: expiry,
            tier_index: tier.index,
            amount_pence: tier.pence,
            status: 'noticed',
            next_attempt_at: null,
            claimed_at: null,
            claimed_by: null,
            payment_id: null,
            last_error: null,
            created_at: now(),
            updated_at: now(),
          });
          if (made) {
            await mailer.queue(noticeMail(member, { date: expiry, pence: tier.pence, tierIndex: tier.index }, card, context), trx);
            count++;
          }
        }
        return count;
      });
      sent += queued;
    }
    return sent;
  }

  type Claim = { charge: AutoChargeRow; row: AutoRenewalRow; payment: PaymentRow; attempt: number };

  /**
   * Claims one due charge in a transaction: checks it is still due, still on, and still for the
   * member's current expiry (a renewal by hand moves that: the charge is then closed), records the
   * attempt and its pending payment, and names this server. Only one server's claim commits.
   */
  async function claim(chargeId: string): Promise<Claim | undefined> {
    return retryOnConcurrentChange(() =>
      db.transaction().execute(async (trx): Promise<Claim | undefined> => {
        const renewals = autoRenewalRepo(trx);
        const charge = await renewals.chargeById(chargeId);
        const leaseEnd = new Date(clock().getTime() - CHARGE_LEASE_MS).toISOString();
        const due =
          charge &&
          ((charge.status === 'noticed' && charge.period <= today()) ||
            (['declined', 'requires_action'].includes(charge.status) && (charge.next_attempt_at ?? '') <= today()) ||
            (charge.status === 'charging' && (charge.claimed_at ?? '') < leaseEnd));
        if (!charge || !due) return undefined;
        const [row, member] = [await renewals.find(charge.user_id), await membershipRepo(trx).member(charge.user_id)];
        const current = member?.last_renewed_date ? expiryDate(member.last_renewed_date) : undefined;
        if (charge.status !== 'charging' && (row?.status !== 'on' || current !== charge.period)) {
          // Turned off, or renewed by hand meanwhile: nothing is to be charged for this period.
          if (!(await renewals.updateCharge(charge, { status: 'superseded', updated_at: now() }))) throw new ConcurrentChange();
          return undefined;
        }
        // The card's id is still being read from the provider (fillMethods): next run.
        if (!row?.payment_method_id || !member) return undefined;
        const repeat = charge.status === 'charging';
        const attempt = repeat ? charge.attempts : charge.attempts + 1;
        let payment = repeat && charge.payment_id ? await paymentsRepo(trx).findById(charge.payment_id) : undefined;
        if (!payment) {
          payment = {
            id: randomUUID(),
            kind: 'renewal',
            status: 'pending',
            amount_pence: charge.amount_pence,
            provider: provider.name,
            provider_ref: null,
            user_id: member.id,
            email: member.email,
            tier_index: charge.tier_index,
            date_effective: charge.period,
            // What the payment is for: this charge (the renewal's fulfilment checks its period, decision 141).
            reference_id: charge.id,
            import_id: null,
            import_key: null,
            created_at: now(),
            completed_at: null,
            note: null,
            refunded_pence: 0,
            period_start: null,
            period_end: null,
            client_secret_hash: null,
            client_address: null,
            review: null,
            receipt_number: null,
            save_for_customer: null,
            processing_since: null,
            failed_at: null,
            failure_message: null,
          };
          await paymentsRepo(trx).insert(payment);
        }
        const claimed = await renewals.updateCharge(charge, {
          status: 'charging',
          attempts: attempt,
          payment_id: payment.id,
          claimed_at: now(),
          claimed_by: serverName,
          updated_at: now(),
        });
        if (!claimed) throw new ConcurrentChange();
        return { charge: { ...charge, attempts: attempt, payment_id: payment.id }, row, payment, attempt };
      }),
    );
  }

  /** Where a failed attempt leads: the next retry date, or none after the last. */
  const retryDate = (charge: AutoChargeRow, attempt: number) => {
    const after = RETRY_AFTER_DAYS[attempt - 1];
    return after === undefined ? null : addDays(charge.period, after);
  };

  /**
   * Writes down how an attempt went, once: only from the state this server claimed (a second
   * server's or a repeated call's outcome finds it moved and changes nothing), with its mail.
   */
  async function record(
    claimed: Claim,
    outcome: Exclude<OffSessionOutcome, { outcome: 'succeeded' | 'processing' }>,
    context: MailContext,
    eventId?: { id: string; type: string },
  ) {
    const { charge, attempt } = claimed;
    const retry = retryDate(charge, attempt);
    await db.transaction().execute(async (trx) => {
      const renewals = autoRenewalRepo(trx);
      const current = await renewals.chargeById(charge.id);
      // A Direct Debit's failure comes by webhook, once however often it is delivered (decision 175).
      if (eventId && !(await paymentsRepo(trx).recordWebhookEvent(eventId.id, eventId.type, now()))) return;
      if (!current || !['charging', 'processing'].includes(current.status) || current.attempts !== attempt) return;
      const member = await membershipRepo(trx).member(charge.user_id);
      const row = await renewals.find(charge.user_id);
      if (!member || !row) return;
      const card = { brand: row.method_brand, last4: row.method_last4 };
      const last = retry === null;
      const status = last ? 'failed' : outcome.outcome === 'requires_action' ? 'requires_action' : 'declined';
      await renewals.updateCharge(current, { status, next_attempt_at: retry, last_error: outcome.message, updated_at: now() });
      // An unconfirmed payment may still be confirmed by the member until the next attempt (the
      // last one is cancelled at the provider once this commits); a declined one is over.
      if (outcome.outcome === 'declined') await paymentsRepo(trx).markFailed(claimed.payment.id);
      if (last) {
        // The membership lapses as any other; the card is not charged again (decision 141).
        await renewals.update(row, { status: 'off', turned_off_by: 'declines', payment_method_id: null, updated_at: now() });
        // The lapse is told here: the usual "your membership has ended" reminder would say it twice.
        await membershipRepo(trx).claimReminder(member.id, charge.period, 'lapsed', now());
        await mailer.queue(lapsedMail(member, charge.period, context), trx);
        await auditRepo(trx).insert({
          at: now(),
          actor_id: null,
          actor_email: null,
          kind: 'membership',
          action: 'changed',
          subject_id: member.id,
          summary: `Automatic renewal of ${member.email} failed ${attempt} times (${outcome.message}): turned off, the membership lapses`,
        });
      } else if (outcome.outcome === 'requires_action') {
        await mailer.queue(actionRequiredMail(member, { id: claimed.payment.id, pence: charge.amount_pence }, retry, context), trx);
      } else {
        await mailer.queue(declinedMail(member, { pence: charge.amount_pence, reason: outcome.message }, retry, card, context), trx);
      }
    });
    if (retry === null) {
      // Confirmed at the very last moment, it is paid and fulfilled (the year placed); else it can no longer be.
      if (outcome.outcome === 'requires_action')
        await payments.cancelUnpaid(claimed.payment.id).catch((error: unknown) => {
          // Left pending: confirmed later it still renews (its period is checked); never charged by us again.
          log.warn({ err: error, paymentId: claimed.payment.id }, 'cancelling an unconfirmed renewal payment failed');
        });
      await detachQuietly(claimed.row.payment_method_id);
    }
  }

  /**
   * A Direct Debit submitted to the bank (decision 175): the charge waits in `processing` (no
   * server charges it again) and its payment shows as processing, until the webhook says how it
   * went: success fulfils it as any payment; failure is recorded as a decline (`debitFailed`).
   */
  async function debitProcessing(claimed: Claim, intentId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const current = await autoRenewalRepo(trx).chargeById(claimed.charge.id);
      if (!current || current.status !== 'charging' || current.attempts !== claimed.attempt) return;
      await autoRenewalRepo(trx).updateCharge(current, { status: 'processing', updated_at: now() });
      await paymentsRepo(trx).markProcessing(intentId, now());
    });
  }

  /** One due charge: claim, charge off-session with the member-and-period key, record the outcome. */
  async function chargeOne(chargeId: string, context: MailContext): Promise<'charged' | 'failed' | 'skipped'> {
    const before = await repo.chargeById(chargeId);
    // A payment the bank wanted confirmed is cancelled before it is tried again, so the old link cannot charge as well.
    if (before?.status === 'requires_action' && before.payment_id && (before.next_attempt_at ?? '') <= today()) {
      if ((await payments.cancelUnpaid(before.payment_id)) === 'paid') return 'charged';
    }
    const claimed = await claim(chargeId);
    if (!claimed) return 'skipped';
    const { charge, row, payment, attempt } = claimed;
    let outcome: OffSessionOutcome;
    try {
      outcome = await provider.chargeOffSession({
        amountPence: charge.amount_pence,
        description: `Membership renewal (automatic): ${tierByIndex(charge.tier_index)?.name ?? `tier ${charge.tier_index}`}`,
        metadata: { payment_id: payment.id, kind: 'renewal', auto_renewal: charge.id },
        customerId: row.customer_id,
        paymentMethodId: row.payment_method_id!,
        idempotencyKey: chargeKey(charge, attempt),
      });
    } catch (error) {
      // Left claimed: after the lease the next run calls again with the same key, and the provider answers the first outcome.
      if (error instanceof PaymentProviderError) {
        log.warn({ err: error, chargeId }, 'an automatic renewal charge could not reach the provider; it is tried again later');
        return 'skipped';
      }
      throw error;
    }
    // The intent is named on the payment (and its secret's hash, for the confirmation page's settle, decision 013).
    if (outcome.intent && !payment.provider_ref)
      await paymentsRepo(db).setIntent(payment.id, outcome.intent.id, secretHash(outcome.intent.clientSecret));
    if (outcome.outcome === 'succeeded') {
      await fulfilment.fulfilIntent(outcome.intent.id);
      return 'charged';
    }
    if (outcome.outcome === 'processing') {
      await debitProcessing(claimed, outcome.intent.id);
      return 'charged';
    }
    await record(claimed, outcome, context);
    return 'failed';
  }

  /** Renewals paid by card that placed no year (the same year paid twice at once): refunded in full, once. */
  async function refundUnplaced(): Promise<void> {
    for (const payment of await repo.renewalsToRefund()) await refund(payment);
  }

  async function refund(payment: PaymentRow): Promise<void> {
    if (!payment.provider_ref || payment.provider !== provider.name) return;
    try {
      const made = await provider.refund({
        intentId: payment.provider_ref,
        amountPence: payment.amount_pence,
        idempotencyKey: `refund-renewal-${payment.id}`,
      });
      await recordRefund({ id: `refund_${made.id}`, intentId: payment.provider_ref, amountRefunded: made.amountPence });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'refunding a renewal paid twice failed; the next run tries again');
    }
  }

  return {
    async state(userId: string): Promise<AutoRenewState> {
      const member = await memberOrThrow(userId);
      const row = await repo.find(userId);
      return { on: row?.status === 'on', method: row?.status === 'on' ? methodOf(row) : null, next_charge: await nextCharge(member, row) };
    },

    /** The card step's setup flow: a card saved with the provider for later, nothing charged. */
    async setup(userId: string): Promise<{ client_secret: string; setup_intent_id: string }> {
      const member = await memberOrThrow(userId);
      checkChargeable(member);
      const row = await customerFor(member);
      const setup = await provider.createSetupIntent({ customerId: row.customer_id, idempotencyKey: `setup-${userId}-${randomUUID()}` });
      return { client_secret: setup.clientSecret, setup_intent_id: setup.id };
    },

    /** On with the card the setup flow saved, or off. Twice is a 409; a free tier too. */
    async set(userId: string, on: boolean, setupIntentId: string | undefined): Promise<AutoRenewState> {
      if (!on) {
        await turnOff(userId, 'member', null);
        return this.state(userId);
      }
      const member = await memberOrThrow(userId);
      const existing = await repo.find(userId);
      if (existing?.status === 'on') throw conflict(ALREADY_ON);
      checkChargeable(member);
      if (!setupIntentId) throw conflict('Save a card for automatic renewal first.');
      // No customer of theirs yet: whatever card this names is someone else's.
      if (!existing) throw notFound(NO_SETUP);
      const method = await savedCard(existing, setupIntentId);
      const turnedOn = await repo.update(existing, {
        status: 'on',
        turned_off_by: null,
        payment_method_id: method.id,
        method_brand: method.brand,
        method_last4: method.last4,
        method_exp_month: method.expMonth,
        method_exp_year: method.expYear,
        method_type: method.type,
        source_intent: null,
        updated_at: now(),
      });
      if (!turnedOn) throw conflict(ALREADY_ON);
      return this.state(userId);
    },

    /** Another card from now on; the one it replaces is detached. */
    async changeMethod(userId: string, setupIntentId: string): Promise<AutoRenewState> {
      const row = await repo.find(userId);
      if (row?.status !== 'on') throw conflict('Automatic renewal is off: turn it on to save a card for it.');
      const method = await savedCard(row, setupIntentId);
      if (method.id === row.payment_method_id) return this.state(userId);
      const changed = await repo.update(row, {
        payment_method_id: method.id,
        method_brand: method.brand,
        method_last4: method.last4,
        method_exp_month: method.expMonth,
        method_exp_year: method.expYear,
        method_type: method.type,
        source_intent: null,
        updated_at: now(),
      });
      if (!changed) throw conflict('Automatic renewal changed meanwhile. Please reload the page.');
      await detachQuietly(row.payment_method_id);
      return this.state(userId);
    },

    /** The page behind the "confirm the payment" link: the member's own payment, or 404. */
    async payment(userId: string, paymentId: string): Promise<AutoRenewPayment> {
      const payment = await payments.findById(paymentId);
      const charge = payment?.reference_id ? await repo.chargeById(payment.reference_id) : undefined;
      if (!payment || payment.user_id !== userId || payment.kind !== 'renewal' || !charge) throw notFound('Payment not found');
      const status =
        payment.status === 'succeeded'
          ? 'succeeded'
          : payment.status === 'pending' && charge.payment_id === payment.id && charge.status === 'requires_action'
            ? 'requires_action'
            : 'closed';
      return {
        payment_id: payment.id,
        pence: payment.amount_pence,
        period: { start: charge.period, end: expiryDate(charge.period) },
        status,
      };
    },

    /** The page's button: the intent's secret and card, for the browser to confirm with the member present. */
    async authenticate(userId: string, paymentId: string): Promise<{ client_secret: string; payment_method_id: string }> {
      const shown = await this.payment(userId, paymentId);
      if (shown.status !== 'requires_action') throw conflict('This payment needs no confirmation now: it has been paid, or closed.');
      const payment = (await payments.findById(paymentId))!;
      const intent = payment.provider_ref ? await provider.retrieveIntent(payment.provider_ref) : undefined;
      if (!intent?.clientSecret || !intent.paymentMethodId || intent.status === 'canceled')
        throw conflict('This payment needs no confirmation now: it has been paid, or closed.');
      return { client_secret: intent.clientSecret, payment_method_id: intent.paymentMethodId };
    },

    /** The scheduled jobs: saved cards, notices, charges due (and retries), refunds of a year paid twice. */
    async runDue(): Promise<{ notices: number; charged: number; failed: number }> {
      await fillMethods();
      const context = await mailContext();
      const notices = await sendNotices(context);
      let charged = 0;
      let failed = 0;
      const leaseEnd = new Date(clock().getTime() - CHARGE_LEASE_MS).toISOString();
      for (const charge of await repo.dueCharges(today(), leaseEnd)) {
        const result = await chargeOne(charge.id, context);
        if (result === 'charged') charged++;
        if (result === 'failed') failed++;
      }
      await refundUnplaced();
      if (notices || failed) mailer.deliverSoon();
      return { notices, charged, failed };
    },

    /** Three queries whatever the number of members: everyone who chose it, the charges still open, every failure. */
    async adminList(): Promise<AdminAutoRenewals> {
      const [everyone, open, failures] = await Promise.all([repo.everyone(), repo.allOpenCharges(), repo.failures()]);
      const openByMemberAndPeriod = new Map(open.map((c) => [`${c.user_id} ${c.period}`, c]));
      const failuresByMember = new Map<string, AutoChargeRow[]>();
      for (const failure of failures) failuresByMember.set(failure.user_id, [...(failuresByMember.get(failure.user_id) ?? []), failure]);
      const members = everyone.map((r) => {
        const expiry = r.last_renewed_date ? expiryDate(r.last_renewed_date) : '';
        return {
          user_id: r.user_id,
          email: r.email,
          name: `${r.first_name} ${r.last_name}`,
          on: r.status === 'on',
          turned_off_by: r.turned_off_by,
          method: r.status === 'on' ? methodOf(r) : null,
          next_charge: nextChargeOf(r, r, openByMemberAndPeriod.get(`${r.user_id} ${expiry}`)),
          failures: (failuresByMember.get(r.user_id) ?? []).map((f) => ({
            period: f.period,
            attempts: f.attempts,
            status: f.status,
            message: f.last_error,
            next_attempt_at: ['declined', 'requires_action'].includes(f.status) ? f.next_attempt_at : null,
            at: f.updated_at,
          })),
        };
      });
      return { members };
    },

    adminTurnOff: (userId: string, actor: NonNullable<Actor>) => turnOff(userId, 'admin', actor),

    /**
     * The Direct Debit of an automatic charge failed after processing (the webhook, decision 175):
     * recorded once as a decline of that attempt, with its mail, retry and, after the last, the
     * lapse. False when the payment is no automatic charge waiting for its outcome.
     */
    async debitFailed(payment: PaymentRow, message: string, event: { id: string; type: string }): Promise<boolean> {
      if (payment.kind !== 'renewal' || !payment.reference_id) return false;
      const charge = await repo.chargeById(payment.reference_id);
      if (charge?.status !== 'processing' || charge.payment_id !== payment.id) return false;
      const row = await repo.find(charge.user_id);
      if (!row) return false;
      await record({ charge, row, payment, attempt: charge.attempts }, { outcome: 'declined', message }, await mailContext(), event);
      return true;
    },

    /**
     * A Direct Debit's mandate was cancelled (the payer's bank, or Stripe detached the method):
     * automatic renewal that would charge it is turned off once and the member told (decision 175).
     */
    async mandateEnded(paymentMethodId: string, event: { id: string; type: string }): Promise<boolean> {
      const context = await mailContext();
      return db.transaction().execute(async (trx) => {
        if (!(await paymentsRepo(trx).recordWebhookEvent(event.id, event.type, now()))) return false;
        const renewals = autoRenewalRepo(trx);
        const row = await renewals.findByMethod(paymentMethodId);
        if (row?.status !== 'on') return false;
        if (!(await renewals.update(row, { status: 'off', turned_off_by: 'mandate', payment_method_id: null, updated_at: now() })))
          throw new ConcurrentChange();
        await closeOpenCharges(trx, row.user_id);
        const member = await membershipRepo(trx).member(row.user_id);
        if (member) await mailer.queue(mandateEndedMail(member, { brand: row.method_brand, last4: row.method_last4 }, context), trx);
        await auditRepo(trx).insert({
          at: now(),
          actor_id: null,
          actor_email: null,
          kind: 'membership',
          action: 'changed',
          subject_id: row.user_id,
          summary: `Automatic renewal of ${member?.email ?? row.user_id} turned off: its Direct Debit was cancelled`,
        });
        return true;
      });
    },

    /** Right after a fulfilment that placed no year commits; the scheduled jobs make up for a failure. */
    async refundNow(paymentId: string): Promise<void> {
      const payment = await payments.findById(paymentId);
      if (payment?.status === 'succeeded' && payment.period_end === null) await refund(payment);
    },

    /** A provider customer for someone joining who ticked "Renew automatically each year" (no account yet). */
    customerForJoining(joining: { email: string; name: string; pendingId: string }): Promise<string> {
      return provider.createCustomer({ email: joining.email, name: joining.name, idempotencyKey: `customer-joining-${joining.pendingId}` });
    },

    /** The member's provider customer, for a renewal paid by hand that keeps its card. */
    async customerForMember(userId: string): Promise<string> {
      return (await customerFor(await memberOrThrow(userId))).customer_id;
    },

    /** Right after a card step saved the card: its method is read from the provider (else by the scheduled jobs). */
    fillMethods,
  };
}
export type AutoRenewalService = ReturnType<typeof autoRenewalService>;
