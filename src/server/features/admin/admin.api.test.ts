import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/api/accounts';
import {
  LAST_ADMIN,
  type MemberDetail,
  type MemberPage,
  type MonthTotal,
  type OutboxPage,
  type PaymentPage,
} from '../../../shared/api/admin';
import { payWithCard, proceed, registeredMember, registrationForm } from '../../testing/membership';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { STAFF_NEEDS_FACTOR } from '../../../shared/api/second-factor';

type Caller = { authorization: string };

function api(t: TestApp, caller: Caller) {
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: caller.authorization } }),
    post: (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: caller.authorization } }),
  };
}

/** Members as the database holds them, added directly: the list, not registration, is under test. */
async function insertMembers(
  t: TestApp,
  members: { first: string; last: string; email?: string; tier?: number | null; renewed?: string | null; role?: Role; phone?: string }[],
) {
  const rows = members.map((m) => {
    const email = m.email ?? `${m.first}.${m.last}@example.org`.toLowerCase();
    return {
      id: randomUUID(),
      email,
      email_key: email.toLowerCase(),
      password_hash: 'not-a-usable-hash',
      role: m.role ?? ('member' as const),
      first_name: m.first,
      last_name: m.last,
      qualifications: null,
      workplace: null,
      job_title: null,
      grad_year: null,
      addr_line1: '1 High Street',
      addr_line2: null,
      addr_city: 'London',
      addr_post: 'N1 1AA',
      phone_no: m.phone ?? '020 7946 0000',
      tier_index: m.tier === undefined ? 0 : m.tier,
      registered_date: m.renewed === undefined ? '2026-01-10' : m.renewed,
      last_renewed_date: m.renewed === undefined ? '2026-01-10' : m.renewed,
      created_at: '2026-01-10T10:00:00.000Z',
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await t.db.db
      .insertInto('users')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows;
}

describe('admin: members', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = api(t, await t.userWithRole('admin', 'boss@example.org'));
    // Today is 2026-11-21 in London: renewed 2025-11-20 has lapsed, 2025-11-21 expires today,
    // 2025-12-21 expires in 30 days (still expiring), 2025-12-22 in 31 days (active).
    await insertMembers(t, [
      { first: 'Anahit', last: 'Petrosyan', renewed: '2025-11-20' },
      { first: 'Aram', last: 'Hakobyan', renewed: '2025-11-21', tier: 1 },
      { first: 'Lilit', last: 'Grigoryan', renewed: '2025-12-21', tier: 2 },
      { first: 'Davit', last: 'Avetisyan', renewed: '2025-12-22' },
      { first: 'Narek', last: 'Sargsyan', renewed: '2026-06-01', email: 'Narek.S@Example.org' },
      { first: '100%', last: 'Real_Name', renewed: '2026-06-01', email: 'percent@example.org' },
    ]);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await admin.get(`/api/admin/members?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MemberPage>();
  };
  const names = (page: MemberPage) => page.items.map((m) => m.last_name);

  it('works out each status from the expiry date, in London', async () => {
    const page = await list('sort=name');
    const status = Object.fromEntries(page.items.map((m) => [m.last_name, [m.status, m.expiry_date]]));
    expect(status).toMatchObject({
      Petrosyan: ['lapsed', '2026-11-20'],
      Hakobyan: ['expiring', '2026-11-21'],
      Grigoryan: ['expiring', '2026-12-21'],
      Avetisyan: ['active', '2026-12-22'],
      // The test admin's own account never paid.
      admin: ['none', null],
    });
    expect(page.items.find((m) => m.last_name === 'Grigoryan')).toMatchObject({ tier_index: 2, tier_name: 'Students', role: 'member' });
  });

  it('filters by status, tier and role on the server', async () => {
    expect(names(await list('status=lapsed'))).toEqual(['Petrosyan']);
    expect(names(await list('status=expiring'))).toEqual(['Grigoryan', 'Hakobyan']);
    expect(names(await list('status=active'))).toEqual(['Avetisyan', 'Real_Name', 'Sargsyan']);
    expect(names(await list('status=none'))).toEqual(['admin']);
    expect(names(await list('tier=1'))).toEqual(['Hakobyan']);
    expect(names(await list('role=admin'))).toEqual(['admin']);
    // An empty parameter means "any", as a form with nothing chosen sends it.
    expect((await list('status=&tier=&role=&q=')).total).toBe(7);
  });

  it('searches names and e-mail addresses in any case, taking % and _ literally', async () => {
    expect(names(await list('q=anahit'))).toEqual(['Petrosyan']);
    expect(names(await list('q=ANAHIT%20PETRO'))).toEqual(['Petrosyan']);
    expect(names(await list('q=narek.s%40example'))).toEqual(['Sargsyan']);
    expect(names(await list('q=%25'))).toEqual(['Real_Name']);
    expect(names(await list('q=p_t'))).toEqual([]);
    expect(names(await list('q=_'))).toEqual(['Real_Name']);
  });

  it('sorts either way, with accounts lacking the value last', async () => {
    expect(names(await list('sort=name&dir=desc')).slice(0, 3)).toEqual(['Sargsyan', 'Real_Name', 'Petrosyan']);
    const byExpiry = names(await list('sort=expiry&dir=asc'));
    expect(byExpiry.slice(0, 2)).toEqual(['Petrosyan', 'Hakobyan']);
    expect(byExpiry.at(-1)).toBe('admin');
    expect(names(await list('sort=expiry&dir=desc')).at(-1)).toBe('admin');
    expect(names(await list('sort=email')).slice(0, 3)).toEqual(['Petrosyan', 'Hakobyan', 'admin']);
  });

  it('pages on the server with a total', async () => {
    const first = await list('sort=name&page_size=3&page=1');
    const second = await list('sort=name&page_size=3&page=2');
    const third = await list('sort=name&page_size=3&page=3');
    expect(first).toMatchObject({ total: 7, page: 1, page_size: 3 });
    expect([...names(first), ...names(second), ...names(third)]).toEqual(names(await list('sort=name&page_size=100')));
    expect((await list('page=9')).items).toEqual([]);
  });

  it('refuses bad parameters with the field at fault and changes nothing', async () => {
    for (const [query, field] of [
      ['page_size=101', 'page_size'],
      ['page=0', 'page'],
      ['page=two', 'page'],
      ['status=gone', 'status'],
      ['sort=password_hash', 'sort'],
      ['tier=x', 'tier'],
      ['role=owner', 'role'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const res = await admin.get(`/api/admin/members?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ field });
    }
  });

  it('exports the filtered list as a spreadsheet-safe CSV', async () => {
    await insertMembers(t, [
      {
        first: '=HYPERLINK("http://evil")',
        last: 'Smith, "Jr"',
        email: 'smith@example.org',
        renewed: '2026-06-01',
        phone: '+44 20 7946 0000',
      },
    ]);
    const res = await admin.get('/api/admin/members.csv?status=active&sort=name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="members-2026-11-21.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text.startsWith('\ufeffFirst name,Last name,E-mail,Role,Tier,')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    // A header and the four active members: the filter applies to the export too.
    expect(lines).toHaveLength(5);
    expect(text).toContain(
      `"'=HYPERLINK(""http://evil"")","Smith, ""Jr""",smith@example.org,member,"Doctors, Dental Surgeons and Pharmacists",2026-06-01`,
    );
    expect(text).not.toContain('Petrosyan');
    // A real phone number is written as it is: no spreadsheet runs it, and an apostrophe would be data.
    expect(text).toMatch(/,\+44 20 7946 0000,/);
  });

  it('shows one member with their payments, and 404 for nobody', async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const { form } = await registeredMember(t, { first_name: 'Mariam', last_name: 'Karapetyan', email: 'mariam@example.org' });
    const found = (await list('q=mariam')).items[0]!;
    const res = await admin.get(`/api/admin/members/${found._id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<MemberDetail>();
    expect(detail).toMatchObject({
      email: form.email,
      phone_no: form.phone_no,
      addr_post: form.addr_post,
      workplace: 'St Elsewhere',
      registered_date: '2026-11-21',
      expiry_date: '2027-11-21',
      status: 'active',
    });
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({
      kind: 'registration',
      status: 'succeeded',
      amount: 5000,
      provider: 'test',
      name: 'Mariam Karapetyan',
    });
    expect(detail.payments[0]!.provider_ref).toMatch(/^pi_/);
    expect((await admin.get('/api/admin/members/no-such-id')).statusCode).toBe(404);
  });
});

describe('admin: roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newArticle = {
    title: 'From the new editor',
    dated: '2026-11-21',
    categories: [],
    content: JSON.stringify({
      blocks: [{ key: 'a', text: 'Hello', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
      entityMap: {},
    }),
  };

  it('makes a member an editor and back, from their next request, with the same token', async () => {
    const boss = api(t, await t.userWithRole('admin'));
    const { form, authorization } = await registeredMember(t);
    const member = api(t, { authorization });
    const userId = (await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow()).id;

    expect((await member.post('/api/new_article', newArticle)).statusCode).toBe(403);
    expect((await boss.post('/api/admin/set_role', { user_id: userId, role: 'editor' })).json()).toEqual({ succeeded: true });
    // The role waits for a second factor (decision 132); once the authenticator app is set up it works.
    expect((await member.post('/api/new_article', newArticle)).json()).toEqual({ detail: STAFF_NEEDS_FACTOR });
    const { secret } = (await member.post('/api/account/totp', {})).json<{ secret: string }>();
    t.clock.advance(30_000);
    expect((await member.post('/api/account/totp/confirm', { code: t.totpCode(secret) })).statusCode).toBe(200);
    expect((await member.post('/api/new_article', newArticle)).statusCode).toBe(200);
    // Editors do not reach the back office.
    expect((await member.get('/api/admin/members')).statusCode).toBe(403);
    // A new sign-in (with the second factor) reports the new role to the page.
    t.clock.advance(30_000);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: form.email, password: form.plain_pw, otp: t.totpCode(secret) }).toString(),
    });
    expect(again.json()).toMatchObject({ role: 'editor' });

    expect((await boss.post('/api/admin/set_role', { user_id: userId, role: 'member' })).statusCode).toBe(200);
    expect((await member.post('/api/new_article', newArticle)).statusCode).toBe(403);
  });

  it('never demotes the last admin, and lets one of two go', async () => {
    const first = await t.userWithRole('admin');
    const others = await t.db.db.selectFrom('users').select('id').where('role', '=', 'admin').where('id', '!=', first.id).execute();
    const boss = api(t, first);
    for (const other of others) await boss.post('/api/admin/set_role', { user_id: other.id, role: 'member' });

    const alone = await boss.post('/api/admin/set_role', { user_id: first.id, role: 'editor' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ detail: LAST_ADMIN });
    expect((await boss.get('/api/admin/members?role=admin')).json()).toMatchObject({ total: 1 });

    const second = await t.userWithRole('admin');
    expect((await boss.post('/api/admin/set_role', { user_id: second.id, role: 'editor' })).statusCode).toBe(200);
    expect((await boss.post('/api/admin/set_role', { user_id: first.id, role: 'member' })).statusCode).toBe(409);
    // The demoted admin's token no longer opens the back office.
    expect((await api(t, second).get('/api/admin/members')).statusCode).toBe(403);
  });

  it('lets only one of two admins demoting each other at once succeed', async () => {
    const a = await t.userWithRole('admin');
    const rest = await t.db.db.selectFrom('users').select('id').where('role', '=', 'admin').where('id', '!=', a.id).execute();
    for (const other of rest) await api(t, a).post('/api/admin/set_role', { user_id: other.id, role: 'member' });
    const b = await t.userWithRole('admin');

    const answers = await Promise.all([
      api(t, a).post('/api/admin/set_role', { user_id: b.id, role: 'member' }),
      api(t, b).post('/api/admin/set_role', { user_id: a.id, role: 'member' }),
    ]);
    const admins = await t.db.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The loser was either refused as the last admin, or already demoted when its request came in.
    for (const r of answers.filter((r) => r.statusCode !== 200)) expect([403, 409]).toContain(r.statusCode);
  });

  it('refuses an unknown person or role', async () => {
    const boss = api(t, await t.userWithRole('admin'));
    expect((await boss.post('/api/admin/set_role', { user_id: 'nobody', role: 'editor' })).statusCode).toBe(404);
    const res = await boss.post('/api/admin/set_role', { user_id: 'nobody', role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'role' });
  });
});

describe('admin: a renewal paid by hand', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = api(t, await t.userWithRole('admin', 'treasurer@example.org'));
  });
  afterAll(() => t.close());

  it('moves a lapsed membership on a year from today, with a receipt, a payment and an audit entry', async () => {
    const [lapsed] = await insertMembers(t, [
      { first: 'Hasmik', last: 'Vardanyan', email: 'hasmik@example.org', renewed: '2025-06-01', tier: 0 },
    ]);
    const res = await admin.post('/api/admin/record_renewal', { user_id: lapsed!.id, tier_index: 1, amount: 3500, note: 'Cheque 001234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ last_renewed_date: '2026-11-21', expiry_date: '2027-11-21' });

    const detail = (await admin.get(`/api/admin/members/${lapsed!.id}`)).json<MemberDetail>();
    expect(detail).toMatchObject({ status: 'active', tier_index: 1, expiry_date: '2027-11-21' });
    expect(detail.payments[0]).toMatchObject({
      kind: 'renewal',
      status: 'succeeded',
      amount: 3500,
      provider: 'offline',
      provider_ref: null,
      note: 'Cheque 001234',
    });
    expect((await admin.get('/api/admin/payments?q=001234')).json()).toMatchObject({ total: 1 });
    expect((await admin.get('/api/admin/payment_totals')).json()).toEqual([
      { month: '2026-11', registration: 0, renewal: 3500, donation: 0, booking: 0, refunded: 0, disputed: 0, total: 3500, count: 1 },
    ]);

    const [receipt] = await t.db.db.selectFrom('outbox').selectAll().where('to_address', '=', 'hasmik@example.org').execute();
    expect(receipt).toMatchObject({ kind: 'renewal-receipt' });
    const [entry] = (await admin.get('/api/admin/audit?kind=membership')).json().items;
    expect(entry).toMatchObject({
      actor_email: 'treasurer@example.org',
      action: 'recorded',
      subject_id: lapsed!.id,
      summary: 'Recorded £35.00 from hasmik@example.org (Cheque 001234): Other Allied Healthcare Professions from 2026-11-21',
    });
  });

  it('adds a year to a membership still running, losing no days', async () => {
    const [running] = await insertMembers(t, [{ first: 'Arman', last: 'Ghazaryan', renewed: '2026-06-01' }]);
    const res = await admin.post('/api/admin/record_renewal', { user_id: running!.id, tier_index: 0, amount: 5000, note: 'Bank transfer' });
    expect(res.json()).toMatchObject({ last_renewed_date: '2027-06-01', expiry_date: '2028-06-01' });
    // The same payment sent twice (a double click) is recorded once.
    const again = await admin.post('/api/admin/record_renewal', {
      user_id: running!.id,
      tier_index: 0,
      amount: 5000,
      note: 'Bank transfer',
    });
    expect(again.statusCode).toBe(409);
    expect((await admin.get(`/api/admin/members/${running!.id}`)).json()).toMatchObject({ expiry_date: '2028-06-01' });
  });

  it('refuses bad input and changes nothing', async () => {
    const [member] = await insertMembers(t, [{ first: 'Gor', last: 'Simonyan', renewed: '2025-01-01' }]);
    for (const [body, field] of [
      [{ tier_index: 7, amount: 100, note: 'x' }, 'tier_index'],
      [{ tier_index: 0, amount: -1, note: 'x' }, 'amount'],
      [{ tier_index: 0, amount: 10.5, note: 'x' }, 'amount'],
      [{ tier_index: 0, amount: 100, note: '  ' }, 'note'],
    ] as const) {
      const res = await admin.post('/api/admin/record_renewal', { user_id: member!.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
    expect((await admin.post('/api/admin/record_renewal', { user_id: 'nobody', tier_index: 0, amount: 100, note: 'x' })).statusCode).toBe(
      404,
    );
    expect((await admin.get(`/api/admin/members/${member!.id}`)).json()).toMatchObject({ status: 'lapsed', payments: [] });
    const editor = api(t, await t.userWithRole('editor'));
    expect(
      (await editor.post('/api/admin/record_renewal', { user_id: member!.id, tier_index: 0, amount: 100, note: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('admin: payments and outbox', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = api(t, await t.userWithRole('admin'));
    // 31 August 23:30 UTC is already 1 September in London (summer time).
    t.clock.now = new Date('2026-08-31T23:30:00Z');
    await registeredMember(t, { first_name: 'Sona', last_name: 'Harutyunyan', email: 'sona@example.org' });
    t.clock.now = new Date('2026-08-31T22:30:00Z');
    await registeredMember(t, { first_name: 'Tigran', last_name: 'Mkrtchyan', email: 'tigran@example.org', tier_index: 1 });
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const donation = (
      await t.app.inject({
        method: 'POST',
        url: '/api/donate_proceed',
        payload: { amount: 2500, name: 'Gayane', email: 'gayane@example.org' },
        remoteAddress: '10.9.0.1',
      })
    ).json();
    await payWithCard(t, donation.clientSecret, '4242 4242 4242 4242');
    // A declined card leaves a pending payment behind.
    t.clock.advance(60_000);
    const declined = (await proceed(t, registrationForm({ email: 'declined@example.org' }), '10.9.0.2')).json();
    await payWithCard(t, declined.client_secret, '4000 0000 0000 0002');
  });
  afterAll(() => t.close());

  const payments = async (query: string) => {
    const res = await admin.get(`/api/admin/payments?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PaymentPage>();
  };

  it('lists payments newest first with names, amounts, statuses and references', async () => {
    const page = await payments('');
    expect(page.total).toBe(4);
    expect(page.items.map((p) => [p.kind, p.email, p.amount])).toEqual([
      ['registration', 'declined@example.org', 5000],
      ['donation', 'gayane@example.org', 2500],
      ['registration', 'sona@example.org', 5000],
      ['registration', 'tigran@example.org', 3500],
    ]);
    expect(page.items[1]).toMatchObject({ name: 'Gayane', status: 'succeeded' });
    expect(page.items[2]).toMatchObject({ name: 'Sona Harutyunyan', status: 'succeeded' });
    expect(page.items.every((p) => p.provider_ref?.startsWith('pi_'))).toBe(true);
  });

  it('filters by kind, status, words and London dates', async () => {
    expect((await payments('kind=donation')).items.map((p) => p.email)).toEqual(['gayane@example.org']);
    expect((await payments('status=pending')).items.map((p) => p.email)).toEqual(['declined@example.org']);
    expect((await payments('q=HARUTYUN')).items.map((p) => p.email)).toEqual(['sona@example.org']);
    expect((await payments('q=gayane')).items.map((p) => p.kind)).toEqual(['donation']);
    const ref = (await payments('kind=donation')).items[0]!.provider_ref!;
    expect((await payments(`q=${ref}`)).total).toBe(1);
    // Sona paid on 1 September London time, Tigran on 31 August.
    expect((await payments('from=2026-09-01&to=2026-09-01')).items.map((p) => p.email)).toEqual(['sona@example.org']);
    expect((await payments('to=2026-08-31')).items.map((p) => p.email)).toEqual(['tigran@example.org']);
    const backwards = await admin.get('/api/admin/payments?from=2026-09-02&to=2026-09-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'to' });
    expect((await admin.get('/api/admin/payments?from=yesterday')).statusCode).toBe(400);
  });

  it('totals succeeded payments by London month, newest first', async () => {
    const totals = (await admin.get('/api/admin/payment_totals')).json<MonthTotal[]>();
    expect(totals).toEqual([
      { month: '2026-11', registration: 0, renewal: 0, donation: 2500, booking: 0, refunded: 0, disputed: 0, total: 2500, count: 1 },
      { month: '2026-09', registration: 5000, renewal: 0, donation: 0, booking: 0, refunded: 0, disputed: 0, total: 5000, count: 1 },
      { month: '2026-08', registration: 3500, renewal: 0, donation: 0, booking: 0, refunded: 0, disputed: 0, total: 3500, count: 1 },
    ]);
  });

  it('exports the filtered payments as CSV in pounds', async () => {
    const res = await admin.get('/api/admin/payments.csv?kind=registration&status=succeeded');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments-2026-11-21.csv"');
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Created,Completed,Kind,Status,Amount (GBP),Refunded (GBP),Name,E-mail,Provider,Provider reference,Note,Payment id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^2026-09-01 00:30,2026-09-01 00:30,registration,succeeded,50\.00,0\.00,Sona Harutyunyan,sona@example\.org,test,pi_/,
    );
  });

  it('shows the outbox newest first, with each message in full', async () => {
    const res = await admin.get('/api/admin/outbox?page_size=2');
    expect(res.statusCode).toBe(200);
    const page = res.json<OutboxPage>();
    expect(page.delivery).toBe('outbox');
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(2);
    // Newest first: the donation's receipt (the declined card sent nothing).
    expect(page.items[0]!.to_address).toBe('gayane@example.org');
    expect(page.items[0]!._id).toBeGreaterThan(page.items[1]!._id);
    expect(page.items[0]).not.toHaveProperty('text_body');

    const sona = (await admin.get('/api/admin/outbox?q=sona%40')).json<OutboxPage>();
    expect(sona.items.map((m) => m.to_address)).toEqual(['sona@example.org']);
    expect((await admin.get('/api/admin/outbox?status=sent')).json()).toMatchObject({ total: 0 });

    const message = await admin.get(`/api/admin/outbox/${sona.items[0]!._id}`);
    expect(message.json()).toMatchObject({ to_address: 'sona@example.org', status: 'kept' });
    expect(message.json().text_body).toContain('Sona');
    expect((await admin.get('/api/admin/outbox/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/outbox/abc')).statusCode).toBe(400);
  });
});
