import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { GIFT_AID_WORDING_VERSION } from '../../../shared/api/donations';
import type {
  AdminMonthlyGifts,
  MonthlyCardChangeResponse,
  MonthlyConfirmResponse,
  MonthlyGift,
  monthlyStartRequest,
} from '../../../shared/api/monthly-gifts';
import { emailKey } from '../../../shared/domain/email';
import { londonDate } from '../../../shared/domain/london-time';
import { addDays } from '../../../shared/domain/membership';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import { auditRepo } from '../../audit/audit.repo';
import { ConcurrentChange, retryOnConcurrentChange } from '../../db/concurrent-change';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { Mailer } from '../../integrations/mail/mailer';
import type { MailContext } from '../../integrations/mail/template';
import { PaymentProviderError, type OffSessionOutcome, type PaymentProvider } from '../../integrations/payments/provider';
import type { CardBrake } from '../../payments/card-brake';
import type { FulfilmentService } from '../../payments/fulfilment';
import { paymentsRepo, type PaymentRow } from '../../payments/payments.repo';
import { secretHash } from '../../payments/payments.service';
import { recordConsent, wordingVersion } from '../../privacy/consents';
import { giftTokenMatches, monthlyCancelledMail, monthlyCardChangedMail, monthlyDeclinedMail } from './monthly-gifts.emails';
import { monthlyGiftsRepo, type MonthlyChargeRow, type MonthlyGiftRow } from './monthly-gifts.repo';

type StartRequest = z.output<typeof monthlyStartRequest>;

/** docs/product.md "Monthly giving": a declined month is tried again this many days after its date; after the last the gift ends. */
export const MONTHLY_RETRY_AFTER_DAYS = [3, 7] as const;
/** A server that claimed a charge and stopped mid-call gives it up after this: another tries again with the same key. */
export const MONTHLY_LEASE_MS = 10 * 60 * 1000;
/** A gift is charged on the day of the month it started, the 28th at the latest (every month has one). */
export const LAST_CHARGE_DAY = 28;
/** A gift whose card step was never finished is forgotten after this. */
const SETUP_KEPT_MS = 24 * 60 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

const ENDED = 'This monthly gift has ended already.';
const NO_GIFT = 'Monthly gift not found';
const NOT_SAVED = 'The card was not saved. Please try the card step again.';
const CHARGING = 'This month’s gift is being taken from the card right now. Please try again in a few minutes.';

/** The key the provider dedupes a charge by: one gift, one month, one attempt (decision 171). */
export const monthlyChargeKey = (charge: Pick<MonthlyChargeRow, 'gift_id' | 'period'>, attempt: number) =>
  `monthly-gift-${charge.gift_id}-${charge.period}-${attempt}`;

/** The London date a gift is charged in a month (YYYY-MM). */
export const chargeDate = (period: string, day: number) => `${period}-${String(Math.min(day, LAST_CHARGE_DAY)).padStart(2, '0')}`;

/** The month after YYYY-MM. */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

export type MonthlyGiftsDeps = {
  db: Kysely<Database>;
  provider: PaymentProvider;
  fulfilment: FulfilmentService;
  mailer: Mailer;
  mailContext: () => Promise<MailContext>;
  clock: () => Date;
  audit: AuditTrail;
  brake: CardBrake;
  limiter: RateLimiter;
  /** Signs each gift's cancel link (decision 172). */
  linkSecret: string;
  /** This server's name (host:port), written on the charges it claims. */
  serverName: string;
  giftAidOffered: () => Promise<boolean>;
  consentWording: () => Promise<string>;
  log: { warn(obj: object, msg: string): void };
};

/**
 * Monthly giving (decisions 170–173): the donor's card is saved with the provider by the setup
 * flow; the first month is charged as the gift starts, each later month by the scheduled jobs on
 * the gift's day, once per gift and month; each month is a donation of its own (receipt, Gift Aid
 * under the gift's declaration). Declines are tried again after 3 and 7 days, then the gift ends.
 */
