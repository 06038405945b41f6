import type { Kysely } from 'kysely';
import { londonDate } from '../../../shared/domain/london-time';

/** Statuses of a payment whose money arrived, as they stood when this migration was written. */
const COMPLETED = ['succeeded', 'refunded', 'partly_refunded', 'disputed', 'dispute_won', 'dispute_lost'];

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A receipt's short number, R-2026-000123, given once when the money arrives (decision 104):
  // the last number given in each (London) year.
  await db.schema
    .createTable('receipt_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('payments').addColumn('receipt_number', 'text').execute();
  await db.schema.createIndex('payments_receipt_number').unique().on('payments').column('receipt_number').execute();

  await numberEarlierReceipts(db);
}

/** Payments completed before the numbers: numbered in the order their money arrived, year by year. */
export async function numberEarlierReceipts(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<{
    payments: { id: string; status: string; completed_at: string | null; receipt_number: string | null };
    receipt_counters: { year: number; last_number: number };
  }>;
  const paid = await typed
    .selectFrom('payments')
    .select(['id', 'completed_at'])
    .where('status', 'in', COMPLETED)
    .where('completed_at', 'is not', null)
    .where('receipt_number', 'is', null)
    .orderBy('completed_at')
    .orderBy('id')
    .execute();
  const last = new Map<number, number>();
  for (const payment of paid) {
    const year = Number(londonDate(new Date(payment.completed_at!)).slice(0, 4));
    const next = (last.get(year) ?? 0) + 1;
    last.set(year, next);
    await typed
      .updateTable('payments')
      .set({ receipt_number: `R-${year}-${String(next).padStart(6, '0')}` })
      .where('id', '=', payment.id)
      .execute();
  }
  for (const [year, number] of last) await typed.insertInto('receipt_counters').values({ year, last_number: number }).execute();
}
