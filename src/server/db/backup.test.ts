import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { backupSqlite } from './backup';
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

  it('never overwrites an existing file', () => {
    const target = path.join(dir, 'exists.sqlite');
    fs.writeFileSync(target, 'precious');
    expect(() => backupSqlite(t.db.sqliteFile!, target)).toThrow(/exists already/);
    expect(fs.readFileSync(target, 'utf8')).toBe('precious');
  });
});
