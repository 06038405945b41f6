import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * Lists read by keyset (decision 094): a list is ordered by a tuple of expressions (ending with
 * the row's id), all in one direction, that an index holds in that order. The next page starts
 * after the last row's tuple, so page 300 costs what page 1 does, and rows added meanwhile never
 * shift a page. The tuple travels as an opaque cursor.
 */
export type Keyset = { parts: RawBuilder<unknown>[]; dir: 'asc' | 'desc' };

/** A page asked for by number (offset), or after or before a cursor. */
export type PageWindow = { limit: number; offset: number; after?: unknown[]; before?: unknown[] };

export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The tuple in a cursor, or undefined when it is not one of `size` plain values (made up, or of another order). */
export function decodeCursor(cursor: string | undefined, size: number): unknown[] | undefined {
  if (!cursor) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(values) || values.length !== size) return undefined;
    return values.every((v) => v === null || typeof v === 'string' || typeof v === 'number') ? values : undefined;
  } catch {
    return undefined;
  }
}

/** The order's expressions, each selected as k0, k1, ... so a row's cursor can be made from it. */
export function keyColumns(keyset: Keyset): RawBuilder<unknown>[] {
  return keyset.parts.map((part, i) => sql`${part}`.as(`k${i}`) as unknown as RawBuilder<unknown>);
}

export function cursorOf(row: Record<string, unknown>, keyset: Keyset): string {
  return encodeCursor(keyset.parts.map((_, i) => row[`k${i}`] ?? null));
}

/**
 * `(k0, k1, ...) > (v0, v1, ...)` in the order's direction (reversed when reading backwards), with
 * `k0 >= v0` beside it: SQLite seeks the index by that bound (a row value alone, it scans from the
 * start of the index); PostgreSQL seeks by either.
 */
export function beyond(keyset: Keyset, values: unknown[], backwards = false): RawBuilder<boolean> {
  const forward = keyset.dir === 'asc' ? !backwards : backwards;
  const op = sql.raw(forward ? '>' : '<');
  const bound = sql.raw(forward ? '>=' : '<=');
  const tuple = sql`(${sql.join(keyset.parts)}) ${op} (${sql.join(values.map((v) => sql`${v}`))})`;
  return sql<boolean>`(${keyset.parts[0]} ${bound} ${values[0]} and ${tuple})`;
}

/** ORDER BY the tuple, forwards or backwards. */
export function orderings(keyset: Keyset, backwards = false): RawBuilder<unknown>[] {
  const dir = sql.raw((keyset.dir === 'asc') !== backwards ? 'asc' : 'desc');
  return keyset.parts.map((part) => sql`${part} ${dir}`);
}

/**
 * One page of `query` in the keyset's order: after or before a cursor when given, else at the
 * offset (a page asked for by number). Reads one row more than the page to know whether another
 * follows. Rows carry the key columns k0, k1, ...; the cursors of the pages either side are null
 * at the ends.
 */
export async function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keyset: Keyset,
  window: PageWindow,
): Promise<{ rows: (O & Record<string, unknown>)[]; next: string | null; prev: string | null }> {
  const backwards = window.before !== undefined;
  let q = query.select(keyColumns(keyset) as never) as unknown as SelectQueryBuilder<DB, TB, O & Record<string, unknown>>;
  for (const ordering of orderings(keyset, backwards)) q = q.orderBy(ordering as never);
  if (window.after) q = q.where(beyond(keyset, window.after) as never);
  else if (window.before) q = q.where(beyond(keyset, window.before, true) as never);
  else q = q.offset(window.offset);
  const read = await q.limit(window.limit + 1).execute();
  const more = read.length > window.limit;
  const rows = read.slice(0, window.limit);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  const cursor = (row: Record<string, unknown> | undefined) => (row ? cursorOf(row, keyset) : null);
  if (backwards) return { rows, next: cursor(last), prev: more ? cursor(first) : null };
  const before = window.after !== undefined || window.offset > 0;
  return { rows, next: more ? cursor(last) : null, prev: before ? cursor(first) : null };
}
