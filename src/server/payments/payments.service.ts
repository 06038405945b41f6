import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PaymentKind } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { intentIdFromSecret, type PaymentProvider } from '../integrations/payments/provider';
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
};

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function paymentsService(db: Kysely<Database>, provider: PaymentProvider, fulfilment: FulfilmentService, clock: () => Date) {
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
      created_at: clock().toISOString(),
      ...how,
    };
    await into.insert(row);
    return row;
  }

  return {
    provider,

    /**
     * Records a pending payment priced by the caller (always on the server) and, when it costs
     * something, asks the provider for a payment intent keyed by the payment's id.
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
      const intent = await provider.createIntent({
        amountPence: payment.amountPence,
        description: payment.description,
        metadata: { payment_id: id, kind: payment.kind },
        idempotencyKey: `payment-${id}`,
      });
      await repo.setProviderRef(id, intent.id);
      return { paymentId: id, clientSecret: intent.clientSecret };
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

    /** After the card step: asks the provider how the intent stands and fulfils it once it has succeeded. */
    async settle(clientSecret: string): Promise<{ status: string }> {
      const intentId = intentIdFromSecret(clientSecret);
      const intent = intentId ? await provider.retrieveIntent(intentId) : undefined;
      if (!intent || !sameSecret(intent.clientSecret, clientSecret)) throw notFound('Payment not found');
      if (intent.status === 'succeeded') await fulfilment.fulfilIntent(intent.id);
      return { status: intent.status };
    },

    findById(id: string) {
      return repo.findById(id);
    },

    /** The payment behind a client secret, without asking the provider. */
    forClientSecret(clientSecret: string) {
      const intentId = intentIdFromSecret(clientSecret);
      return intentId ? repo.findByRef(intentId) : Promise.resolve(undefined);
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
