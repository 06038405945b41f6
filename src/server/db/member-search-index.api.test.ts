import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commit, csvText, dryRun, MEMBER_HEADER } from '../testing/imports';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The members' search index is merged by the hourly jobs and after an import (decision 093): on
 * SQLite its FTS5 segments become one; on either database every search finds what it found before.
 */
describe('merging the members search index', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());

  /** How many segments the SQLite index has (each member written alone adds one until FTS5 merges some). */
  const segments = async () =>
    Number((await sql<{ n: number }>`select count(distinct segid) as n from users_search_idx`.execute(t.db.db)).rows[0]!.n);
  const found = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members?q=${encodeURIComponent(q)}&sort=email`,
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { email: string }[]).map((member) => member.email);
  };
  const joinOneByOne = async (prefix: string, count: number) => {
    for (let i = 0; i < count; i++)
      await t.services.accounts.createUser({
        email: `${prefix}${i}@example.org`,
        password: 'a-long-enough-password',
        role: 'member',
        first_name: i % 2 ? 'Անահիտ' : 'Anahit',
        last_name: `Petrosyan${prefix}`,
      });
  };

  it('by the hourly jobs, after members joined one at a time, with every search answering as before', async () => {
    await joinOneByOne('hourly', 13);
    if (t.db.dialect === 'sqlite') expect(await segments()).toBeGreaterThan(1);
    const before = [await found('petrosyanhourly'), await found('անահիտ'), await found('hourly12@')];
    expect(before.map((emails) => emails.length)).toEqual([13, 6, 1]);

    await t.services.runScheduledJobs();

    if (t.db.dialect === 'sqlite') expect(await segments()).toBe(1);
    expect([await found('petrosyanhourly'), await found('անահիտ'), await found('hourly12@')]).toEqual(before);
  });

  it('by two servers at once while members join, losing none of them from the searches', async () => {
    await Promise.all([t.services.runScheduledJobs(), t.services.runScheduledJobs(), joinOneByOne('together', 8)]);
    await t.services.runScheduledJobs();

    if (t.db.dialect === 'sqlite') expect(await segments()).toBe(1);
    expect(await found('petrosyantogether')).toHaveLength(8);
    expect(await found('together7@')).toEqual(['together7@example.org']);
  });

  it('after an import is committed, and a second merge changes nothing', async () => {
    await joinOneByOne('imported-before', 5);
    const rows = Array.from({ length: 30 }, (_, i) =>
      ['Dr', 'Aram', 'Khachatryan', `imported${i}@example.org`, '0', '12/05/2019', '01/03/2026', 'yes', '1 High St', 'N1 1AA'].map(String),
    );
    const dry = await dryRun(t, admin, { members: Buffer.from(csvText([MEMBER_HEADER, ...rows])) });
    expect(dry.statusCode).toBe(200);
    const done = await commit(t, admin, dry.json().id as string);
    expect(done.json()).toMatchObject({ status: 'committed' });

    if (t.db.dialect === 'sqlite') expect(await segments()).toBe(1);
    expect(await found('khachatryan')).toHaveLength(25);
    await t.services.runScheduledJobs();
    if (t.db.dialect === 'sqlite') expect(await segments()).toBe(1);
    expect(await found('imported-before4@')).toEqual(['imported-before4@example.org']);

    // Undone: the accounts it made go, and the index is merged again without them.
    await joinOneByOne('after-import', 3);
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${dry.json().id as string}/undo`,
      headers: { authorization: admin },
    });
    expect(undone.statusCode).toBe(200);
    if (t.db.dialect === 'sqlite') expect(await segments()).toBe(1);
    expect(await found('khachatryan')).toEqual([]);
    expect(await found('petrosyanafter-import')).toHaveLength(3);
  });
});
