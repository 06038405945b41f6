import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_SEARCH_COUNT_MAX, memberSortKeys, type MemberPage } from '../../../shared/api/admin';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The members' search at the size where counting and sorting every match would cost (decision
// 093): a surname shared by more members than a search counts, a rarer part of it, and Armenian
// names written in capitals. The first page is read through the sort's index on SQLite when
// matches are many and by sorting the matches when they are few: both must list the same.
const SHARED = 1200;
const ARMENIAN = 60;

function member(first: string, last: string, email: string, i: number) {
  const dated = i % 7 === 0 ? null : new Date(Date.UTC(2025, 0, 1) + ((i * 37) % 500) * 86_400_000).toISOString().slice(0, 10);
  return {
    id: randomUUID(),
    email,
    email_key: email,
    password_hash: 'x',
    role: 'member' as const,
    first_name: first,
    last_name: last,
    tier_index: i % 5 === 0 ? null : i % 3,
    registered_date: dated,
    last_renewed_date: dated,
    created_at: new Date().toISOString(),
  };
}

describe('the members’ search with thousands of matches', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
    const rows = [
      // Spread through the name order by their first names and numbers.
      ...Array.from({ length: SHARED }, (_, i) =>
        member(['Ani', 'Aram', 'Lilit', 'Zara'][i % 4]!, `Petrosyan${i}`, `shared${i}@example.org`, i),
      ),
      ...Array.from({ length: ARMENIAN }, (_, i) => member('ԱՆԻ', `ՊԵՏՐՈՍՅԱՆ${i}`, `armenian${i}@example.org`, i)),
      ...Array.from({ length: 40 }, (_, i) => member('Davit', `Hakobyan${i}`, `other${i}@example.org`, i)),
    ];
    for (let at = 0; at < rows.length; at += 200)
      await t.db.db
        .insertInto('users')
        .values(rows.slice(at, at + 200))
        .execute();
  });
  afterAll(() => t.close());

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MemberPage>();
  };
  /** Every page by `next_cursor`, from the first. */
  const everyPage = async (base: string) => {
    const pages: MemberPage[] = [await page(base)];
    while (pages.at(-1)!.next_cursor) pages.push(await page(`${base}&after=${pages.at(-1)!.next_cursor}`));
    return pages;
  };

  it('counts a search up to its limit and says so, and still lists every match', async () => {
    for (const query of ['q=petrosyan', 'q=PETROSYAN&role=member', 'q=an']) {
      const first = await page(`/api/admin/members?${query}&page_size=100`);
      expect(first, query).toMatchObject({ total: MEMBER_SEARCH_COUNT_MAX, total_capped: true });
      expect(first.items).toHaveLength(100);
    }
    const pages = await everyPage('/api/admin/members?q=petrosyan&page_size=100');
    const ids = pages.flatMap((p) => p.items.map((m) => m._id));
    expect(ids).toHaveLength(SHARED);
    expect(new Set(ids).size).toBe(SHARED);
    expect(pages.every((p) => p.total_capped)).toBe(true);
  });

  it('counts exactly below the limit, and the list without a search in full', async () => {
    // petrosyan11, 110–119 and 1100–1199.
    const rare = await everyPage('/api/admin/members?q=petrosyan11&page_size=25');
    expect(rare[0]).toMatchObject({ total: 111, total_capped: false });
    expect(rare.flatMap((p) => p.items)).toHaveLength(111);
    // Few enough (one account in 16 or fewer) to be looked up and sorted: the same as with a filter.
    for (const sort of memberSortKeys) {
      const few = `/api/admin/members?q=petrosyan119&sort=${sort}&page_size=4`;
      const listed = (await everyPage(few)).flatMap((p) => p.items.map((m) => m._id));
      expect(listed).toHaveLength(11);
      expect((await everyPage(`${few}&role=member`)).flatMap((p) => p.items.map((m) => m._id))).toEqual(listed);
    }
    const all = await page('/api/admin/members?page_size=1');
    expect(all.total).toBe(SHARED + ARMENIAN + 40 + 1);
    expect(all.total_capped).toBe(false);
    expect(await page('/api/admin/members?q=nobody-at-all')).toMatchObject({ total: 0, total_capped: false, items: [] });
  });

  for (const sort of memberSortKeys)
    for (const dir of ['asc', 'desc'] as const)
      it(`pages a search shared by ${SHARED} members sorted by ${sort} (${dir}) as the same search with a filter does`, async () => {
        // role=member reads the matches and sorts them; the search alone walks the sort's index on SQLite.
        const alone = `/api/admin/members?q=petrosyan&sort=${sort}&dir=${dir}&page_size=100`;
        const walked = (await everyPage(alone)).flatMap((p) => p.items.map((m) => m._id));
        const sorted = (await everyPage(`${alone}&role=member`)).flatMap((p) => p.items.map((m) => m._id));
        expect(walked).toEqual(sorted);
        expect(new Set(walked).size).toBe(SHARED);
        // By number, the pages are the same ones.
        for (const n of [1, 2, 12]) {
          const byNumber = await page(`${alone}&page=${n}`);
          expect(byNumber.items.map((m) => m._id)).toEqual(walked.slice((n - 1) * 100, n * 100));
        }
      });

  it('lists a shared surname in name order, and backwards by cursor as forwards', async () => {
    const pages = await everyPage('/api/admin/members?q=Petrosyan&page_size=50');
    const names = pages.flatMap((p) => p.items.map((m) => [m.last_name.toLowerCase(), m.first_name.toLowerCase(), m._id].join('\u0000')));
    expect(names).toEqual([...names].sort());
    let current = pages.at(-1)!;
    const backwards: string[][] = [];
    while (current.prev_cursor) {
      current = await page(`/api/admin/members?q=Petrosyan&page_size=50&before=${current.prev_cursor}`);
      backwards.unshift(current.items.map((m) => m._id));
    }
    expect(backwards).toEqual(pages.slice(0, -1).map((p) => p.items.map((m) => m._id)));
  });

  it('keeps the next page where it was when a matching member joins before it', async () => {
    const base = '/api/admin/members?q=petrosyan&page_size=20';
    const first = await page(base);
    const second = await page(`${base}&after=${first.next_cursor}`);
    const joined = member('Aaron', 'Petrosyan0', 'joined.meanwhile@example.org', 1);
    await t.db.db.insertInto('users').values(joined).execute();
    try {
      expect((await page(`${base}&after=${first.next_cursor}`)).items).toEqual(second.items);
      expect((await page(base)).items[0]?._id).toBe(joined.id);
    } finally {
      await t.db.db.deleteFrom('users').where('id', '=', joined.id).execute();
    }
  });

  it('finds Armenian names written in capitals by any case, on every page', async () => {
    for (const q of ['պետրոսյան', 'ՊԵՏՐՈՍՅԱՆ', 'Պետրոսյան', 'ետրոսյան1']) {
      const pages = await everyPage(`/api/admin/members?q=${encodeURIComponent(q)}&page_size=25`);
      const found = pages.flatMap((p) => p.items);
      const expected = q === 'ետրոսյան1' ? 11 : ARMENIAN;
      expect(found, q).toHaveLength(expected);
      expect(new Set(found.map((m) => m._id)).size).toBe(expected);
      expect(pages[0]).toMatchObject({ total: expected, total_capped: false });
      expect(found.every((m) => m.email.startsWith('armenian'))).toBe(true);
    }
    // The first name too, capitals and all.
    expect(await page(`/api/admin/members?q=${encodeURIComponent('անի')}&page_size=1`)).toMatchObject({ total: ARMENIAN });
  });
});
