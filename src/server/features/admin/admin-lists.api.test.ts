import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSortKeys } from '../../../shared/api/admin';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** Members with repeated names, some without a tier or dates, as the lists meet them. */
async function addMembers(t: TestApp, count: number) {
  const last = ['Petrosyan', 'Hakobyan', 'grigoryan', 'Ավետիսյան', 'Sargsyan'];
  const rows = Array.from({ length: count }, (_, i) => {
    const dated = i % 7 === 0 ? null : new Date(Date.UTC(2025, 0, 1) + ((i * 37) % 500) * 86_400_000).toISOString().slice(0, 10);
    const email = `list${String(i).padStart(3, '0')}@example.org`;
    return {
      id: randomUUID(),
      email,
      email_key: email,
      password_hash: 'x',
      role: 'member' as const,
      first_name: ['Ani', 'Aram', 'Lilit'][i % 3]!,
      last_name: last[i % last.length]!,
      tier_index: i % 5 === 0 ? null : i % 3,
      registered_date: i % 4 === 0 ? null : dated,
      last_renewed_date: dated,
      created_at: new Date().toISOString(),
    };
  });
  await t.db.db.insertInto('users').values(rows).execute();
}

type Page = { items: { _id: string }[]; total: number; next_cursor: string | null; prev_cursor: string | null };

describe('the admin’s lists read by keyset', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
    await addMembers(t, 61);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const page = async (url: string) => (await get(url)).json<Page>();

  for (const sort of memberSortKeys)
    for (const dir of ['asc', 'desc'])
      it(`pages members sorted by ${sort} (${dir}) the same by number, forwards and backwards by cursor`, async () => {
        const base = `/api/admin/members?sort=${sort}&dir=${dir}&page_size=7`;
        const first = await page(base);
        const pages = Math.ceil(first.total / 7);
        const byNumber: string[][] = [];
        for (let n = 1; n <= pages; n++) byNumber.push((await page(`${base}&page=${n}`)).items.map((i) => i._id));

        const forwards: string[][] = [];
        let current = first;
        for (;;) {
          forwards.push(current.items.map((i) => i._id));
          if (!current.next_cursor) break;
          current = await page(`${base}&after=${current.next_cursor}`);
        }
        expect(forwards).toEqual(byNumber);
        expect(new Set(forwards.flat()).size).toBe(first.total);

        const backwards: string[][] = [];
        for (;;) {
          if (!current.prev_cursor) break;
          current = await page(`${base}&before=${current.prev_cursor}`);
          backwards.unshift(current.items.map((i) => i._id));
        }
        expect(backwards).toEqual(byNumber.slice(0, -1));
      });

  it('counts a search as many as its pages list, with and without other filters, after renames and deletions', async () => {
    const listed = async (query: string) => {
      const ids: string[] = [];
      for (let n = 1; ; n++) {
        const found = await page(`/api/admin/members?${query}&page_size=7&page=${n}`);
        ids.push(...found.items.map((item) => item._id));
        if (found.items.length < 7) return { total: found.total, ids };
      }
    };
    const check = async (q: string) => {
      const alone = await listed(`q=${encodeURIComponent(q)}`);
      expect(alone.total).toBe(alone.ids.length);
      expect(alone.total).toBeGreaterThan(0);
      const filtered = await listed(`q=${encodeURIComponent(q)}&role=member`);
      expect(filtered.total).toBe(filtered.ids.length);
      return alone;
    };
    const before = await check('petros');
    await check('ավետիս');
    const [renamed, deleted] = before.ids;
    await t.db.db.updateTable('users').set({ last_name: 'Hakobyan' }).where('id', '=', renamed!).execute();
    await t.db.db.deleteFrom('users').where('id', '=', deleted!).execute();
    expect((await check('petros')).total).toBe(before.total - 2);
  });

  it('puts members without the sorted value last in either direction', async () => {
    for (const dir of ['asc', 'desc']) {
      const all = await page(`/api/admin/members?sort=expiry&dir=${dir}&page_size=100`);
      const dates = (all.items as unknown as { expiry_date: string | null }[]).map((m) => m.expiry_date);
      const firstNull = dates.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(dates.slice(firstNull).every((d) => d === null)).toBe(true);
      const known = dates.slice(0, firstNull) as string[];
      expect(known).toEqual([...known].sort((a, b) => (dir === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });

  it('reads a made-up or foreign cursor as the page asked for by number', async () => {
    const second = await page('/api/admin/members?page_size=7&page=2');
    for (const cursor of ['not-a-cursor', Buffer.from('[1,2,3,4,5,6]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')])
      expect((await page(`/api/admin/members?page_size=7&page=2&after=${cursor}`)).items).toEqual(second.items);
  });

  it('pages payments, the outbox and the audit log by cursor as by number', async () => {
    const user = await t.db.db.selectFrom('users').select(['id', 'email']).limit(1).executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('payments')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          id: randomUUID(),
          kind: 'donation' as const,
          status: 'succeeded',
          amount_pence: 100 + i,
          provider: 'offline',
          provider_ref: null,
          user_id: user.id,
          email: user.email,
          // Several in one instant: the id orders them.
          created_at: new Date(Date.UTC(2026, 10, 1, 0, 0, Math.floor(i / 3))).toISOString(),
          completed_at: null,
          note: null,
        })),
      )
      .execute();
    for (const list of ['/api/admin/payments', '/api/admin/outbox', '/api/admin/audit']) {
      const first = await page(`${list}?page_size=5`);
      const byNumber: string[] = [];
      for (let n = 1; n <= Math.ceil(first.total / 5); n++)
        byNumber.push(...(await page(`${list}?page_size=5&page=${n}`)).items.map((i) => String(i._id)));
      const byCursor: string[] = [];
      let current = first;
      for (;;) {
        byCursor.push(...current.items.map((i) => String(i._id)));
        if (!current.next_cursor) break;
        current = await page(`${list}?page_size=5&after=${current.next_cursor}`);
      }
      expect(byCursor, list).toEqual(byNumber);
    }
  });

  it('streams the members’ CSV in the list’s order, every member once', async () => {
    const list = await page('/api/admin/members?sort=tier&dir=desc&page_size=100');
    const csv = await get('/api/admin/members.csv?sort=tier&dir=desc');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^First name,Last name,E-mail,/);
    const emails = lines.slice(1).map((line) => line.split(',')[2]);
    expect(emails).toEqual((list.items as unknown as { email: string }[]).map((m) => m.email));
    const payments = await get('/api/admin/payments.csv');
    expect(payments.body.trimEnd().split('\r\n').length - 1).toBe((await page('/api/admin/payments?page_size=1')).total);
  });
});
