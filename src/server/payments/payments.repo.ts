import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentsTable } from '../db/schema';

export type PaymentRow = Selectable<PaymentsTable>;

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
    async setProviderRef(id: string, providerRef: string): Promise<void> {
      await db.updateTable('payments').set({ provider_ref: providerRef }).where('id', '=', id).execute();
    },
    /** Marks a pending payment succeeded; false when it was not pending (already fulfilled). */
    async claim(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ status: 'succeeded', completed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
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
