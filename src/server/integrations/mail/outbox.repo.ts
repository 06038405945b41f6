import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Updateable } from 'kysely';
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

/** What a claim's settlement writes besides ending the claim. */
type Settlement = Pick<Updateable<OutboxTable>, 'status' | 'last_error' | 'next_attempt_at' | 'attempts'>;

export function outboxRepo(db: Kysely<Database>) {
  function filtered({ status, q }: OutboxFilter) {
    let query = db.selectFrom('outbox');
    if (status) query = query.where('status', '=', status);
    if (q) query = query.where(anyContains([sql.ref('to_address'), sql.ref('subject')], q));
    return query;
  }

  /**
   * Ends this run's claim on a message with an outcome, only while the claim still holds: when
   * its send outlasted the lease and another run took the message (or marked it sent), a late
   * outcome here must not undo that or queue a further try.
   */
  async function settleClaim(id: number, leaseUntil: string, outcome: Settlement): Promise<void> {
    await db
      .updateTable('outbox')
      .set({ ...outcome, lease_until: null, claimed_by: null })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('lease_until', '=', leaseUntil)
      .execute();
  }

  return {
    async insert(message: Insertable<OutboxTable>): Promise<number> {
      const row = await db.insertInto('outbox').values(message).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /**
     * Claims the oldest message due for sending, of the kind asked for (bulk or the site's own):
     * new, failed with tries left once its wait is over, or claimed by a run whose lease lapsed.
     * The condition is checked again in the update itself, so of two runs (or servers) racing for
     * a message one wins and the other moves on. The claim names the server (`claimant`,
     * "host:port", decision 097). A message queued without a Message-ID (before they were given at
     * queueing) keeps the one given at its first claim, so every try carries the same.
     */
    async claimNext(maxAttempts: number, now: string, leaseUntil: string, messageId: string, claimant: string, bulk = false) {
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
            claimed_by: claimant,
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
            'expires_at',
            'on_expiry',
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
    /**
     * Gives back a claim whose message was never handed to the SMTP server (the loop is stopping):
     * due again at once, as if never claimed, for this server after its restart or for another.
     */
    async release(id: number, leaseUntil: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set((eb) => ({ status: 'queued', lease_until: null, claimed_by: null, attempts: eb('attempts', '-', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('lease_until', '=', leaseUntil)
        .execute();
    },
    /**
     * At start: claims this server still holds from before it stopped (killed mid-send, or its
     * stop outlasted the grace period) are due again at once, not when their lease lapses. Each
     * keeps its Message-ID, so a copy the SMTP server did accept is recognisable as a repeat.
     */
    async releaseOwn(claimant: string): Promise<number> {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'queued', lease_until: null, claimed_by: null })
        .where('status', '=', 'sending')
        .where('claimed_by', '=', claimant)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Puts the expiry message in place of one whose link expired before it could go (under this run's claim). */
    async replaceExpired(id: number, leaseUntil: string, replacement: { subject: string; text: string; html: string }): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set({
          subject: replacement.subject,
          text_body: replacement.text,
          html_body: replacement.html,
          attachments: null,
          expires_at: null,
          on_expiry: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('lease_until', '=', leaseUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** A message whose link expired, with nothing to send instead: failed for good, never sent. */
    async dropExpired(id: number, leaseUntil: string, maxAttempts: number): Promise<void> {
      await settleClaim(id, leaseUntil, {
        status: 'failed',
        attempts: maxAttempts,
        last_error: 'Not sent: its link had expired before it could be delivered',
      });
    },
    /** A message that must not go after all (its newsletter was cancelled, its reader unsubscribed). */
    async markCancelled(id: number, leaseUntil: string, why: string): Promise<void> {
      await settleClaim(id, leaseUntil, { status: 'cancelled', last_error: why.slice(0, 500), next_attempt_at: null });
    },
    /** Refused for good by the receiving server: never tried again (decision 123). */
    async markBounced(id: number, leaseUntil: string, error: string): Promise<void> {
      await settleClaim(id, leaseUntil, { status: 'bounced', last_error: error.slice(0, 500), next_attempt_at: null });
    },
    /** A message whose last try crashed mid-send, with no tries left, is failed for good. */
    async abandonLapsed(maxAttempts: number, now: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ status: 'failed', lease_until: null, claimed_by: null, last_error: 'Delivery was interrupted too many times' })
        .where('status', '=', 'sending')
        .where('lease_until', '<', now)
        .where('attempts', '>=', maxAttempts)
        .execute();
    },
    async markSent(id: number, at: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: at, last_error: null, lease_until: null, claimed_by: null, next_attempt_at: null })
        .where('id', '=', id)
        .execute();
    },
    /** A failed try with tries left: due again at `retryAt` (only while this run's claim holds). */
    async markFailed(id: number, leaseUntil: string, error: string, retryAt: string): Promise<void> {
      await settleClaim(id, leaseUntil, { status: 'failed', last_error: error.slice(0, 500), next_attempt_at: retryAt });
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
