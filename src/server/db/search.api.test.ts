import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAndConfirm, createEvent } from '../testing/events';
import { registeredMember } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';

// Names in three scripts, searched in any case: the back office's lists find them on SQLite (whose
// lower() folds ASCII only) as on PostgreSQL (whose lower() in a C-locale database does the same).
const PEOPLE = [
  { first_name: 'Արամ', last_name: 'Խաչատրյան', email: 'aram.search@example.org' },
  { first_name: 'Անի', last_name: 'Պետրոսյան', email: 'ani.search@example.org' },
  { first_name: 'Ελένη', last_name: 'Παπαδοπούλου', email: 'eleni.search@example.org' },
  { first_name: 'Élodie', last_name: 'Ñúñez', email: 'elodie.search@example.org' },
];

/** Each query and whom it finds (by e-mail), whatever the case it is typed in. */
const QUERIES: [string, string[]][] = [
  ['Արամ', ['aram.search@example.org']],
  ['արամ', ['aram.search@example.org']],
  ['ԽԱՉԱՏ', ['aram.search@example.org']],
  ['Անի', ['ani.search@example.org']],
  ['պետրոսյան', ['ani.search@example.org']],
  ['ետրոսյան', ['ani.search@example.org']],
  // Two letters: Անի, and the end of Խաչատրյան.
  ['Ան', ['ani.search@example.org', 'aram.search@example.org']],
  ['ελένη', ['eleni.search@example.org']],
  ['ΕΛΈΝΗ', ['eleni.search@example.org']],
  ['ΠΑΠΑΔ', ['eleni.search@example.org']],
  ['élodie', ['elodie.search@example.org']],
  ['ÉLODIE', ['elodie.search@example.org']],
  ['ÑÚÑ', ['elodie.search@example.org']],
  ['Aram.Search@', ['aram.search@example.org']],
  ['zzz-nobody', []],
];

describe('search in any script and any case', () => {
  let t: TestApp;
  let admin: string;
  let eventId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
    eventId = await createEvent(t, admin, { title: 'Search night', dated: '2026-12-05T18:30', description: '', capacity: 20 });
    let n = 0;
    for (const person of PEOPLE) {
      await registeredMember(t, { ...person, tier_index: 2 });
      const booked = await bookAndConfirm(
        t,
        eventId,
        { name: `${person.first_name} ${person.last_name}`, email: person.email },
        { ip: `10.77.0.${++n}` },
      );
      expect(booked.statusCode, booked.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const emails = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { email?: string; to_address?: string }[]).map((i) => (i.email ?? i.to_address)!).sort();
  };
  const searched = (email: string) => email.endsWith('.search@example.org');

  it.each(QUERIES)('finds %s among the members', async (q, found) => {
    expect((await emails(`/api/admin/members?q=${encodeURIComponent(q)}`)).filter(searched)).toEqual(found);
  });

  it.each(QUERIES)('finds %s among an event’s bookings (the list and the check-in at the door)', async (q, found) => {
    expect(await emails(`/api/admin/events/${eventId}/bookings?q=${encodeURIComponent(q)}`)).toEqual(found);
    expect(await emails(`/api/admin/events/${eventId}/bookings?status=confirmed&q=${encodeURIComponent(q)}`)).toEqual(found);
  });

  it.each(QUERIES)('finds %s among the payments and the outbox', async (q, found) => {
    expect([...new Set((await emails(`/api/admin/payments?q=${encodeURIComponent(q)}`)).filter(searched))]).toEqual(found);
    if (/@/.test(q) || found.length === 0)
      expect([...new Set((await emails(`/api/admin/outbox?q=${encodeURIComponent(q)}`)).filter(searched))]).toEqual(found);
  });

  it('follows a member’s new name and address, and forgets one deleted', async () => {
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', 'aram.search@example.org').executeTakeFirstOrThrow();
    await t.db.db.updateTable('users').set({ last_name: 'Գրիգորյան' }).where('id', '=', user.id).execute();
    expect((await emails(`/api/admin/members?q=${encodeURIComponent('գրիգոր')}`)).filter(searched)).toEqual(['aram.search@example.org']);
    expect((await emails(`/api/admin/members?q=${encodeURIComponent('խաչատ')}`)).filter(searched)).toEqual([]);
    await t.db.db.updateTable('users').set({ last_name: 'Խաչատրյան' }).where('id', '=', user.id).execute();
    const other = await t.userWithRole('member', 'lilit.search@example.org');
    await t.db.db.updateTable('users').set({ first_name: 'Լիլիթ', last_name: 'Հակոբյան' }).where('id', '=', other.id).execute();
    expect((await emails(`/api/admin/members?q=${encodeURIComponent('ԼԻԼԻԹ')}`)).filter(searched)).toEqual(['lilit.search@example.org']);
    await t.db.db.deleteFrom('users').where('id', '=', other.id).execute();
    expect((await emails(`/api/admin/members?q=${encodeURIComponent('լիլիթ')}`)).filter(searched)).toEqual([]);
  });

  it('takes what a person types literally: quotes, wildcards and search syntax find only themselves', async () => {
    for (const q of ['"', '%', '_', '\\', 'a" OR "b', 'NEAR(x y)', '*', "'; drop table users; --"])
      expect((await emails(`/api/admin/members?q=${encodeURIComponent(q)}`)).filter(searched)).toEqual([]);
  });
});
