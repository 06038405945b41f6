// npm run backup -- FILE: a consistent copy of the SQLite database, safe while the site runs.
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { sqliteFileIn } from '../src/server/db/database';
import { backupSqlite } from '../src/server/db/backup';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- FILE   (for example: npm run backup -- backups/site-2026-11-21.sqlite)');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL points at PostgreSQL: back it up with pg_dump (see README.md, "Backups").');
  process.exit(2);
}
try {
  const source = sqliteFileIn(config.dataDir);
  backupSqlite(source, path.resolve(target));
  console.log(`Backed up ${source} to ${path.resolve(target)} (integrity check: ok)`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
