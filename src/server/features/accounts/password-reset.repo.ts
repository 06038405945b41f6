import type { Insertable, Kysely } from 'kysely';
import type { Database, PasswordResetsTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

export function passwordResetRepo(db: Kysely<Database>) {
  function find(tokenHash: string, trx: Kysely<Database> = db) {
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
  }

  return {
    /** A new link voids every earlier unused one of the user. */
    async replace(reset: Insertable<PasswordResetsTable>): Promise<void> {
      await inTransaction(db, async (trx) => {
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
    find,
    /**
     * Uses the link up and, in the same transaction, sets the password, ends every session (token
     * version) and voids the user's other links. The link is claimed by an update that requires it
     * unused, so of several submits at once exactly one gets through; false for the others.
     */
    async resetWithLink(tokenHash: string, passwordHash: string, at: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const reset = await find(tokenHash, trx);
        if (!reset || reset.used_at !== null || reset.expires_at <= at || reset.token_version !== reset.current_token_version) return false;
        const claimed = await trx
          .updateTable('password_resets')
          .set({ used_at: at })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return false;
        await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
          .where('id', '=', reset.user_id)
          .execute();
        await trx
          .updateTable('password_resets')
          .set({ used_at: at })
          .where('user_id', '=', reset.user_id)
          .where('used_at', 'is', null)
          .execute();
        return true;
      });
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof passwordResetRepo>;
