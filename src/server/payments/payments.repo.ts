import { londonDate } from '../../shared/domain/london-time';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentStatus, PaymentsTable } from '../db/schema';

export type PaymentRow = Selectable<PaymentsTable>;

/** R-2026-000123: the year and the number within it, six digits (a year of a million receipts would widen it). */
export const receiptNumber = (year: number, n: number) => `R-${year}-${String(n).padStart(6, '0')}`;

export function paymentsRepo(db: Kysely<Database>) {
  return {
    async insert(payment: Insertable<PaymentsTable>): Promise<void> {
      await db.insertInto('payments').values(payment).execute();
    },
    /** A payment recorded by hand for the same person, amount and note since `since` (a double submission). */
    sameRecordedSince(userId: string, amountPence: number, note: string, since: string) {
      return db
        .selectFrom('payments')
        .select('id')
        .where('provider', '=', 'offline')
        .where('user_id', '=', userId)
        .where('amount_pence', '=', amountPence)
        .where('note', '=', note)
        .where('created_at', '>=', since)
        .executeTakeFirst();
    },
    findById(id: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByRef(providerRef: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('provider_ref', '=', providerRef).executeTakeFirst();
    },
    latestSucceeded(email: string, provider: PaymentRow['provider']): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('email', '=', email)
        .where('provider', '=', provider)
        .where('status', '=', 'succeeded')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },
    findByClientSecretHash(hash: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('client_secret_hash', '=', hash).executeTakeFirst();
    },
    async setIntent(id: string, providerRef: string, clientSecretHash: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ provider_ref: providerRef, client_secret_hash: clientSecretHash })
        .where('id', '=', id)
        .execute();
    },
    /**
     * The provider reports the payment as processing (a Direct Debit, decision 175): marked once
     * while it is pending and not already marked; false otherwise (a repeat, or a late report).
     */
    async markProcessing(providerRef: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ processing_since: at, failed_at: null, failure_message: null })
        .where('provider_ref', '=', providerRef)
        .where('status', '=', 'pending')
        .where('processing_since', 'is', null)
        // A failure delivered before this report has the last word (webhooks come in any order).
        .where('failed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * A Direct Debit failed: it is no longer processing and its failure is kept; false when it
     * was told already, or paid. The payment stays pending: money that
     * arrives after all still takes effect (decision 175).
     */
    async markDebitFailed(id: string, at: string, message: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ processing_since: null, failed_at: at, failure_message: message })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('failed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** A payment the provider would not start (its key, its limits, an outage): never to be paid. */
    async markFailed(id: string): Promise<void> {
      await db.updateTable('payments').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'pending').execute();
    },
    /** Marks a pending payment succeeded; false when it was not pending (already fulfilled, or canceled). */
    async claim(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ status: 'succeeded', completed_at: at, processing_since: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Moves a payment on from the state it was read in; false when something changed it since. */
    async changeStatus(
      payment: Pick<PaymentRow, 'id' | 'status' | 'refunded_pence'>,
      next: { status: PaymentStatus; refunded_pence: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set(next)
        .where('id', '=', payment.id)
        .where('status', '=', payment.status)
        .where('refunded_pence', '=', payment.refunded_pence)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * Gives the payment its receipt number, the next of the London year its money arrived in
     * (R-2026-000123), unless it has one. Run in the fulfilment's transaction: the counter's row
     * is locked (PostgreSQL) or the database is (SQLite) until it commits, so two servers never
     * give one number twice.
     */
    async allocateReceiptNumber(id: string, at: string): Promise<string> {
      const given = await db.selectFrom('payments').select('receipt_number').where('id', '=', id).executeTakeFirst();
      if (given?.receipt_number) return given.receipt_number;
      const year = Number(londonDate(new Date(at)).slice(0, 4));
      const { last_number } = await db
        .insertInto('receipt_counters')
        .values({ year, last_number: 1 })
        .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', 1) })))
        .returning('last_number')
        .executeTakeFirstOrThrow();
      const number = receiptNumber(year, last_number);
      const result = await db
        .updateTable('payments')
        .set({ receipt_number: number })
        .where('id', '=', id)
        .where('receipt_number', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return number;
      // Another transaction numbered it first (only an old payment's first receipt can race so).
      return (await db.selectFrom('payments').select('receipt_number').where('id', '=', id).executeTakeFirstOrThrow()).receipt_number!;
    },
    async setPeriod(id: string, start: string, end: string): Promise<void> {
      await db.updateTable('payments').set({ period_start: start, period_end: end }).where('id', '=', id).execute();
    },
    /** Records the admin's decision once; false when it was decided before. */
    async setReview(id: string, review: 'kept' | 'ended'): Promise<boolean> {
      const result = await db.updateTable('payments').set({ review }).where('id', '=', id).where('review', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** False when the event was seen before. */
    async recordWebhookEvent(eventId: string, type: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('webhook_events')
        .values({ event_id: eventId, type, received_at: at })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
export type PaymentsRepo = ReturnType<typeof paymentsRepo>;
