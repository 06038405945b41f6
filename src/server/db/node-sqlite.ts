import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Node's built-in SQLite (node:sqlite) in the shape Kysely's SqliteDialect drives: the
 * better-sqlite3 interface it was written for. Decision record 010 says why there is no native
 * SQLite module any more.
 */
const nothingToUndo: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

export function kyselySqlite(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      // SQLite undoes a transaction itself on some errors (a full disk, an I/O error): Kysely's
      // rollback that follows would fail with "no transaction is active" and hide the real error
      // (a full disk must answer 503, decision 095). Then there is nothing left to undo.
      if (/^\s*rollback\s*$/i.test(sql) && !database.isTransaction) return nothingToUndo;
      const statement: StatementSync = database.prepare(sql);
      const values = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        // A statement that yields columns is read with all(); one that yields none is run().
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run(parameters) {
          const { changes, lastInsertRowid } = statement.run(...values(parameters));
          return { changes, lastInsertRowid };
        },
        iterate: (parameters) => statement.iterate(...values(parameters)) as IterableIterator<unknown>,
      };
    },
  };
}

/** Lower case by Unicode's rules (SQLite's own lower() folds ASCII only): search in every script (decision 093). */
export function fold(value: SQLInputValue): SQLInputValue {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

export function openSqliteFile(file: string, options: { readOnly?: boolean } = {}): DatabaseSync {
  const database = new DatabaseSync(file, { readOnly: options.readOnly ?? false });
  // Used in queries only, never in the schema: the file stays readable and writable by any SQLite tool.
  database.function('fold', { deterministic: true }, fold);
  return database;
}
