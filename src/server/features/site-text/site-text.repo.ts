import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function siteTextRepo(db: Kysely<Database>) {
  return {
    all(): Promise<{ key: string; value: string }[]> {
      return db.selectFrom('strings').select(['key', 'value']).orderBy('key').execute();
    },

    /** Saved values with when and by whom (the e-mail as it is now; null for the site's own). */
    saved(): Promise<{ key: string; value: string; updated_at: string; updated_by: string | null }[]> {
      return db
        .selectFrom('strings')
        .leftJoin('users', 'users.id', 'strings.updated_by')
        .select(['strings.key', 'strings.value', 'strings.updated_at', 'users.email as updated_by'])
        .execute();
    },

    async get(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('strings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async getMany(keys: string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await db.selectFrom('strings').select(['key', 'value']).where('key', 'in', keys).execute();
      return new Map(rows.map((row) => [row.key, row.value]));
    },

    async set(key: string, value: string, at: string, by: string | null): Promise<void> {
      await db
        .insertInto('strings')
        .values({ key, value, updated_at: at, updated_by: by })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at, updated_by: by }))
        .execute();
    },

    /** Forgets the saved value, so the default shipped in code shows again; false when none was saved. */
    async remove(key: string): Promise<boolean> {
      const result = await db.deleteFrom('strings').where('key', '=', key).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
