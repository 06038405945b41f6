import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function siteTextRepo(db: Kysely<Database>) {
  return {
    all(): Promise<{ key: string; value: string }[]> {
      return db.selectFrom('strings').select(['key', 'value']).orderBy('key').execute();
    },

    async get(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('strings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async set(key: string, value: string, at: string, by: string | null): Promise<void> {
      await db
        .insertInto('strings')
        .values({ key, value, updated_at: at, updated_by: by })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at, updated_by: by }))
        .execute();
    },
  };
}
