import { sql, type RawBuilder } from 'kysely';

/** An e-mail column holding one of the person's addresses, in any case (the keys are lower-cased). */
export function addressIn(column: string, emailKeys: readonly string[]): RawBuilder<boolean> {
  if (!emailKeys.length) return sql<boolean>`1 = 0`;
  return sql<boolean>`lower(trim(${sql.ref(column)})) in (${sql.join([...emailKeys])})`;
}
