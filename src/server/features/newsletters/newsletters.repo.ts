import type { Language } from '../../../shared/domain/language';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, NewsletterRecipientsTable, NewslettersTable, OutboxTable, UnsubscribeTokensTable } from '../../db/schema';

/** SQL of the newsletters feature. */
export function newslettersRepo(db: Kysely<Database>) {
  return {
    /** The language of each address that is an account's (decision 191): its newsletter's frame is written in it; others read English. */
    async languagesOf(emailKeys: string[]): Promise<Map<string, Language>> {
      const found = new Map<string, Language>();
      for (let start = 0; start < emailKeys.length; start += 500) {
        const rows = await db
          .selectFrom('users')
          .select(['email_key', 'language'])
          .where('email_key', 'in', emailKeys.slice(start, start + 500))
          .execute();
        for (const row of rows) found.set(row.email_key, row.language);
      }
      return found;
    },
    find(id: string) {
      return db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst();
    },
    all() {
      return db
        .selectFrom('newsletters')
        .innerJoin('mailing_lists', 'mailing_lists.id', 'newsletters.list_id')
        .select([
          'newsletters.id',
          'newsletters.subject',
          'newsletters.status',
          'newsletters.created_at',
          'newsletters.scheduled_at',
          'newsletters.started_at',
          'newsletters.finished_at',
          'newsletters.recipients',
          'mailing_lists.id as list_id',
          'mailing_lists.name as list_name',
        ])
        .orderBy('newsletters.created_at', 'desc')
        .limit(500)
        .execute();
    },
    async insert(row: Insertable<NewslettersTable>): Promise<void> {
      await db.insertInto('newsletters').values(row).execute();
    },
    /** Changes the newsletter only while it is in one of the states given; true when it did. */
    async changeIf(id: string, states: NewslettersTable['status'][], changes: Updateable<NewslettersTable>): Promise<boolean> {
      const result = await db.updateTable('newsletters').set(changes).where('id', '=', id).where('status', 'in', states).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    list(id: string) {
      return db.selectFrom('mailing_lists').selectAll().where('id', '=', id).executeTakeFirst();
    },
    lists() {
      return db.selectFrom('mailing_lists').selectAll().orderBy('created_at').execute();
    },
    /** Explicit subscribers per list topic (people subscribed through their general consent are counted by the audience). */
    async subscriberCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('email_subscriptions')
        .select(['topic', (eb) => eb.fn.countAll<number>().as('n')])
        .where('subscribed', '=', 1)
        .where('topic', 'like', 'list:%')
        .groupBy('topic')
        .execute();
      return new Map(rows.map((r) => [r.topic, Number(r.n)]));
    },
    /** Message counts of a newsletter by outbox status. */
    async outboxCounts(id: string): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('newsletter_id', '=', id)
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
    async excludedCounts(id: string): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('newsletter_recipients')
        .select(['reason', (eb) => eb.fn.countAll<number>().as('n')])
        .where('newsletter_id', '=', id)
        .where('status', '=', 'excluded')
        .groupBy('reason')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.reason ?? '', Number(r.n)]));
    },
    failures(id: string) {
      return db
        .selectFrom('outbox')
        .select(['to_address', 'status', 'last_error'])
        .where('newsletter_id', '=', id)
        .where((eb) =>
          eb.or([eb('status', 'in', ['bounced', 'failed']), eb.and([eb('status', '=', 'cancelled'), eb('last_error', 'is not', null)])]),
        )
        .orderBy('id')
        .limit(200)
        .execute();
    },
    /** Messages not yet in a final state (waiting, being sent, or failed with tries left). */
    async unfinished(id: string, maxAttempts: number): Promise<number> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('newsletter_id', '=', id)
        .where((eb) =>
          eb.or([eb('status', 'in', ['queued', 'sending']), eb.and([eb('status', '=', 'failed'), eb('attempts', '<', maxAttempts)])]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Who a resumed queueing has already written (its earlier batches committed). */
    async recordedKeys(id: string): Promise<Set<string>> {
      const rows = await db.selectFrom('newsletter_recipients').select('email_key').where('newsletter_id', '=', id).execute();
      return new Set(rows.map((r) => r.email_key));
    },
    /**
     * One batch, in the caller's transaction: the recipients (unique per newsletter and address),
     * their messages (unique key) and link tokens. Conflicts are skipped: a batch written again
     * after a crash adds nothing twice.
     */
    async writeBatch(
      trx: Kysely<Database>,
      recipients: Insertable<NewsletterRecipientsTable>[],
      messages: Insertable<OutboxTable>[],
      tokens: Insertable<UnsubscribeTokensTable>[],
    ): Promise<void> {
      if (recipients.length)
        await trx
          .insertInto('newsletter_recipients')
          .values(recipients)
          .onConflict((oc) => oc.columns(['newsletter_id', 'email_key']).doNothing())
          .execute();
      if (tokens.length)
        await trx
          .insertInto('unsubscribe_tokens')
          .values(tokens)
          .onConflict((oc) => oc.column('token_hash').doNothing())
          .execute();
      if (messages.length)
        await trx
          .insertInto('outbox')
          .values(messages)
          .onConflict((oc) => oc.column('unique_key').doNothing())
          .execute();
    },
    /** Messages of a cancelled newsletter that were not sent yet are not sent. */
    async cancelWaiting(trx: Kysely<Database>, id: string): Promise<void> {
      await trx
        .updateTable('outbox')
        .set({ status: 'cancelled', last_error: null, next_attempt_at: null })
        .where('newsletter_id', '=', id)
        .where('status', 'in', ['queued', 'failed'])
        .execute();
    },
    /** Due to start: scheduled and its time come, or queueing whose claim lapsed (its server died). */
    due(now: string) {
      return db
        .selectFrom('newsletters')
        .select(['id', 'status'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'scheduled'), eb('scheduled_at', '<=', now)]),
            eb.and([eb('status', '=', 'queueing'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])]),
            eb('status', '=', 'sending'),
          ]),
        )
        .execute();
    },
    archive() {
      return db
        .selectFrom('newsletters')
        .select(['id', 'subject', 'started_at', 'content'])
        .where('started_at', 'is not', null)
        .where(sql<boolean>`status <> 'draft'`)
        .orderBy('started_at', 'desc')
        .limit(200)
        .execute();
    },
    suppressions() {
      return db
        .selectFrom('mail_suppressions')
        .select(['email', 'reason', 'last_error', 'suppressed_at'])
        .where('suppressed_at', 'is not', null)
        .orderBy('suppressed_at', 'desc')
        .limit(1000)
        .execute();
    },
  };
}
export type NewslettersRepo = ReturnType<typeof newslettersRepo>;
