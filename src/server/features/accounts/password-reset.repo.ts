import type { Insertable, Kysely } from 'kysely';
import type { Database, PasswordResetsTable } from '../../db/schema';

export function passwordResetRepo(db: Kysely<Database>) {
  return {
    /** A new link voids every earlier unused one of the user. */
    async replace(reset: Insertable<PasswordResetsTable>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_resets')
          .set({ used_at: reset.created_at })
          .where('user_id', '=', reset.user_id)
          .where('used_at', 'is', null)
          .execute();
        await trx.insertInto('password_resets').values(reset).execute();
      });
    },
    /** The reset with the user's current token version, to tell whether a password changed since. */
    find(tokenHash: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select([
          'password_resets.user_id',
          'password_resets.token_version',
          'password_resets.expires_at',
          'password_resets.used_at',
          'users.token_version as current_token_version',
          'users.email',
        ])
        .where('password_resets.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Sets the password, ends every session (token version) and uses up every link, at once. */
    async resetPassword(userId: string, passwordHash: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
          .where('id', '=', userId)
          .execute();
        await trx.updateTable('password_resets').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
      });
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof passwordResetRepo>;
