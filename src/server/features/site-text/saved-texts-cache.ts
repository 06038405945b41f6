import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { shortLived, type ShortLived } from '../../short-lived';
import { siteTextRepo } from './site-text.repo';

/** The saved site texts, kept in memory: every page, its head and the string table read them. */
export function savedTextsCache(db: Kysely<Database>) {
  return shortLived(async () => new Map((await siteTextRepo(db).all()).map((row) => [row.key, row.value])) as ReadonlyMap<string, string>);
}
export type SavedTextsCache = ShortLived<ReadonlyMap<string, string>>;
