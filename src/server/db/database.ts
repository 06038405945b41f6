import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { kyselySqlite, openSqliteFile } from './node-sqlite';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export type Db = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite file, when on SQLite (backups use it). */
  sqliteFile?: string;
  close(): Promise<void>;
};

export type DbOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Where a dropped PostgreSQL connection is reported (the server's logger); the console otherwise. */
  onConnectionError?: (message: string) => void;
};

export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'site.sqlite');
}

/**
 * The database holds password hashes, members' details and the JWT secret: only the site's own
 * user may read it. The folder is 0700 and the file 0600, made so before SQLite first opens it
 * (SQLite gives its -wal and -shm files the database file's mode); existing ones are corrected.
 */
export function keepPrivate(dataDir: string, file: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(path)) fs.chmodSync(path, 0o600);
}

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    // BIGINT (int8) comes back as a string by default; our counts and sizes fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    // A connection that cannot be made in 5 s fails its request (503) instead of waiting for ever.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    const report = options.onConnectionError ?? ((message: string) => console.error(message));
    // A connection the server drops (a restart, a failover, an administrator's kill) emits
    // 'error'. The pool listens on idle connections only; one in use by a request had nobody
    // listening, and Node ends a process whose EventEmitter emits an unheard 'error'. Every
    // connection gets its own listener: the query under way fails (503 to its request), the pool
    // discards the connection when it is released and opens a new one for the next request.
    pool.on('connect', (client) => {
      client.on('error', (error) => report(`PostgreSQL connection lost while in use: ${error.message}`));
    });
    pool.on('error', (error) => report(`PostgreSQL idle connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = sqliteFileIn(options.dataDir);
  keepPrivate(options.dataDir, file);
  const sqlite = openSqliteFile(file);
  // WAL lets readers run beside the writer; FULL sync makes a committed payment survive a power cut.
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: kyselySqlite(sqlite) }) });
  return { db, dialect: 'sqlite', sqliteFile: file, close: () => db.destroy() };
}
