import fs from 'node:fs';
import SQLite from 'better-sqlite3';

/**
 * Writes a consistent copy of a live SQLite database to `target` with VACUUM INTO (safe while
 * the site runs: it reads one snapshot), then checks the copy with PRAGMA integrity_check.
 */
export function backupSqlite(sourceFile: string, target: string): void {
  if (!fs.existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}`);
  if (fs.existsSync(target)) throw new Error(`${target} exists already: choose a new file name`);
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    source.prepare('VACUUM INTO ?').run(target);
  } finally {
    source.close();
  }
  const copy = new SQLite(target, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The copy failed its integrity check: ${String(result)}`);
  } catch (error) {
    copy.close();
    fs.rmSync(target, { force: true });
    throw error;
  }
  copy.close();
}
