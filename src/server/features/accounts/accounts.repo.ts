import type { Insertable, Kysely, Selectable } from 'kysely';
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

    findAuthById(id: string) {
      return db.selectFrom('users').select(['id', 'email', 'role', 'token_version']).where('id', '=', id).executeTakeFirst();
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

    /** Records a sign-in attempt before its password is checked, so parallel guesses all count. */
    async recordAttempt(key: string, ip: string, at: string, pruneBefore: string): Promise<number> {
      await db.deleteFrom('sign_in_failures').where('at', '<', pruneBefore).execute();
      const row = await db.insertInto('sign_in_failures').values({ email_key: key, ip, at }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async deleteAttempt(id: number): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
    },

    /** How many attempts since `since` for the account and for the address, and the oldest of each. */
    async attemptStats(key: string, ip: string, since: string) {
      const stats = (column: 'email_key' | 'ip', value: string) =>
        db
          .selectFrom('sign_in_failures')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
          .where(column, '=', value)
          .where('at', '>', since)
          .executeTakeFirstOrThrow()
          .then((row) => ({ count: Number(row.n), oldest: row.oldest }));
      const [account, fromIp] = await Promise.all([stats('email_key', key), stats('ip', ip)]);
      return { account, ip: fromIp };
    },

    async clearAccountFailures(key: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('email_key', '=', key).execute();
    },
  };
}
export type AccountsRepo = ReturnType<typeof accountsRepo>;
