import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Role } from '../../../shared/api/accounts';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function accountsRepo(db: Kysely<Database>) {
  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
    },

    findAuthById(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'role', 'token_version'])
        .where('id', '=', id)
        .executeTakeFirst();
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

    async failureCounts(key: string, ip: string, since: string): Promise<{ account: number; ip: number }> {
      const [account, fromIp] = await Promise.all([
        db
          .selectFrom('sign_in_failures')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('email_key', '=', key)
          .where('at', '>', since)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('sign_in_failures')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ip', '=', ip)
          .where('at', '>', since)
          .executeTakeFirstOrThrow(),
      ]);
      return { account: Number(account.n), ip: Number(fromIp.n) };
    },

    async recordFailure(key: string, ip: string, at: string, pruneBefore: string): Promise<void> {
      await db.insertInto('sign_in_failures').values({ email_key: key, ip, at }).execute();
      await db.deleteFrom('sign_in_failures').where('at', '<', pruneBefore).execute();
    },

    async clearAccountFailures(key: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('email_key', '=', key).execute();
    },
  };
}
export type AccountsRepo = ReturnType<typeof accountsRepo>;
