import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { migrateToLatest } from './migrate';

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs one a database lacks even when it has run later ones (branches land in any order)', async () => {
    // As a site that ran 0015 and 0017 before 0012b was merged.
    await t.db.db.schema.dropTable('join_sign_ins').execute();
    await sql`delete from kysely_migration where name = '0012b-join-sign-in'`.execute(t.db.db);
    expect(await migrateToLatest(t.db)).toEqual(['0012b-join-sign-in']);
    expect(await t.db.db.selectFrom('join_sign_ins').select('payment_id').execute()).toEqual([]);
    expect(await migrateToLatest(t.db)).toEqual([]);
  });
});
