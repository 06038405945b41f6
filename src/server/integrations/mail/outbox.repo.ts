import { sql, type Insertable, type Kysely } from 'kysely';
import { anyContains } from '../../db/like';
import type { Database, OutboxTable } from '../../db/schema';

export type OutboxFilter = { status?: OutboxTable['status']; q: string };

export function outboxRepo(db: Kysely<Database>) {
  function filtered({ status, q }: OutboxFilter) {
    let query = db.selectFrom('outbox');
    if (status) query = query.where('status', '=', status);
    if (q) query = query.where(anyContains([sql.ref('to_address'), sql.ref('subject')], q));
    return query;
  }

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
      await db
        .updateTable('outbox')
        .set({ status: 'failed', last_error: error.slice(0, 500) })
        .where('id', '=', id)
        .execute();
    },
    /** A page of messages, newest first, without their bodies (the admin's outbox view). */
    page(filter: OutboxFilter, limit: number, offset: number) {
      return filtered(filter)
        .select(['id', 'to_address', 'subject', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async count(filter: OutboxFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    find(id: number) {
      return db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'subject', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'sent_at', 'text_body'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Newest first; for the browser journeys. */
    recent: (to?: string, limit = 50) => {
      let query = db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'text_body', 'kind', 'status', 'created_at']);
      if (to) query = query.where('to_address', '=', to);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
