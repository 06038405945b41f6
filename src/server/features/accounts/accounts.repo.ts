import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Role } from '../../../shared/api/accounts';
import { emailKey } from '../../../shared/domain/email';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export { emailKey };

export function accountsRepo(db: Kysely<Database>) {
  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
    },

    /** What every authenticated request needs: role, token version, and whether the account has a second factor. */
    async findAuthById(id: string) {
      const row = await db
        .selectFrom('users')
        .select((eb) => [
          'id',
          'email',
          'role',
          'token_version',
          'first_name',
          'staff_since',
          eb
            .exists(
              eb
                .selectFrom('totp_factors')
                .select('totp_factors.user_id')
                .whereRef('totp_factors.user_id', '=', 'users.id')
                .where('totp_factors.confirmed_at', 'is not', null),
            )
            .as('has_totp'),
          eb.exists(eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.user_id', '=', 'users.id')).as('has_passkey'),
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { has_totp, has_passkey, ...user } = row;
      // SQLite answers exists() as 0 or 1, PostgreSQL as a boolean.
      return { ...user, has_factor: Boolean(Number(has_totp)) || Boolean(Number(has_passkey)) };
    },

    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Starts the grace period of a staff account without a factor, once. */
    async markStaffSince(id: string, at: string): Promise<void> {
      await db.updateTable('users').set({ staff_since: at }).where('id', '=', id).where('staff_since', 'is', null).execute();
    },

    async insert(user: NewUser): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },

    async adminCount(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setRole(id: string, role: Role): Promise<void> {
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },

    /** Records a sign-in attempt as in progress before its password is checked, so parallel guesses all hold a place. */
    async recordAttempt(key: string, ip: string, at: string, pruneBefore: string): Promise<number> {
      await db.deleteFrom('sign_in_failures').where('at', '<', pruneBefore).execute();
      const row = await db
        .insertInto('sign_in_failures')
        .values({ email_key: key, ip, at, pending: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The password was wrong: the attempt stays, as a failure. */
    async markFailed(id: number): Promise<void> {
      await db.updateTable('sign_in_failures').set({ pending: 0 }).where('id', '=', id).execute();
    },

    async deleteAttempt(id: number): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
    },

    /**
     * For the account and for the address: failures since `since` and the oldest of them, and the
     * attempts still in progress that came before `attempt` (those started before `staleBefore`
     * belong to a server that stopped mid-check and are ignored).
     */
    async attemptStats(key: string, ip: string, since: string, attempt: number, staleBefore: string) {
      const stats = (column: 'email_key' | 'ip', value: string) =>
        db
          .selectFrom('sign_in_failures')
          .select([
            sql<number>`coalesce(sum(case when pending = 0 and at > ${since} then 1 else 0 end), 0)`.as('failures'),
            sql<string | null>`min(case when pending = 0 and at > ${since} then at end)`.as('oldest'),
            sql<number>`coalesce(sum(case when pending = 1 and id < ${attempt} and at > ${staleBefore} then 1 else 0 end), 0)`.as('ahead'),
          ])
          .where(column, '=', value)
          .executeTakeFirstOrThrow()
          .then((row) => ({ failures: Number(row.failures), oldest: row.oldest, ahead: Number(row.ahead) }));
      const [account, fromIp] = await Promise.all([stats('email_key', key), stats('ip', ip)]);
      return { account, ip: fromIp };
    },

    /** Ends every token of the user: tokens carry the version they were issued under. */
    async endAllSessions(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** The admin sees who has signed in (an imported member taking up their invitation, decision 111). */
    async recordSignIn(id: string, at: string): Promise<void> {
      await db.updateTable('users').set({ last_signed_in_at: at }).where('id', '=', id).execute();
    },

    async clearAccountFailures(key: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('email_key', '=', key).where('pending', '=', 0).execute();
    },
  };
}
export type AccountsRepo = ReturnType<typeof accountsRepo>;
