import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database';
import type { Database } from './schema';

/**
 * Merges the members' search index on SQLite (the FTS5 table `users_search`, decision 093) into one
 * segment. FTS5 writes a segment for every transaction that changes a name or an address and merges
 * them only when many have piled up, and a search reads every segment: at 10,000 members written in
 * batches, as an import writes them, a search of a distinctive part took about three times as long
 * as after merging. Merging 10,000 members takes about 11 ms. Run by the hourly jobs and after an
 * import is committed or undone.
 * PostgreSQL needs nothing of the kind: autovacuum flushes its trigram index's pending entries.
 */
export async function mergeMemberSearchIndex(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`insert into users_search (users_search) values ('optimize')`.execute(db);
}
