import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PaymentKind } from '../db/schema';
import { addressKey, cardAddressKey } from '../http/client-address';
import { conflict, notFound } from '../http/errors';
import type { RateLimiter } from '../http/rate-limit';
import { intentIdFromSecret, PaymentProviderError, type PaymentProvider } from '../integrations/payments/provider';
import { paymentsRepo, type PaymentRow, type PaymentsRepo } from './payments.repo';
import type { FulfilmentService } from './fulfilment';

export type NewPayment = {
  kind: PaymentKind;
  amountPence: number;
  email: string;
  description: string;
  userId?: string | null;
  tierIndex?: number | null;
  dateEffective?: string | null;
  referenceId?: string | null;
  /** Who started a card payment (req.ip): a decline reported later is counted against them. */
  clientIp?: string;
  /** The payer chose automatic renewal: the card is saved to this provider customer (decision 140). */
  saveForCustomer?: string;
};

/** Settle calls one address may make: the browser settles each payment once, retrying twice at most. */
export const SETTLE_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const secretHash = (clientSecret: string) => createHash('sha256').update(clientSecret).digest('hex');

export type PaymentsDeps = {
  db: Kysely<Database>;
  provider: PaymentProvider;
  fulfilment: FulfilmentService;
  limiter: RateLimiter;
  clock: () => Date;
};

