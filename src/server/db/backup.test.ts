import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { backupSqlite } from './backup';
import { keepPrivate } from './database';
import { openSqliteFile } from './node-sqlite';

describe.skipIf(Boolean(process.env.TEST_PG_URL))('SQLite backup', () => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies a running database consistently, writes included', async () => {
    await t.userWithRole('member', 'kept@example.org');
    await t.services.siteText.set('site_name', 'Backed up', null);
    const target = path.join(dir, 'copy.sqlite');
    // A write in flight while the copy is taken must not tear it.
    await Promise.all([t.services.siteText.set('home.mission', 'during', null), Promise.resolve(backupSqlite(t.db.sqliteFile!, target))]);

    const copy = openSqliteFile(target, { readOnly: true });
    expect(copy.prepare('select email from users').all()).toEqual([{ email: 'kept@example.org' }]);
    expect(copy.prepare("select value from strings where key = 'site_name'").get()).toEqual({ value: 'Backed up' });
    expect(copy.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    copy.close();
  });

  it('keeps the data folder, the database and its copies readable by the site alone', () => {
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    const file = t.db.sqliteFile!;
    expect(mode(path.dirname(file))).toBe(0o700);
    for (const own of [file, `${file}-wal`, `${file}-shm`]) expect(mode(own), own).toBe(0o600);
    const target = path.join(dir, 'private.sqlite');
    backupSqlite(file, target);
    expect(mode(target)).toBe(0o600);
  });

  it('corrects a folder and database made readable by others before', () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'open-data-'));
    const file = path.join(data, 'site.sqlite');
    fs.chmodSync(data, 0o755);
    fs.writeFileSync(file, '', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    keepPrivate(data, file);
    expect(fs.statSync(data).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('never overwrites an existing file', () => {
    const target = path.join(dir, 'exists.sqlite');
    fs.writeFileSync(target, 'precious');
    expect(() => backupSqlite(t.db.sqliteFile!, target)).toThrow(/exists already/);
    expect(fs.readFileSync(target, 'utf8')).toBe('precious');
  });
});