export function monthlyGiftsService(deps: MonthlyGiftsDeps) {
  const { db, provider, fulfilment, mailer, mailContext, clock, audit, brake, limiter, linkSecret, serverName, log } = deps;
  const repo = monthlyGiftsRepo(db);
  const today = () => londonDate(clock());
  const thisMonth = () => today().slice(0, 7);
  const now = () => clock().toISOString();

  /** The next charge's date: a retry's, this month's if still to come (or not yet made), else next month's. */
  async function nextCharge(gift: MonthlyGiftRow): Promise<string | null> {
    if (gift.status !== 'active') return null;
    const period = thisMonth();
    const charge = await repo.charge(gift.id, period);
    if (charge?.status === 'declined') return charge.next_attempt_at;
    if (!charge || charge.status === 'due' || charge.status === 'charging')
      return charge || chargeDate(period, gift.charge_day) >= today() ? chargeDate(period, gift.charge_day) : today();
    return chargeDate(nextPeriod(period), gift.charge_day);
  }

  async function view(gift: MonthlyGiftRow): Promise<MonthlyGift> {
    if (gift.status === 'setup') throw notFound(NO_GIFT);
    return {
      gift_id: gift.id,
      pence: gift.amount_pence,
      status: gift.status,
      gift_aid: gift.gift_aid_first_name !== null,
      card: gift.method_last4 && gift.method_brand ? { brand: gift.method_brand, last4: gift.method_last4 } : null,
      next_charge: await nextCharge(gift),
      started_at: gift.started_at,
      ended_at: gift.ended_at,
    };
  }

  async function detachQuietly(methodId: string | null) {
    if (!methodId) return;
    try {
      await provider.detachPaymentMethod(methodId);
    } catch (error) {
      // The card stays with the provider but is never charged: nothing refers to it any more.
      log.warn({ err: error }, 'detaching a monthly gift card failed');
    }
  }

  /** Ends an active gift: its open months closed (one being charged this moment finishes), the donor told. */
  async function stop(giftId: string, by: 'donor' | 'admin', actor: Actor): Promise<MonthlyGiftRow> {
    const gift = await repo.find(giftId);
    if (!gift || gift.status === 'setup') throw notFound(NO_GIFT);
    if (gift.status !== 'active') throw conflict(ENDED);
    const context = await mailContext();
    await audit.change(
      actor,
      async (trx) => {
        const gifts = monthlyGiftsRepo(trx);
        const stopped = await gifts.update(gift, {
          status: 'cancelled',
          ended_by: by,
          ended_at: now(),
          payment_method_id: null,
          updated_at: now(),
        });
        if (!stopped) throw conflict(ENDED);
        for (const charge of await gifts.openCharges(gift.id))
          if (charge.status !== 'charging') await gifts.updateCharge(charge, { status: 'cancelled', updated_at: now() });
        await mailer.queue(monthlyCancelledMail(gift, { pence: gift.amount_pence }, by, context), trx);
      },
      () => ({
        kind: 'payment',
        action: 'cancelled',
        subject_id: gift.id,
        summary: `Monthly gift of ${gift.email} stopped${by === 'admin' ? ' by an admin' : ' by the donor'}`,
      }),
    );
    mailer.deliverSoon();
    await detachQuietly(gift.payment_method_id);
    return (await repo.find(gift.id))!;
  }

  type Claim = { charge: MonthlyChargeRow; gift: MonthlyGiftRow; payment: PaymentRow; attempt: number };

  /**
   * Claims one due month in a transaction: checks it is still due and the gift still active,
   * records the attempt with its donation (and Gift Aid declaration) and pending payment, and names
   * this server. Only one server's claim commits; the other finds the row moved.
   */
  async function claim(chargeId: string): Promise<Claim | undefined> {
    return retryOnConcurrentChange(() =>
      db.transaction().execute(async (trx): Promise<Claim | undefined> => {
        const gifts = monthlyGiftsRepo(trx);
        const charge = await gifts.chargeById(chargeId);
        const leaseEnd = new Date(clock().getTime() - MONTHLY_LEASE_MS).toISOString();
        const due =
          charge &&
          (charge.status === 'due' ||
            (charge.status === 'declined' && (charge.next_attempt_at ?? '') <= today()) ||
            (charge.status === 'charging' && (charge.claimed_at ?? '') < leaseEnd));
        if (!charge || !due) return undefined;
        const gift = await gifts.find(charge.gift_id);
        if (!gift) return undefined;
        if (charge.status !== 'charging' && gift.status !== 'active') {
          if (!(await gifts.updateCharge(charge, { status: 'cancelled', updated_at: now() }))) throw new ConcurrentChange();
          return undefined;
        }
        if (!gift.payment_method_id) return undefined;
        const repeat = charge.status === 'charging';
        const attempt = repeat ? charge.attempts : charge.attempts + 1;
        const payments = paymentsRepo(trx);
        let payment = repeat && charge.payment_id ? await payments.findById(charge.payment_id) : undefined;
        let donationId = repeat ? charge.donation_id : null;
        if (!payment) {
          donationId = randomUUID();
          payment = {
            id: randomUUID(),
            kind: 'donation',
            status: 'pending',
            amount_pence: charge.amount_pence,
            provider: provider.name,
            provider_ref: null,
            user_id: gift.user_id,
            email: gift.email,
            tier_index: null,
            date_effective: null,
            reference_id: donationId,
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
          await payments.insert(payment);
          await trx
            .insertInto('donations')
            .values({
              id: donationId,
              amount_pence: charge.amount_pence,
              name: gift.name,
              email: gift.email,
              status: 'pending',
              payment_id: payment.id,
              created_at: now(),
              completed_at: null,
              monthly_gift_id: gift.id,
              // Each month's receipt in the gift's language (decision 191).
              language: gift.language,
            })
            .execute();
          // The gift's declaration covers each month: the month's donation carries it, as HMRC's schedule lists each payment (decision 170).
          if (gift.gift_aid_first_name !== null)
            await trx
              .insertInto('gift_aid_declarations')
              .values({
                id: randomUUID(),
                donation_id: donationId,
                title: gift.gift_aid_title,
                first_name: gift.gift_aid_first_name,
                last_name: gift.gift_aid_last_name!,
                house: gift.gift_aid_house!,
                postcode: gift.gift_aid_postcode,
                non_uk: gift.gift_aid_non_uk ?? 0,
                past_and_future: gift.gift_aid_past_and_future ?? 0,
                wording_version: gift.gift_aid_wording_version ?? GIFT_AID_WORDING_VERSION,
                declared_at: gift.created_at,
                cancelled_at: null,
                cancelled_by: null,
              })
              .execute();
        }
        const claimed = await gifts.updateCharge(charge, {
          status: 'charging',
          attempts: attempt,
          payment_id: payment.id,
          donation_id: donationId,
          claimed_at: now(),
          claimed_by: serverName,
          updated_at: now(),
        });
        if (!claimed) throw new ConcurrentChange();
        return { charge: { ...charge, attempts: attempt, payment_id: payment.id, donation_id: donationId }, gift, payment, attempt };
      }),
    );
  }

  /** The first month has no retries (the donor is on the page); later months after 3 and 7 days. */
  const retryDate = (charge: MonthlyChargeRow, gift: MonthlyGiftRow, attempt: number, first: boolean) => {
    const after = first ? undefined : MONTHLY_RETRY_AFTER_DAYS[attempt - 1];
    return after === undefined ? null : addDays(chargeDate(charge.period, gift.charge_day), after);
  };

  /** Writes down a declined attempt once, from the state this server claimed, with its mail. */
  async function recordDecline(claimed: Claim, message: string, first: boolean, context: MailContext) {
    const { charge, gift, attempt } = claimed;
    const retry = retryDate(charge, gift, attempt, first);
    await db.transaction().execute(async (trx) => {
      const gifts = monthlyGiftsRepo(trx);
      const current = await gifts.chargeById(charge.id);
      if (current?.status !== 'charging' || current.attempts !== attempt) return;
      await gifts.updateCharge(current, {
        status: retry === null ? 'failed' : 'declined',
        next_attempt_at: retry,
        last_error: message,
        updated_at: now(),
      });
      await paymentsRepo(trx).markFailed(claimed.payment.id);
      if (retry !== null) {
        await mailer.queue(
          monthlyDeclinedMail(gift, { id: gift.id, pence: charge.amount_pence }, message, retry, context, linkSecret),
          trx,
        );
        return;
      }
      const now_ = await gifts.find(gift.id);
      if (!now_ || now_.status !== 'active') return;
      await gifts.update(now_, { status: 'ended', ended_by: 'declines', ended_at: now(), payment_method_id: null, updated_at: now() });
      // The donor on the page is told there; a later month's last decline by mail.
      if (!first)
        await mailer.queue(monthlyDeclinedMail(gift, { id: gift.id, pence: charge.amount_pence }, message, null, context, linkSecret), trx);
      await auditRepo(trx).insert({
        at: now(),
        actor_id: null,
        actor_email: null,
        kind: 'payment',
        action: 'changed',
        subject_id: gift.id,
        summary: `Monthly gift of ${gift.email} ended: declined ${attempt} time(s) (${message})`,
      });
    });
    if (retry === null) await detachQuietly(gift.payment_method_id);
  }

  /** One due month: claim, charge off-session with the gift-and-month key, record the outcome. */
  async function chargeOne(
    chargeId: string,
    context: MailContext,
    first = false,
  ): Promise<{ result: 'charged' | 'failed' | 'skipped'; message?: string }> {
    const claimed = await claim(chargeId);
    if (!claimed) return { result: 'skipped' };
    const { charge, gift, payment, attempt } = claimed;
    let outcome: OffSessionOutcome;
    try {
      outcome = await provider.chargeOffSession({
        amountPence: charge.amount_pence,
        description: `Monthly gift ${charge.period}`,
        metadata: { payment_id: payment.id, kind: 'donation', monthly_gift: gift.id },
        customerId: gift.customer_id,
        paymentMethodId: gift.payment_method_id!,
        idempotencyKey: monthlyChargeKey(charge, attempt),
      });
    } catch (error) {
      // Left claimed: after the lease the next run calls again with the same key, and the provider answers the first outcome.
      if (error instanceof PaymentProviderError) {
        log.warn({ err: error, chargeId }, 'a monthly gift charge could not reach the provider; it is tried again later');
        return { result: 'skipped' };
      }
      throw error;
    }
    if (outcome.intent && !payment.provider_ref)
      await paymentsRepo(db).setIntent(payment.id, outcome.intent.id, secretHash(outcome.intent.clientSecret));
    if (outcome.outcome === 'succeeded') {
      await fulfilment.fulfilIntent(outcome.intent.id);
      return { result: 'charged' };
    }
    // A gift's card never answers "processing" (a Direct Debit would, decision 175): left claimed,
    // its outcome comes by webhook; a repeat after the lease asks again with the same key.
    if (outcome.outcome === 'processing') return { result: 'skipped' };
    // The bank asking for the cardholder is a decline here: a gift's later months cannot wait for the donor (decision 171).
    const message =
      outcome.outcome === 'requires_action'
        ? 'Your bank asked to confirm this payment, which it cannot do while you are away. Please use another card.'
        : outcome.message;
    // An intent left waiting for authentication could still be confirmed: cancel it so it never takes money too.
    if (outcome.outcome === 'requires_action') await provider.cancelIntent(outcome.intent.id).catch(() => undefined);
    await recordDecline(claimed, message, first, context);
    return { result: 'failed', message };
  }

  /** The gift a receipt's link names; a wrong secret is "not found", as no gift is. */
  async function linkedGift(giftId: string, token: string): Promise<MonthlyGiftRow> {
    const gift = await repo.find(giftId);
    if (!gift || gift.status === 'setup' || !giftTokenMatches(linkSecret, giftId, token)) throw notFound(NO_GIFT);
    return gift;
  }

  async function ownGift(userId: string, giftId: string): Promise<MonthlyGiftRow> {
    const gift = await repo.find(giftId);
    if (!gift || gift.user_id !== userId || gift.status === 'setup') throw notFound(NO_GIFT);
    return gift;
  }

  /** The setup flow for a new card on the gift's own customer: nothing is charged. */
  async function cardSetup(gift: MonthlyGiftRow) {
    if (gift.status !== 'active') throw conflict(ENDED);
    await limiter.hit(
      { bucket: 'monthly-gift-card', key: gift.id, max: 10, windowMs: TEN_MINUTES },
      'Too many attempts to change this card. Please wait a few minutes and try again.',
    );
    // A key of its own each time: a setup left unfinished is never handed back for a later try.
    const setup = await provider.createSetupIntent({ customerId: gift.customer_id, idempotencyKey: `setup-gift-card-${randomUUID()}` });
    return { client_secret: setup.clientSecret, setup_intent_id: setup.id };
  }

  /**
   * The setup flow saved the new card: later months are taken from it, and a declined month waiting
   * for its retry is tried on it at once. Refused while a month is being charged: that charge, and a
   * repeat of it with the same key, must use the card it started with.
   */
  async function changeCard(gift: MonthlyGiftRow, setupIntentId: string, actor: Actor): Promise<MonthlyCardChangeResponse> {
    if (gift.status !== 'active') throw conflict(ENDED);
    const setup = await provider.retrieveSetupIntent(setupIntentId);
    if (setup?.customerId !== gift.customer_id) throw notFound('No such saved card.');
    if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw conflict(NOT_SAVED);
    const method = await provider.paymentMethod(setup.paymentMethodId);
    if (!method) throw conflict(NOT_SAVED);
    const context = await mailContext();
    const changed = await retryOnConcurrentChange(() =>
      audit.change(
        actor,
        async (trx) => {
          const gifts = monthlyGiftsRepo(trx);
          const current = await gifts.find(gift.id);
          if (!current || current.status !== 'active') throw conflict(ENDED);
          // The same setup sent twice (a double press, a retried request): changed already.
          if (current.payment_method_id === method.id) return { retry: [] as string[], old: null, repeat: true };
          const open = await gifts.openCharges(gift.id);
          if (open.some((charge) => charge.status === 'charging')) throw conflict(CHARGING);
          const retry: string[] = [];
          for (const charge of open) {
            // Each open month is written too, so a server claiming one meanwhile finds it moved and
            // reads the gift again, with its new card.
            const due = charge.status === 'declined';
            if (!(await gifts.updateCharge(charge, due ? { next_attempt_at: today(), updated_at: now() } : { updated_at: now() })))
              throw new ConcurrentChange();
            if (due) retry.push(charge.id);
          }
          const saved = await gifts.update(current, {
            payment_method_id: method.id,
            method_brand: method.brand,
            method_last4: method.last4,
            updated_at: now(),
          });
          if (!saved) throw new ConcurrentChange();
          await mailer.queue(
            monthlyCardChangedMail(current, { id: current.id, pence: current.amount_pence }, method, context, linkSecret),
            trx,
          );
          return { retry, old: current.payment_method_id, repeat: false };
        },
        ({ repeat }) =>
          repeat
            ? []
            : {
                kind: 'payment',
                action: 'changed',
                subject_id: gift.id,
                summary: `Monthly gift of ${gift.email}: the donor changed its card to ${method.brand} ending ${method.last4}`,
              },
      ),
    );
    if (!changed.repeat) mailer.deliverSoon();
    await detachQuietly(changed.old);
    let retried: MonthlyCardChangeResponse['retried'] = null;
    if (changed.retry.length) {
      for (const chargeId of changed.retry) {
        const outcome = await chargeOne(chargeId, context);
        if (outcome.result === 'charged') retried = { status: 'succeeded', message: null };
        if (outcome.result === 'failed') retried = { status: 'declined', message: outcome.message ?? 'Your card was declined.' };
      }
      mailer.deliverSoon();
    }
    return { gift: await view((await repo.find(gift.id))!), retried };
  }

  return {
    /** The donate page's details: the gift is recorded and the setup flow started; nothing charged. */
    async start(request: StartRequest, ip: string, userId: string | null, cardCheck?: string) {
      if (request.gift_aid && !(await deps.giftAidOffered())) throw badRequest('Gift Aid is not offered at the moment');
      await brake.beforeStart({ ip, check: cardCheck }, { pausable: true });
      await limiter.hit(
        { bucket: 'donate-email', key: emailKey(request.email), max: 5, windowMs: TEN_MINUTES },
        'Too many donation attempts. Please wait a few minutes and try again.',
      );
      const id = randomUUID();
      const customerId = await provider.createCustomer({
        email: request.email,
        name: request.name ?? request.email,
        idempotencyKey: `customer-gift-${id}`,
      });
      const gift = request.gift_aid;
      await repo.insert({
        id,
        user_id: userId,
        email: request.email,
        name: request.name,
        amount_pence: request.amount,
        status: 'setup',
        ended_by: null,
        ended_at: null,
        charge_day: LAST_CHARGE_DAY,
        provider: provider.name,
        customer_id: customerId,
        payment_method_id: null,
        method_brand: null,
        method_last4: null,
        gift_aid_title: gift?.title ?? null,
        gift_aid_first_name: gift?.first_name ?? null,
        gift_aid_last_name: gift?.last_name ?? null,
        gift_aid_house: gift?.house ?? null,
        gift_aid_postcode: gift ? (gift.non_uk ? null : (gift.postcode?.toUpperCase() ?? null)) : null,
        gift_aid_non_uk: gift ? (gift.non_uk ? 1 : 0) : null,
        gift_aid_past_and_future: gift ? (gift.past_and_future ? 1 : 0) : null,
        gift_aid_wording_version: gift ? GIFT_AID_WORDING_VERSION : null,
        created_at: now(),
        started_at: null,
        updated_at: now(),
        // The language of the page it was started on: its months' receipts and mail (decision 191).
        language: request.language ?? 'en',
      });
      if (request.news_email) {
        const version = wordingVersion(await deps.consentWording());
        await inTransaction(db, (trx) =>
          recordConsent(trx, { userId, email: request.email, newsEmail: true, source: 'donate', version, at: now() }),
        );
      }
      const setup = await provider.createSetupIntent({ customerId, idempotencyKey: `setup-gift-${id}` });
      return { gift_id: id, client_secret: setup.clientSecret, setup_intent_id: setup.id };
    },

    /** The setup flow saved the card: the gift starts and its first month is charged now. */
    async confirm(giftId: string, setupIntentId: string): Promise<MonthlyConfirmResponse> {
      const gift = await repo.find(giftId);
      if (!gift) throw notFound(NO_GIFT);
      if (gift.status !== 'setup') throw conflict('This monthly gift has started already.');
      const setup = await provider.retrieveSetupIntent(setupIntentId);
      if (setup?.customerId !== gift.customer_id) throw notFound('No such saved card.');
      if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw conflict(NOT_SAVED);
      const method = await provider.paymentMethod(setup.paymentMethodId);
      if (!method) throw conflict(NOT_SAVED);
      const period = thisMonth();
      const day = Math.min(Number(today().slice(8, 10)), LAST_CHARGE_DAY);
      const chargeId = randomUUID();
      await db.transaction().execute(async (trx) => {
        const gifts = monthlyGiftsRepo(trx);
        const started = await gifts.update(gift, {
          status: 'active',
          charge_day: day,
          payment_method_id: method.id,
          method_brand: method.brand,
          method_last4: method.last4,
          started_at: now(),
          updated_at: now(),
        });
        if (!started) throw conflict('This monthly gift has started already.');
        await gifts.insertCharge({
          id: chargeId,
          gift_id: gift.id,
          period,
          amount_pence: gift.amount_pence,
          status: 'due',
          next_attempt_at: null,
          claimed_at: null,
          claimed_by: null,
          payment_id: null,
          donation_id: null,
          last_error: null,
          created_at: now(),
          updated_at: now(),
        });
      });
      const context = await mailContext();
      const first = await chargeOne(chargeId, context, true);
      mailer.deliverSoon();
      const after = (await repo.find(gift.id))!;
      return {
        gift: await view(after),
        first_payment:
          first.result === 'failed'
            ? { status: 'declined', message: first.message ?? 'Your card was declined.' }
            : { status: 'succeeded', message: null },
      };
    },

    /** The page behind a receipt's link: shown, nothing changed. A wrong secret is "not found". */
    async byLink(giftId: string, token: string): Promise<MonthlyGift> {
      return view(await linkedGift(giftId, token));
    },

    async cancelByLink(giftId: string, token: string): Promise<MonthlyGift> {
      await this.byLink(giftId, token);
      return view(await stop(giftId, 'donor', null));
    },

    async mine(userId: string): Promise<{ gifts: MonthlyGift[] }> {
      const gifts = [];
      for (const gift of await repo.ofUser(userId)) gifts.push(await view(gift));
      return { gifts };
    },

    async cancelMine(userId: string, giftId: string): Promise<MonthlyGift> {
      await ownGift(userId, giftId);
      return view(await stop(giftId, 'donor', null));
    },

    /** A new card, from a receipt's link or by the signed-in donor: first the setup flow, then the card it saved. */
    cardSetupByLink: async (giftId: string, token: string) => cardSetup(await linkedGift(giftId, token)),
    changeCardByLink: async (giftId: string, token: string, setupIntentId: string) =>
      changeCard(await linkedGift(giftId, token), setupIntentId, null),
    cardSetupMine: async (userId: string, giftId: string) => cardSetup(await ownGift(userId, giftId)),
    changeCardMine: async (user: NonNullable<Actor>, giftId: string, setupIntentId: string) =>
      changeCard(await ownGift(user.id, giftId), setupIntentId, user),

    async adminList(): Promise<AdminMonthlyGifts> {
      const gifts = await repo.everyone();
      const charges = await repo.chargesOf(gifts.map((g) => g.id));
      const out: AdminMonthlyGifts['gifts'] = [];
      for (const gift of gifts) {
        out.push({
          gift_id: gift.id,
          email: gift.email,
          name: gift.name,
          has_account: gift.user_id !== null,
          pence: gift.amount_pence,
          status: gift.status as MonthlyGift['status'],
          ended_by: gift.ended_by,
          gift_aid: gift.gift_aid_first_name !== null,
          next_charge: await nextCharge(gift),
          started_at: gift.started_at,
          failures: charges
            .filter((c) => c.gift_id === gift.id && (c.status === 'declined' || c.status === 'failed'))
            .map((c) => ({
              period: c.period,
              attempts: c.attempts,
              status: c.status as 'declined' | 'failed',
              message: c.last_error,
              next_attempt_at: c.status === 'declined' ? c.next_attempt_at : null,
              at: c.updated_at,
            })),
        });
      }
      return { gifts: out };
    },

    adminStop: async (giftId: string, actor: NonNullable<Actor>) => {
      await stop(giftId, 'admin', actor);
    },

    /**
     * The scheduled jobs: each active gift's month is made once its day has come (one row per gift
     * and month, whichever server makes it), then every due month and retry is charged.
     */
    async runDue(): Promise<{ charged: number; failed: number }> {
      const period = thisMonth();
      for (const gift of await repo.active()) {
        if (chargeDate(period, gift.charge_day) > today()) continue;
        await repo.insertCharge({
          id: randomUUID(),
          gift_id: gift.id,
          period,
          amount_pence: gift.amount_pence,
          status: 'due',
          next_attempt_at: null,
          claimed_at: null,
          claimed_by: null,
          payment_id: null,
          donation_id: null,
          last_error: null,
          created_at: now(),
          updated_at: now(),
        });
      }
      const context = await mailContext();
      let charged = 0;
      let failed = 0;
      const leaseEnd = new Date(clock().getTime() - MONTHLY_LEASE_MS).toISOString();
      for (const charge of await repo.dueCharges(today(), leaseEnd)) {
        const { result } = await chargeOne(charge.id, context);
        if (result === 'charged') charged++;
        if (result === 'failed') failed++;
      }
      await repo.pruneSetups(new Date(clock().getTime() - SETUP_KEPT_MS).toISOString());
      if (failed) mailer.deliverSoon();
      return { charged, failed };
    },
  };
}
export type MonthlyGiftsService = ReturnType<typeof monthlyGiftsService>;
