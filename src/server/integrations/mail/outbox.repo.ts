import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxTable } from '../../db/schema';

export function outboxRepo(db: Kysely<Database>) {
  return {
    async insert(message: Insertable<OutboxTable>): Promise<number> {
      const row = await db.insertInto('outbox').values(message).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /** Messages waiting for SMTP: new ones and failed ones with tries left. */
    deliverable(maxAttempts: number) {
      return db
        .selectFrom('outbox')
        .selectAll()
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'failed'), eb('attempts', '<', maxAttempts)])]))
        .orderBy('id')
        .limit(50)
        .execute();
    },
    /** Claims a message for sending; false when another server took it first. */
    async claim(id: number, attempts: number): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set({ attempts: attempts + 1 })
        .where('id', '=', id)
        .where('attempts', '=', attempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async markSent(id: number, at: string): Promise<void> {
      await db.updateTable('outbox').set({ status: 'sent', sent_at: at, last_error: null }).where('id', '=', id).execute();
    },
    async markFailed(id: number, error: string): Promise<void> {
      await db.updateTable('outbox').set({ status: 'failed', last_error: error.slice(0, 500) }).where('id', '=', id).execute();
    },
    /** Newest first; for the offline site's outbox view and the browser journeys. */
    recent(to?: string, limit = 50) {
      let query = db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'text_body', 'kind', 'status', 'created_at']);
      if (to) query = query.where('to_address', '=', to);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
export type OutboxRepo = ReturnType<typeof outboxRepo>;
