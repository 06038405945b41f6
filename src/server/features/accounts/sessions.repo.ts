import type { Language } from '../../../shared/domain/language';
import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema';

/** Signed-in sessions and the devices an account has used; SQL only (decision 133). */
export function sessionsRepo(db: Kysely<Database>) {
  return {
    /** The language a person's mail is written in (decision 191). */
    async languageOf(userId: string): Promise<Language> {
      return (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language ?? 'en';
    },
    async insert(trx: Kysely<Database>, row: Insertable<SessionsTable>): Promise<void> {
      await trx.insertInto('sessions').values(row).execute();
    },

    find(id: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'token_version', 'ended_at', 'expires_at', 'last_used_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** At most one write a minute per session: only when the last use is older than `staleBefore`. */
    async touch(id: string, at: string, staleBefore: string, ip: string): Promise<void> {
      await db.updateTable('sessions').set({ last_used_at: at, ip }).where('id', '=', id).where('last_used_at', '<', staleBefore).execute();
    },

    /** The sessions that still open the account: not ended, not expired, of the account's current token version. */
    live(userId: string, now: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.device',
          'sessions.place',
          'sessions.method',
          'sessions.created_at',
          'sessions.last_used_at',
          'sessions.ip',
          'sessions.expires_at',
        ])
        .where('sessions.user_id', '=', userId)
        .where('sessions.ended_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .whereRef('sessions.token_version', '=', 'users.token_version')
        .orderBy('sessions.last_used_at', 'desc')
        .execute();
    },

    /** Ends one session of the account; false when it is not the account's or has ended already. */
    async end(trx: Kysely<Database>, userId: string, id: string, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('sessions')
        .set({ ended_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends every session of the account except `keep` (none kept when it is null); answers how many. */
    async endAllBut(trx: Kysely<Database>, userId: string, keep: string | null, at: string): Promise<number> {
      let query = trx.updateTable('sessions').set({ ended_at: at }).where('user_id', '=', userId).where('ended_at', 'is', null);
      if (keep) query = query.where('id', '<>', keep);
      return Number((await query.executeTakeFirst()).numUpdatedRows);
    },

    /** The session continues under the account's new token version (a password change voided the old ones). */
    async setVersion(trx: Kysely<Database>, id: string, version: number): Promise<void> {
      await trx.updateTable('sessions').set({ token_version: version }).where('id', '=', id).execute();
    },

    /** Records the device; true when the account had never used it before. */
    async rememberDevice(trx: Kysely<Database>, userId: string, deviceKey: string, at: string): Promise<boolean> {
      const known = await trx
        .updateTable('known_devices')
        .set({ last_seen: at })
        .where('user_id', '=', userId)
        .where('device_key', '=', deviceKey)
        .executeTakeFirst();
      if (Number(known.numUpdatedRows) > 0) return false;
      const inserted = await trx
        .insertInto('known_devices')
        .values({ user_id: userId, device_key: deviceKey, first_seen: at, last_seen: at })
        .onConflict((oc) => oc.columns(['user_id', 'device_key']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Forgets sessions a day after they ended or expired, and devices unused for a year. */
    async prune(sessionsBefore: string, devicesBefore: string): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<', sessionsBefore), eb('ended_at', '<', sessionsBefore)]))
        .execute();
      await db.deleteFrom('known_devices').where('last_seen', '<', devicesBefore).execute();
    },

    /** Everything kept about the account's sessions and devices, for its data export. */
    async exportFor(userId: string) {
      const [sessions, devices] = await Promise.all([
        db
          .selectFrom('sessions')
          .select(['device', 'ip', 'place', 'method', 'created_at', 'last_used_at', 'expires_at', 'ended_at'])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute(),
        db.selectFrom('known_devices').select(['first_seen', 'last_seen']).where('user_id', '=', userId).orderBy('first_seen').execute(),
      ]);
      return { sessions, known_devices: devices };
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
