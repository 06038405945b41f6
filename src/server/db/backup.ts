import fs from 'node:fs';
import { openSqliteFile } from './node-sqlite';

/**
 * Writes a consistent copy of a live SQLite database to `target` with VACUUM INTO (safe while
 * the site runs: it reads one snapshot), then checks the copy with PRAGMA integrity_check.
 */
export function backupSqlite(sourceFile: string, target: string): void {
  if (!fs.existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}`);
  if (fs.existsSync(target)) throw new Error(`${target} exists already: choose a new file name`);
  // An empty file made 0600 first: the copy holds what the database does and is as private.
  fs.closeSync(fs.openSync(target, 'wx', 0o600));
  fs.chmodSync(target, 0o600);
  const source = openSqliteFile(sourceFile, { readOnly: true });
  try {
    source.exec('PRAGMA busy_timeout = 10000');
    source.prepare('VACUUM INTO ?').run(target);
  } catch (error) {
    fs.rmSync(target, { force: true });
    throw error;
  } finally {
    source.close();
  }
  const copy = openSqliteFile(target, { readOnly: true });
  try {
    const result = copy.prepare('PRAGMA integrity_check').get()?.integrity_check;
    if (result !== 'ok') throw new Error(`The copy failed its integrity check: ${String(result)}`);
  } catch (error) {
    copy.close();
    fs.rmSync(target, { force: true });
    throw error;
  }
  copy.close();
}
