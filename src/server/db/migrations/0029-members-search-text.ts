import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Landed migrations are never edited: add a new numbered file instead.

/**
 * PostgreSQL: each member's name and address folded once, when written, into a stored generated
 * column (`search_text`), with the trigram index on it instead of on the expression (decision 093).
 * The index only proposes candidates; every one is checked again against the text, and folding
 * (ICU's lower case) for each candidate at every search cost more than the rest of the query:
 * 15 ms and more for a common name at 10,000 members. SQLite keeps its FTS5 table.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table users add column search_text text generated always as (fold(first_name || ' ' || last_name || ' ' || email_key)) stored`.execute(
    db,
  );
  const trgm = (await sql<{ n: number }>`select count(*) as n from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0];
  if (Number(trgm?.n) > 0) {
    await sql`drop index if exists users_search`.execute(db);
    await sql`create index users_search on users using gin (search_text gin_trgm_ops)`.execute(db);
  }
}
