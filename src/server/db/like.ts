import { sql, type RawBuilder } from 'kysely';

/** `%text%` for LIKE, lower-cased by Unicode's rules, with the wildcards a person may type matched literally. */
export function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * True where any of the expressions contains `text`, in any case and any script (Armenian, Greek,
 * accented Latin). fold() lower-cases by Unicode's rules on both databases: a function registered
 * with SQLite (whose lower() folds ASCII only) and one the migrations make on PostgreSQL (decision 093).
 */
export function anyContains(expressions: RawBuilder<unknown>[], text: string): RawBuilder<boolean> {
  const like = containing(text);
  const tests = expressions.map((expression) => sql`fold(${expression}) like ${like} escape '\\'`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
