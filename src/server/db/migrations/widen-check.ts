import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Replaces a column's CHECK list. PostgreSQL alters the named constraint; SQLite cannot alter a
 * CHECK, so the table is rebuilt from its own CREATE statement (nothing references these tables
 * by foreign key, so dropping the old one is safe) and its indexes are made again.
 */
export async function widenCheck(db: Kysely<unknown>, dialect: Dialect, table: string, column: string, from: string, to: string) {
  if (dialect === 'postgres') {
    const name = `${table}_${column}_check`;
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} check (${sql.raw(`${column} in (${to})`)})`.execute(db);
    return;
  }
  const master = sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`;
  const create = (await master.execute(db)).rows[0]!.sql;
  const indexes = (
    await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db)
  ).rows;
  const widened = create.replace(`${column} in (${from})`, `${column} in (${to})`);
  if (widened === create) throw new Error(`The CHECK on ${table}.${column} is not as expected`);
  const temporary = `${table}__new`;
  await sql.raw(widened.replace(/^CREATE TABLE\s+("?)\w+\1/i, `CREATE TABLE "${temporary}"`)).execute(db);
  await sql.raw(`insert into "${temporary}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}

export const quoted = (values: string[]) => values.map((v) => `'${v}'`).join(', ');
