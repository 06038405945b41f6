import type { Kysely } from 'kysely';
import type { Database } from './schema';

export function rateLimitRepo(db: Kysely<Database>) {
  return {
    async record(bucket: string, key: string, at: string): Promise<number> {
      const row = await db.insertInto('rate_limit_hits').values({ bucket, key, at }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('id', '=', id).execute();
    },
    async stats(bucket: string, key: string, since: string): Promise<{ count: number; oldest: string | null }> {
      const row = await db
        .selectFrom('rate_limit_hits')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
        .where('bucket', '=', bucket)
        .where('key', '=', key)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: row.oldest ?? null };
    },
    async prune(before: string): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('at', '<', before).execute();
    },
  };
}
