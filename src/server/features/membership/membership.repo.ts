import type { Insertable, Kysely } from 'kysely';
import type { Database, JoinSignInsTable, PendingRegistrationsTable, UsersTable } from '../../db/schema';

export function membershipRepo(db: Kysely<Database>) {
  return {
    async emailTaken(emailKey: string): Promise<boolean> {
      return Boolean(await db.selectFrom('users').select('id').where('email_key', '=', emailKey).executeTakeFirst());
    },
    async insertPending(row: Insertable<PendingRegistrationsTable>): Promise<void> {
      await db.insertInto('pending_registrations').values(row).execute();
    },
    findPending(id: string) {
      return db.selectFrom('pending_registrations').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async deletePending(id: string): Promise<void> {
      await db.deleteFrom('pending_registrations').where('id', '=', id).execute();
    },
    async prunePending(before: string): Promise<void> {
      await db
        .deleteFrom('pending_registrations')
        .where('created_at', '<', before)
        // A joining paid by Direct Debit still processing (up to about a week and a half) is kept (decision 175).
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('payments')
                .select('payments.id')
                .whereRef('payments.reference_id', '=', 'pending_registrations.id')
                .where('payments.status', '=', 'pending')
                .where('payments.processing_since', 'is not', null),
            ),
          ),
        )
        .execute();
    },
    async insertJoinSignIn(row: Insertable<JoinSignInsTable>): Promise<void> {
      await db.insertInto('join_sign_ins').values(row).execute();
    },
    findJoinSignIn(paymentId: string) {
      return db.selectFrom('join_sign_ins').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
    },
    /** Uses the sign-in up; false when it was used already (by this request's twin, or before). */
    async useJoinSignIn(paymentId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('join_sign_ins')
        .set({ used_at: at })
        .where('payment_id', '=', paymentId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async pruneJoinSignIns(now: string): Promise<void> {
      await db.deleteFrom('join_sign_ins').where('expires_at', '<', now).execute();
    },
    /** The account a registration's payment made, once its fulfilment has run. */
    registrationAccount(paymentId: string) {
      return db
        .selectFrom('payments')
        .leftJoin('users', 'users.id', 'payments.user_id')
        .select(['payments.kind', 'payments.status', 'users.id', 'users.email', 'users.role', 'users.token_version', 'users.first_name'])
        .where('payments.id', '=', paymentId)
        .executeTakeFirst();
    },
    async insertUser(user: Insertable<UsersTable>): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },
    /** The admins, each with the language of their mail (decision 191). */
    admins() {
      return db.selectFrom('users').select(['email', 'language']).where('role', '=', 'admin').execute();
    },
    member(id: string) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'email',
          'first_name',
          'last_name',
          'role',
          'tier_index',
          'grad_year',
          'registered_date',
          'last_renewed_date',
          'language',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Moves the member's year on from `current`; false when another change got there first. */
    async renew(id: string, tierIndex: number, current: string | null, lastRenewedDate: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ tier_index: tierIndex, last_renewed_date: lastRenewedDate })
        .where('id', '=', id)
        .where('last_renewed_date', current === null ? 'is' : '=', current)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** The membership year the member's latest registration or renewal bought (not one the admin took back). */
    latestPeriod(userId: string) {
      return db
        .selectFrom('payments')
        .select(['period_start', 'period_end'])
        .where('user_id', '=', userId)
        .where('kind', 'in', ['registration', 'renewal'])
        .where('period_end', 'is not', null)
        .where((eb) => eb.or([eb('review', 'is', null), eb('review', '!=', 'ended')]))
        .orderBy('period_end', 'desc')
        .executeTakeFirst();
    },
    /** Members whose last renewal falls between the dates (inclusive): reminder candidates. */
    renewedBetween(from: string, to: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_renewed_date'])
        .where('tier_index', 'is not', null)
        .where('last_renewed_date', '>=', from)
        .where('last_renewed_date', '<=', to)
        .execute();
    },
    /** Claims a reminder; false when it was sent before (by this or another server). */
    async claimReminder(userId: string, expiry: string, kind: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('reminders_sent')
        .values({ user_id: userId, expiry_date: expiry, kind, sent_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'expiry_date', 'kind']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
