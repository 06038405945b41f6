import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { siteTextRepo } from './site-text.repo';

/**
 * How long a copy read from the database is trusted. This server forgets it at once when it
 * saves a text; another server on the same database sees that change within this time.
 */
export const SAVED_TEXTS_TTL_MS = 5_000;

/**
 * The saved site texts, kept in memory: every page, its head and the string table read them, so
 * the database is asked at most once per few seconds instead of on every request.
 */
export function savedTextsCache(db: Kysely<Database>, now: () => number = () => performance.now()) {
  let copy: { readAt: number; texts: Promise<ReadonlyMap<string, string>> } | null = null;
  return {
    get(): Promise<ReadonlyMap<string, string>> {
      if (copy && now() - copy.readAt < SAVED_TEXTS_TTL_MS) return copy.texts;
      const texts = siteTextRepo(db)
        .all()
        .then((rows) => new Map(rows.map((row) => [row.key, row.value])));
      const entry = { readAt: now(), texts };
      copy = entry;
      // A failed read is not kept: the next request asks again.
      texts.catch(() => {
        if (copy === entry) copy = null;
      });
      return texts;
    },
    /** After a save has committed: the next read goes to the database. */
    forget(): void {
      copy = null;
    },
  };
}
export type SavedTextsCache = ReturnType<typeof savedTextsCache>;
