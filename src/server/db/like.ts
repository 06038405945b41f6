import { sql, type RawBuilder } from 'kysely';

/** `%text%` for LIKE, lower-cased, with the wildcards a person may type matched literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * True where any of the lower-cased expressions contains `text`, in any case (for ASCII letters:
 * SQLite's lower() folds only those). Portable: SQLite's LIKE ignores case, PostgreSQL's does not.
 */
export function anyContains(expressions: RawBuilder<unknown>[], text: string): RawBuilder<boolean> {
  const like = containing(text);
  const tests = expressions.map((expression) => sql`lower(${expression}) like ${like} escape '\\'`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