export function paymentsService({ db, provider, fulfilment, limiter, clock }: PaymentsDeps) {
  const repo = paymentsRepo(db);

  async function insertPayment(
    into: PaymentsRepo,
    payment: NewPayment,
    how: Pick<PaymentRow, 'status' | 'provider' | 'completed_at' | 'note'>,
  ): Promise<PaymentRow> {
    const row: PaymentRow = {
      id: randomUUID(),
      kind: payment.kind,
      amount_pence: payment.amountPence,
      provider_ref: null,
      user_id: payment.userId ?? null,
      email: payment.email,
      tier_index: payment.tierIndex ?? null,
      date_effective: payment.dateEffective ?? null,
      reference_id: payment.referenceId ?? null,
      import_id: null,
      import_key: null,
      created_at: clock().toISOString(),
      refunded_pence: 0,
      period_start: null,
      period_end: null,
      client_secret_hash: null,
      client_address: payment.clientIp ? cardAddressKey(payment.clientIp) : null,
      review: null,
      receipt_number: null,
      save_for_customer: payment.saveForCustomer ?? null,
      processing_since: null,
      failed_at: null,
      failure_message: null,
      ...how,
    };
    await into.insert(row);
    return row;
  }

  /**
   * The local payment behind a client secret. Secrets are matched by their hash; a payment begun
   * before hashes were kept is matched by its intent id here and its secret checked with the provider.
   */
  async function byClientSecret(clientSecret: string): Promise<{ payment: PaymentRow; verified: boolean } | undefined> {
    const hashed = await repo.findByClientSecretHash(secretHash(clientSecret));
    if (hashed) return { payment: hashed, verified: true };
    const intentId = intentIdFromSecret(clientSecret);
    const legacy = intentId ? await repo.findByRef(intentId) : undefined;
    return legacy && legacy.client_secret_hash === null ? { payment: legacy, verified: false } : undefined;
  }

  return {
    provider,

    /**
     * Records a pending payment priced by the caller (always on the server) and, when it costs
     * something, asks the provider for a payment intent keyed by the payment's id. If the
     * provider fails, the payment is marked failed and the error answers 502.
     */
    async begin(payment: NewPayment): Promise<{ paymentId: string; clientSecret?: string }> {
      const free = payment.amountPence === 0;
      const { id } = await insertPayment(repo, payment, {
        status: 'pending',
        provider: free ? 'none' : provider.name,
        completed_at: null,
        note: null,
      });
      if (free) return { paymentId: id };
      try {
        const intent = await provider.createIntent({
          amountPence: payment.amountPence,
          description: payment.description,
          metadata: { payment_id: id, kind: payment.kind },
          idempotencyKey: `payment-${id}`,
          ...(payment.saveForCustomer ? { saveForCustomer: payment.saveForCustomer } : {}),
          // A membership may be paid by Bacs Direct Debit; a donation or a booking is wanted at once (decision 175).
          directDebit: payment.kind === 'registration' || payment.kind === 'renewal',
        });
        await repo.setIntent(id, intent.id, secretHash(intent.clientSecret));
        return { paymentId: id, clientSecret: intent.clientSecret };
      } catch (error) {
        if (error instanceof PaymentProviderError) await repo.markFailed(id);
        throw error;
      }
    },

    /**
     * Writes down, in the caller's transaction, a payment the admin received by hand (cheque,
     * bank transfer, cash): succeeded at once, with their note. Its effect follows through
     * fulfilment.fulfilRecorded in the same transaction.
     */
    async recordOffline(trx: Kysely<Database>, payment: NewPayment & { note: string }) {
      const now = clock().toISOString();
      const tenMinutesAgo = new Date(clock().getTime() - 10 * 60 * 1000).toISOString();
      if (payment.userId && (await paymentsRepo(trx).sameRecordedSince(payment.userId, payment.amountPence, payment.note, tenMinutesAgo))) {
        throw conflict('This payment was recorded a moment ago. If it really was paid twice, give the second one a different note.');
      }
      return insertPayment(paymentsRepo(trx), payment, { status: 'succeeded', provider: 'offline', completed_at: now, note: payment.note });
    },

    /**
     * After the card step: fulfils the payment once the provider says it succeeded. The local
     * record is read first, so an unknown secret or a settled payment never costs a call to the
     * provider (whose rate limit covers the whole account); each address is limited too.
     */
    async settle(clientSecret: string, ip: string): Promise<{ status: string }> {
      await limiter.hit(
        { bucket: 'settle', key: addressKey(ip), ...SETTLE_LIMIT },
        'Too many payment checks from this address. Please wait a few minutes and try again.',
      );
      const found = await byClientSecret(clientSecret);
      if (!found || found.payment.provider !== provider.name || !found.payment.provider_ref) throw notFound('Payment not found');
      const { payment, verified } = found;
      if (payment.status !== 'pending') return { status: payment.status };
      const intent = await provider.retrieveIntent(payment.provider_ref!);
      if (!intent || (!verified && !sameSecret(intent.clientSecret, clientSecret))) throw notFound('Payment not found');
      if (intent.status === 'succeeded') await fulfilment.fulfilIntent(intent.id);
      // A Direct Debit submitted to the bank: shown as processing until its webhook (decision 175).
      if (intent.status === 'processing') await repo.markProcessing(intent.id, clock().toISOString());
      return { status: intent.status };
    },

    /**
     * Cancels the card payment of something that can no longer be bought (a lapsed booking hold),
     * so a card step finished late takes no money. An intent paid meanwhile is fulfilled (its
     * handler decides what a late payment means). Provider failures are the caller's to log.
     */
    async cancelUnpaid(paymentId: string): Promise<'canceled' | 'paid' | 'unchanged'> {
      const payment = await repo.findById(paymentId);
      if (!payment?.provider_ref || payment.provider !== provider.name || payment.status !== 'pending') return 'unchanged';
      const intent = await provider.cancelIntent(payment.provider_ref);
      if (intent?.status === 'succeeded') {
        await fulfilment.fulfilIntent(intent.id);
        return 'paid';
      }
      if (intent?.status !== 'canceled') return 'unchanged';
      await repo.changeStatus(payment, { status: 'canceled', refunded_pence: payment.refunded_pence });
      return 'canceled';
    },

    findById(id: string) {
      return repo.findById(id);
    },

    /** The provider reports the payment's Direct Debit as processing (once; a later report changes nothing). */
    async markProcessing(intentId: string): Promise<void> {
      await repo.markProcessing(intentId, clock().toISOString());
    },

    /** The payment behind a client secret, without asking the provider. */
    async forClientSecret(clientSecret: string): Promise<PaymentRow | undefined> {
      return (await byClientSecret(clientSecret))?.payment;
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
