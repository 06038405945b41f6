import { sql } from 'kysely';
import type { Db } from '../db/database';
import { holdsPersonalData, type PersonalDataCoverage } from '../privacy/personal-data';

export type Column = { name: string; text: boolean };

/** The tables SQLite's FTS5 keeps a full-text index in, beside the index's own virtual table. */
const FTS5_SHADOWS = ['data', 'idx', 'content', 'docsize', 'config'];

/**
 * Every table and column of the database as it is (not as schema.ts says): SQLite's catalogue, or
 * PostgreSQL's. A full-text index (SQLite's FTS5 virtual table, kept by triggers from its table:
 * `users_search`, decision 093) is an index, as it is on PostgreSQL, so it is covered by its
 * table's declaration and left out; `indexes: true` lists it too (never its storage tables), so
 * a search for a person's data reads it as well.
 */
export async function liveSchema({ db, dialect }: Db, options: { indexes?: boolean } = {}): Promise<Map<string, Column[]>> {
  const schema = new Map<string, Column[]>();
  const add = (table: string, column: Column) => schema.set(table, [...(schema.get(table) ?? []), column]);
  if (dialect === 'sqlite') {
    const tables = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'table'`.execute(db);
    const virtual = tables.rows.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name);
    const storage = new Set(virtual.flatMap((name) => FTS5_SHADOWS.map((suffix) => `${name}_${suffix}`)));
    for (const { name } of tables.rows) {
      if (name.startsWith('sqlite_') || name.startsWith('kysely_') || storage.has(name)) continue;
      const isIndex = virtual.includes(name);
      if (isIndex && !options.indexes) continue;
      const columns = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(db);
      // An FTS5 column has no type: it holds text.
      for (const column of columns.rows) add(name, { name: column.name, text: isIndex || /text|char|clob/i.test(column.type) });
    }
  } else {
    const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'
      order by table_name, ordinal_position`.execute(db);
    for (const column of columns.rows) add(column.table_name, { name: column.column_name, text: /text|char/i.test(column.data_type) });
  }
  return schema;
}

/** Column names that look like a person's data: a name, an e-mail, an address (postal or network), a phone, an account. */
export const LOOKS_PERSONAL = /(^|_)(e?mail|name|addr|address|phone|postcode|house|ip|user|actor|by)(_|$)/;

/**
 * What is wrong between the real schema and the declarations: a table nobody declares, a
 * declaration of a table or column that does not exist, a column that looks personal and is
 * neither declared personal nor explained, personal data without export and erasure.
 */
export function coverageProblems(schema: Map<string, Column[]>, coverages: readonly PersonalDataCoverage[]): string[] {
  const problems: string[] = [];
  const declared = new Map<string, { owner: string; coverage: PersonalDataCoverage }>();
  for (const coverage of coverages)
    for (const table of Object.keys(coverage.tables)) declared.set(table, { owner: coverage.owner, coverage });

  for (const [table, columns] of schema) {
    const found = declared.get(table);
    if (!found) {
      problems.push(
        `${table}: no part of the server declares this table. Declare it in its feature's <name>.personal-data.ts (its personal columns, export section and erasure, or why it holds none) and list that in services.ts (decision 099)`,
      );
      continue;
    }
    const entry = found.coverage.tables[table]!;
    const names = new Set(columns.map((c) => c.name));
    const personal = new Set(holdsPersonalData(entry) ? entry.personal : []);
    const explained = new Set(Object.keys(entry.notPersonal ?? {}));
    const kept = 'kept' in entry ? Object.keys(entry.kept ?? {}) : [];
    for (const column of [...personal, ...explained, ...kept])
      if (!names.has(column)) problems.push(`${table}.${column}: declared by ${found.owner}, but the table has no such column`);
    for (const column of kept)
      if (!personal.has(column)) problems.push(`${table}.${column}: kept after erasure, but not declared personal by ${found.owner}`);
    for (const column of columns)
      if (LOOKS_PERSONAL.test(column.name) && !personal.has(column.name) && !explained.has(column.name))
        problems.push(
          `${table}.${column.name}: looks like a person's data; ${found.owner} must declare it personal (with export and erasure) or say why it is not (notPersonal)`,
        );
    if (holdsPersonalData(entry) && (!found.coverage.export || !found.coverage.erase))
      problems.push(`${table}: ${found.owner} declares personal data but no export or erasure`);
  }
  for (const [table, { owner }] of declared)
    if (!schema.has(table)) problems.push(`${table}: declared by ${owner}, but the database has no such table`);
  return problems;
}

/** Where the texts appear: table -> columns whose value contains any of the texts (any case). */
export async function whereFound({ db }: Db, schema: Map<string, Column[]>, texts: string[]): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  const needles = texts.map((text) => text.toLowerCase());
  for (const [table, columns] of schema) {
    const textColumns = columns.filter((c) => c.text).map((c) => c.name);
    if (!textColumns.length) continue;
    const rows = await db
      .selectFrom(table as never)
      .select(textColumns as never[])
      .execute();
    for (const row of rows as Record<string, unknown>[])
      for (const column of textColumns) {
        const value = row[column];
        if (typeof value === 'string' && needles.some((needle) => value.toLowerCase().includes(needle)))
          found.set(table, new Set([...(found.get(table) ?? []), column]));
      }
  }
  return found;
}
