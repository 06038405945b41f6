import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import { keysetPage, type PageWindow } from '../../db/keyset';
import { anyContains } from '../../db/like';
import type { Database, OutboxTable } from '../../db/schema';

export type OutboxFilter = { status?: OutboxTable['status']; q: string };

/** New (and not held back by not_before), failed with tries left once its wait is over, or claimed by a run whose lease lapsed. */
function dueCondition(eb: ExpressionBuilder<Database, 'outbox'>, maxAttempts: number, now: string) {
  return eb.or([
    eb.and([eb('status', '=', 'queued'), eb.or([eb('not_before', 'is', null), eb('not_before', '<=', now)])]),
    eb.and([
      eb('status', '=', 'failed'),
      eb('attempts', '<', maxAttempts),
      eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
    ]),
    eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now), eb('attempts', '<', maxAttempts)]),
  ]);
}

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
    /**
     * Claims the oldest message due for sending: new, failed with tries left once its wait is
     * over, or claimed by a run whose lease lapsed. The condition is checked again in the update
     * itself, so of two runs (or servers) racing for a message one wins and the other moves on.
     * A message queued without a Message-ID (before they were given at queueing) keeps the one
     * given at its first claim, so every try carries the same.
     */
    async claimNext(maxAttempts: number, now: string, leaseUntil: string, messageId: string, bulk = false) {
      const due = (eb: ExpressionBuilder<Database, 'outbox'>) => dueCondition(eb, maxAttempts, now);
      const candidates = await db
        .selectFrom('outbox')
        .select('id')
        .where('bulk', '=', bulk ? 1 : 0)
        .where(due)
        .orderBy('id')
        .limit(10)
        .execute();
      for (const { id } of candidates) {
        const claimed = await db
          .updateTable('outbox')
          .set((eb) => ({
            status: 'sending',
            lease_until: leaseUntil,
            attempts: eb('attempts', '+', 1),
            message_id: eb.fn.coalesce('message_id', eb.val(messageId)),
          }))
          .where('id', '=', id)
          .where(due)
          .returning([
            'id',
            'to_address',
            'subject',
            'text_body',
            'html_body',
            'message_id',
            'attempts',
            'attachments',
            'headers',
            'bulk',
            'newsletter_id',
          ])
          .executeTakeFirst();
        if (claimed) return { ...claimed, id: Number(claimed.id) };
      }
      return undefined;
    },
    /** Whether any message of the kind (bulk or not) is due. */
    async hasDue(maxAttempts: number, now: string, bulk: boolean): Promise<boolean> {
      const row = await db
        .selectFrom('outbox')
        .select('id')
        .where('bulk', '=', bulk ? 1 : 0)
        .where((eb) => dueCondition(eb, maxAttempts, now))
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },
    /** A message that must not go after all (its newsletter was cancelled, its reader unsubscribed). */
    async markCancelled(id: number, leaseUntil: string, why: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ status: 'cancelled', last_error: why.slice(0, 500), lease_until: null, next_attempt_at: null })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('lease_until', '=', leaseUntil)
        .execute();
    },
    /** Refused for good by the receiving server: never tried again. */
    async markBounced(id: number, leaseUntil: string, error: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ status: 'bounced', last_error: error.slice(0, 500), lease_until: null, next_attempt_at: null })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('lease_until', '=', leaseUntil)
        .execute();
    },
    /** A message whose last try crashed mid-send, with no tries left, is failed for good. */
    async abandonLapsed(maxAttempts: number, now: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ status: 'failed', lease_until: null, last_error: 'Delivery was interrupted too many times' })
        .where('status', '=', 'sending')
        .where('lease_until', '<', now)
        .where('attempts', '>=', maxAttempts)
        .execute();
    },
    async markSent(id: number, at: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: at, last_error: null, lease_until: null, next_attempt_at: null })
        .where('id', '=', id)
        .execute();
    },
    /**
     * Only while this run's claim still holds: when its send outlasted the lease and another run
     * took the message (or marked it sent), a late failure here must not queue a further try.
     */
    async markFailed(id: number, leaseUntil: string, error: string, retryAt: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ status: 'failed', last_error: error.slice(0, 500), lease_until: null, next_attempt_at: retryAt })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('lease_until', '=', leaseUntil)
        .execute();
    },
    /** A page of messages, newest first by id (a keyset: decision 094), without their bodies (the admin's outbox view). */
    page(filter: OutboxFilter, window: PageWindow) {
      return keysetPage(
        filtered(filter).select(['id', 'to_address', 'subject', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'sent_at']),
        { parts: [sql.ref('id')], dir: 'desc' },
        window,
      );
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
    /** The latest time a queued message of this kind waits for: the next one of a steady stream goes after it. */
    async lastNotBefore(kind: string): Promise<string | null> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('not_before').as('latest'))
        .where('kind', '=', kind)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return row?.latest ?? null;
    },
    /** Newest first; for the browser journeys. */
    recent: (to?: string, limit = 50) => {
      let query = db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'subject', 'text_body', 'kind', 'status', 'created_at', 'attachments']);
      if (to) query = query.where('to_address', '=', to);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
