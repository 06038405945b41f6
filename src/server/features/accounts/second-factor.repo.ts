import type { Insertable, Kysely } from 'kysely';
import type { Database, PasskeysTable } from '../../db/schema';

/** Authenticator apps, recovery codes, passkeys and WebAuthn challenges; SQL only. */
export function secondFactorRepo(db: Kysely<Database>) {
  return {
    totp(userId: string, trx: Kysely<Database> = db) {
      return trx.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** A new, unconfirmed secret replaces an unconfirmed one; a confirmed one is never replaced here. */
    async putPendingTotp(userId: string, secretEnc: string, at: string): Promise<boolean> {
      await db.deleteFrom('totp_factors').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
      const inserted = await db
        .insertInto('totp_factors')
        .values({ user_id: userId, secret_enc: secretEnc, created_at: at, confirmed_at: null })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Accepts the time step once: only when it is newer than every step accepted before, so a
     * code (or an older one) never works twice, however many requests race with it.
     */
    async useStep(trx: Kysely<Database>, userId: string, step: number, confirm: string | null): Promise<boolean> {
      let query = trx.updateTable('totp_factors').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', step);
      query = confirm
        ? query.set({ confirmed_at: confirm }).where('confirmed_at', 'is', null)
        : query.where('confirmed_at', 'is not', null);
      return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
    },

    async deleteTotp(trx: Kysely<Database>, userId: string): Promise<boolean> {
      return Number((await trx.deleteFrom('totp_factors').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows) > 0;
    },

    async replaceRecoveryCodes(trx: Kysely<Database>, userId: string, rows: { id: string; code_hash: string }[], at: string) {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (rows.length)
        await trx
          .insertInto('recovery_codes')
          .values(rows.map((r) => ({ ...r, user_id: userId, created_at: at })))
          .execute();
    },

    /** Uses a recovery code up: of several requests with the same code exactly one succeeds. */
    async useRecoveryCode(trx: Kysely<Database>, userId: string, codeHash: string, at: string): Promise<boolean> {
      const used = await trx
        .updateTable('recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    passkeys(userId: string) {
      return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    },

    passkey(id: string) {
      return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertPasskey(trx: Kysely<Database>, row: Insertable<PasskeysTable>): Promise<void> {
      await trx.insertInto('passkeys').values(row).execute();
    },

    async renamePasskey(userId: string, id: string, name: string): Promise<boolean> {
      const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deletePasskey(trx: Kysely<Database>, userId: string, id: string): Promise<boolean> {
      const result = await trx.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Moves the signature counter on, only from the value the check was made against. */
    async usePasskey(id: string, fromCounter: number, toCounter: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ counter: toCounter, last_used_at: at })
        .where('id', '=', id)
        .where('counter', '=', fromCounter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async putChallenge(row: { challenge: string; user_id: string | null; purpose: 'register' | 'sign-in'; expires_at: string }) {
      // A registration challenge replaces the account's earlier one: only the latest ceremony counts.
      if (row.user_id)
        await db.deleteFrom('webauthn_challenges').where('user_id', '=', row.user_id).where('purpose', '=', 'register').execute();
      await db.insertInto('webauthn_challenges').values(row).execute();
    },

    /** Uses a challenge up: true once, for a challenge of that purpose (and account) still within its time. */
    async takeChallenge(challenge: string, purpose: 'register' | 'sign-in', userId: string | null, now: string): Promise<boolean> {
      let query = db
        .deleteFrom('webauthn_challenges')
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now);
      query = userId ? query.where('user_id', '=', userId) : query.where('user_id', 'is', null);
      return Number((await query.executeTakeFirst()).numDeletedRows) === 1;
    },

    async pruneChallenges(now: string): Promise<void> {
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
    },

    /** What the account's factors are, for its data export (never the secrets or hashes). */
    async exportFor(userId: string) {
      const [totp, codes, keys] = await Promise.all([
        db.selectFrom('totp_factors').select(['created_at', 'confirmed_at']).where('user_id', '=', userId).executeTakeFirst(),
        db.selectFrom('recovery_codes').select(['created_at', 'used_at']).where('user_id', '=', userId).execute(),
        db.selectFrom('passkeys').select(['name', 'created_at', 'last_used_at', 'backed_up']).where('user_id', '=', userId).execute(),
      ]);
      return {
        authenticator_app: totp ?? null,
        recovery_codes: codes,
        passkeys: keys.map((k) => ({ ...k, backed_up: k.backed_up === 1 })),
      };
    },
  };
}
export type SecondFactorRepo = ReturnType<typeof secondFactorRepo>;
