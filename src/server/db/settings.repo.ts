import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** "true" when the admin offers Gift Aid (it also needs a charity number: see giftAidSetting). */
export const GIFT_AID_ENABLED = 'gift_aid_enabled';

/** Reads a setting, first storing `initial()` when it is missing (safe when two servers start at once). */
export async function settingOrInit(db: Kysely<Database>, key: string, initial: () => string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: initial() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** JWT_SECRET when given, otherwise a random secret generated once and kept in the database. */
export function jwtSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return settingOrInit(db, 'jwt_secret', () => randomBytes(48).toString('base64url'));
}

export async function getSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function setSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
