import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, EmailChangesTable, UsersTable } from '../../db/schema';
import type { Language } from '../../../shared/domain/language';

const DETAIL_COLUMNS = [
  'email',
  'tier_index',
  'first_name',
  'last_name',
  'qualifications',
  'workplace',
  'job_title',
  'grad_year',
  'addr_line1',
  'addr_line2',
  'addr_city',
  'addr_post',
  'phone_no',
] as const;

/** What the member's own account pages read and change; SQL only. */
export function accountRepo(db: Kysely<Database>) {
  return {
    user(id: string, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    details(id: string) {
      return db.selectFrom('users').select(DETAIL_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    async updateUser(trx: Kysely<Database>, id: string, changes: Updateable<UsersTable>): Promise<void> {
      await trx.updateTable('users').set(changes).where('id', '=', id).execute();
    },
    /**
     * The member's language, and with it their bookings' and monthly gifts': their next mail about
     * any of them comes in it (decision 191).
     */
    async setLanguage(trx: Kysely<Database>, id: string, language: Language): Promise<void> {
      await trx.updateTable('users').set({ language }).where('id', '=', id).execute();
      await trx.updateTable('event_bookings').set({ language }).where('user_id', '=', id).execute();
      await trx.updateTable('monthly_gifts').set({ language }).where('user_id', '=', id).execute();
    },
    async emailTaken(emailKey: string, trx: Kysely<Database> = db): Promise<boolean> {
      return Boolean(await trx.selectFrom('users').select('id').where('email_key', '=', emailKey).executeTakeFirst());
    },
    /** Sets a new password and raises the token version: every session issued before ends. */
    async setPassword(trx: Kysely<Database>, id: string, passwordHash: string): Promise<void> {
      await trx
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** A new request voids the member's earlier unused ones. */
    async replaceEmailChange(trx: Kysely<Database>, change: Insertable<EmailChangesTable>): Promise<void> {
      await trx
        .updateTable('email_changes')
        .set({ used_at: change.created_at })
        .where('user_id', '=', change.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx.insertInto('email_changes').values(change).execute();
    },
    /** Uses the link up, once: of several confirmations at once exactly one claims it. */
    async claimEmailChange(trx: Kysely<Database>, tokenHash: string, at: string) {
      const change = await trx.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!change || change.used_at !== null || change.expires_at <= at) return undefined;
      const claimed = await trx
        .updateTable('email_changes')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1 ? change : undefined;
    },
    emailChanges(userId: string) {
      return db
        .selectFrom('email_changes')
        .select(['new_email', 'created_at', 'expires_at', 'used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    /**
     * Addresses the account has used, besides its current one: those it changed to, and those its
     * payments and consent choices were made with (the address it joined with, before a change).
     */
    async earlierAddresses(userId: string): Promise<string[]> {
      const [changes, payments, consents] = await Promise.all([
        db.selectFrom('email_changes').select('new_email as address').where('user_id', '=', userId).execute(),
        db.selectFrom('payments').select('email as address').where('user_id', '=', userId).execute(),
        db.selectFrom('consents').select('email_key as address').where('user_id', '=', userId).execute(),
      ]);
      return [...changes, ...payments, ...consents].map((row) => row.address);
    },

    /** Newest first: the first is the current choice. A donor's choice before the account existed counts too. */
    consents(userId: string, emailKey: string) {
      return db
        .selectFrom('consents')
        .selectAll()
        .where((eb) => eb.or([eb('user_id', '=', userId), eb.and([eb('user_id', 'is', null), eb('email_key', '=', emailKey)])]))
        .orderBy('at', 'desc')
        .execute();
    },

    /**
     * The member's payments, newest first: by account, and those made with the account's address
     * before it existed (a donation); a booking's with its event's title (what was bought).
     */
    payments(userId: string, emailKey: string) {
      return db
        .selectFrom('payments')
        .leftJoin('event_bookings as b', (join) => join.onRef('b.id', '=', 'payments.reference_id').on('payments.kind', '=', 'booking'))
        .leftJoin('events as e', 'e.id', 'b.event_id')
        .selectAll('payments')
        .select(['e.title as event_title', 'e.title_hy as event_title_hy'])
        .where((eb) =>
          eb.or([
            eb('payments.user_id', '=', userId),
            eb.and([eb('payments.user_id', 'is', null), eb(sql<string>`lower(payments.email)`, '=', emailKey)]),
          ]),
        )
        .orderBy('payments.created_at', 'desc')
        .execute();
    },
    mailOfKinds(addresses: string[], kinds: readonly string[]) {
      return db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'subject', 'kind', 'created_at'])
        .where(sql<string>`lower(to_address)`, 'in', addresses)
        .where('kind', 'in', kinds)
        .orderBy('id', 'desc')
        .execute();
    },
    outboxMessage(id: number) {
      return db.selectFrom('outbox').select(['subject', 'kind', 'text_body', 'html_body']).where('id', '=', id).executeTakeFirst();
    },
  };
}
export type AccountRepo = ReturnType<typeof accountRepo>;
