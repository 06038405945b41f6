import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { commit, csvText, dryRun, MEMBER_HEADER, writtenCounts } from '../../testing/imports';
import { registeredMember, signIn } from '../../testing/membership';

/** Committing once, idempotently, by one of two admins; undoing; past payments; the export read back in. */
describe('importing members: commit and undo', () => {
  let t: TestApp;
  let admin: { id: string; email: string; authorization: string };
  let other: { id: string; email: string; authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin');
    other = await t.userWithRole('admin');
  });
  afterAll(() => t.close());

  const row = (email: string, overrides: Partial<Record<(typeof MEMBER_HEADER)[number], string>> = {}) => {
    const values: Record<string, string> = {
      Title: 'Dr',
      'First name': 'Anahit',
      Surname: 'Petrosyan',
      Email: email,
      Tier: '0',
      Joined: '12/05/2019',
      'Last renewed': '01/03/2026',
      'News by e-mail': 'yes',
      'Address line 1': '1 High St',
      Postcode: 'N1 1AA',
      ...overrides,
    };
    return MEMBER_HEADER.map((h) => values[h]!);
  };
  const file = (rows: string[][]) => Buffer.from(csvText([MEMBER_HEADER, ...rows]));
  const user = (email: string) => t.db.db.selectFrom('users').selectAll().where('email_key', '=', email).executeTakeFirst();

  it('writes the accepted rows once with the import id on every row, audited; the same file again changes nothing', async () => {
    const id = (
      await dryRun(t, admin.authorization, { members: file([row('c1@example.org'), row('c2@example.org', { Tier: 'Gold' })]) })
    ).json().id as string;
    const blocked = await commit(t, admin.authorization, id, 'block');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().detail).toMatch(/1 row has errors/);
    expect(await user('c1@example.org')).toBeUndefined();

    const done = await commit(t, admin.authorization, id, 'skip');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'committed', summary: { create: 1, update: 0, skip: 0, error: 1 }, can_undo: true });
    const created = (await user('c1@example.org'))!;
    expect(created).toMatchObject({
      title: 'Dr',
      first_name: 'Anahit',
      role: 'member',
      password_hash: '',
      tier_index: 0,
      registered_date: '2019-05-12',
      last_renewed_date: '2026-03-01',
      import_id: id,
    });
    const consent = await t.db.db.selectFrom('consents').selectAll().where('user_id', '=', created.id).executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ news_email: 1, source: 'import', import_id: id });
    const audit = await t.db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', id).execute();
    expect(audit).toEqual([expect.objectContaining({ kind: 'import', action: 'recorded', actor_id: admin.id })]);
    expect(audit[0]!.summary).toBe('Imported members.csv: 1 created, 0 updated, 0 unchanged, 1 rows in error');

    // Committing again: the same answer, nothing more written.
    const before = await writtenCounts(t);
    const again = await commit(t, admin.authorization, id, 'skip');
    expect(again.json()).toEqual(done.json());
    expect(await writtenCounts(t)).toEqual(before);

    // The same file again: every row unchanged; a corrected file updates, never moving a membership back.
    const same = (await dryRun(t, admin.authorization, { members: file([row('c1@example.org')]) })).json();
    expect(same.summary).toEqual({ create: 0, update: 0, skip: 1, error: 0 });
    expect((await commit(t, admin.authorization, same.id)).json().summary).toEqual({ create: 0, update: 0, skip: 1, error: 0 });
    expect(await writtenCounts(t)).toEqual({ ...before, audit: before.audit + 1 });
    const corrected = (
      await dryRun(t, admin.authorization, {
        members: file([row('C1@example.org', { Surname: 'Petrosian', 'Last renewed': '01/03/2025', 'News by e-mail': 'no' })]),
      })
    ).json();
    expect(corrected.rows[0]).toMatchObject({ action: 'update', changes: ['last_name', 'news_email'] });
    await commit(t, admin.authorization, corrected.id);
    expect(await user('c1@example.org')).toMatchObject({
      last_name: 'Petrosian',
      last_renewed_date: '2026-03-01',
      import_id: corrected.id,
    });
  });

  it('lets one of two admins committing at once do it; the other is told, and nothing is written twice', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => row(`race${i}@example.org`));
    const id = (await dryRun(t, admin.authorization, { members: file(rows) })).json().id as string;
    const [a, b] = await Promise.all([commit(t, admin.authorization, id), commit(t, other.authorization, id)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    for (const res of [a, b].filter((r) => r.statusCode === 200))
      expect(res.json().summary).toEqual({ create: 450, update: 0, skip: 0, error: 0 });
    const count = await t.db.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('import_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(450);
    const audits = await t.db.db.selectFrom('audit_log').select('seq').where('subject_id', '=', id).execute();
    expect(audits).toHaveLength(1);
  });

  it('resumes a commit cut off part-way once its claim lapses', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(`resume${i}@example.org`));
    const id = (await dryRun(t, admin.authorization, { members: file(rows) })).json().id as string;
    // A server that stopped after its first batch: its claim is left behind, the first rows written.
    const stale = new Date(t.clock.now.getTime() + 60_000).toISOString();
    await t.db.db.updateTable('imports').set({ status: 'committing', lease_until: stale }).where('id', '=', id).execute();
    const busy = await commit(t, other.authorization, id);
    expect(busy.statusCode).toBe(409);
    t.clock.advance(3 * 60_000);
    const resumed = await commit(t, other.authorization, id);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().summary).toEqual({ create: 300, update: 0, skip: 0, error: 0 });
  });

  it('undoes a commit: created accounts go, updated ones come back as they were; not once someone has signed in', async () => {
    const { form } = await registeredMember(t, { first_name: 'Existing', email: 'existing@example.org' });
    const before = (await user('existing@example.org'))!;
    const id = (
      await dryRun(t, admin.authorization, {
        members: file([
          row('undo-new@example.org', { Postcode: 'E1 6AN' }),
          row('existing@example.org', { 'First name': 'Changed', Joined: '01/01/2000', 'Last renewed': '', Tier: '' }),
        ]),
      })
    ).json().id as string;
    const done = (await commit(t, admin.authorization, id)).json();
    expect(done.summary).toEqual({ create: 1, update: 1, skip: 0, error: 0 });
    expect(await user('existing@example.org')).toMatchObject({ first_name: 'Changed', registered_date: '2000-01-01' });

    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${id}/undo`,
      headers: { authorization: admin.authorization },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'undone', can_undo: false });
    expect(await user('undo-new@example.org')).toBeUndefined();
    expect(await user('existing@example.org')).toEqual(before);
    expect((await commit(t, admin.authorization, id)).statusCode).toBe(409);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${id}/undo`,
      headers: { authorization: admin.authorization },
    });
    expect(again.statusCode).toBe(409);

    // Once one of its people has signed in, the import stays.
    const second = (
      await dryRun(t, admin.authorization, { members: file([row('existing@example.org', { 'First name': 'Again' })]) })
    ).json();
    await commit(t, admin.authorization, second.id);
    t.clock.advance(60_000);
    expect((await signIn(t, form.email, form.plain_pw)).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${second.id}/undo`,
      headers: { authorization: admin.authorization },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('1 person brought in by this import has signed in or set a password: it can no longer be undone');
    expect(await user('existing@example.org')).toMatchObject({ first_name: 'Again' });
  });

  it('imports past payments with the members, once, into the member’s history and the totals', async () => {
    const payments = csvText([
      ['Email', 'Date', 'Amount', 'Kind', 'Method', 'Reference'],
      ['pay1@example.org', '01/03/2025', '£50.00', 'renewal', 'Cheque', '001234'],
      ['pay1@example.org', '01/03/2026', '50', 'membership', 'Bank transfer', ''],
      ['pay1@example.org', '05/03/2026', '10.50', 'donation', 'Cash', ''],
      ['nobody@example.org', '01/03/2026', '50', 'renewal', '', ''],
      ['pay1@example.org', '30/02/2026', 'fifty', 'refund', '', ''],
    ]);
    const run = async () =>
      (await dryRun(t, admin.authorization, { members: file([row('pay1@example.org')]), payments: Buffer.from(payments) })).json();
    const first = await run();
    expect(first.payments).toMatchObject({ encoding: 'UTF-8', summary: { create: 3, update: 0, skip: 0, error: 2 } });
    expect(first.payments.mapping).toMatchObject({
      email: 'Email',
      date: 'Date',
      amount: 'Amount',
      kind: 'Kind',
      method: 'Method',
      reference: 'Reference',
    });
    const errors = first.rows.filter((r: { file: string; action: string }) => r.file === 'payments' && r.action === 'error');
    expect(errors.map((r: { row: number; errors: { detail: string }[] }) => [r.row, r.errors.map((e) => e.detail)])).toEqual([
      [5, ['No member with this e-mail address, in the members file or on the site']],
      [
        6,
        [
          '"30/02/2026" is not a date',
          '"fifty" is not an amount in pounds, like 50 or 35.50',
          'Unknown kind "refund": write registration, renewal or donation',
        ],
      ],
    ]);
    await commit(t, admin.authorization, first.id);
    const member = (await user('pay1@example.org'))!;
    const paid = await t.db.db.selectFrom('payments').selectAll().where('user_id', '=', member.id).orderBy('created_at').execute();
    expect(paid.map((p) => [p.kind, p.amount_pence, p.status, p.provider, p.note, p.import_id])).toEqual([
      ['renewal', 5000, 'succeeded', 'offline', 'Imported: Cheque 001234', first.id],
      ['renewal', 5000, 'succeeded', 'offline', 'Imported: Bank transfer', first.id],
      ['donation', 1050, 'succeeded', 'offline', 'Imported: Cash', first.id],
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members/${member.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(detail.json().payments).toHaveLength(3);
    // The same files again add no payment.
    const second = await run();
    expect(second.payments.summary).toEqual({ create: 0, update: 0, skip: 3, error: 2 });
    await commit(t, admin.authorization, second.id);
    expect(await t.db.db.selectFrom('payments').select('id').where('user_id', '=', member.id).execute()).toHaveLength(3);
  });

  it('reads the site’s own export back: the same people, tiers, dates, consents and declarations on a fresh site', async () => {
    await registeredMember(t, { first_name: 'Roundtrip', email: 'round@example.org', news_email: true, tier_index: 1 });
    const id = (
      await dryRun(t, admin.authorization, {
        members: Buffer.from(
          csvText([
            [
              'First name',
              'Last name',
              'E-mail',
              'Tier',
              'Joined',
              'Last renewed',
              'Gift Aid declared',
              'Gift Aid scope',
              'Address line 1',
              'Postcode',
              'Phone',
            ],
            [
              'Gifty',
              'Aid',
              'gifty@example.org',
              'Students',
              '01/09/2024',
              '01/09/2025',
              '02/09/2024',
              'future',
              '2 Low Rd',
              'SW1A 1AA',
              '+44 20 7946 0000',
            ],
          ]),
        ),
      })
    ).json().id as string;
    await commit(t, admin.authorization, id);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members.csv?role=member',
      headers: { authorization: admin.authorization },
    });
    expect(exported.statusCode).toBe(200);

    const fresh = await createTestApp();
    try {
      const freshAdmin = await fresh.userWithRole('admin');
      const read = await dryRun(fresh, freshAdmin.authorization, { members: Buffer.from(exported.body), dateFormat: 'iso' });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ encoding: 'UTF-8 with a byte-order mark' });
      expect(read.json().summary.error).toBe(0);
      expect((await commit(fresh, freshAdmin.authorization, read.json().id)).statusCode).toBe(200);
      const reexported = await fresh.app.inject({
        method: 'GET',
        url: '/api/admin/members.csv?role=member',
        headers: { authorization: freshAdmin.authorization },
      });
      // The same people with the same values (a consent keeps its date; where it was given is kept too). People of
      // the same name may come in another order: their ids differ.
      const lines = (csv: string) => csv.split('\r\n').sort();
      expect(lines(reexported.body)).toEqual(lines(exported.body));
      expect(exported.body).toContain('gifty@example.org');
      expect(exported.body).toContain('2024-09-02,future');
      expect(exported.body).toMatch(/round@example.org,member,Other Allied Healthcare Professions,.*,yes,\d{4}-\d{2}-\d{2},register/);
    } finally {
      await fresh.close();
    }
  });

  it('treats imported members like any other for reminders: no "lapsed" mail for those long lapsed', async () => {
    // Today is 2026-11-21 (the test clock). Expiries: 10 days ago, 90 days ago, three years ago, in 20 days.
    const lapsed = (email: string, lastRenewed: string) => row(email, { 'Last renewed': lastRenewed, Joined: '01/01/2015' });
    const id = (
      await dryRun(t, admin.authorization, {
        members: file([
          lapsed('lapsed10@example.org', '11/11/2025'),
          lapsed('lapsed90@example.org', '23/08/2025'),
          lapsed('lapsed3y@example.org', '01/01/2023'),
          lapsed('soon@example.org', '11/12/2025'),
        ]),
      })
    ).json().id as string;
    await commit(t, admin.authorization, id);
    await t.services.runScheduledJobs();
    const kinds = async (email: string) =>
      (await t.db.db.selectFrom('outbox').select('kind').where('to_address', '=', email).execute()).map((m) => m.kind);
    expect(await kinds('lapsed10@example.org')).toEqual(['reminder-lapsed']);
    expect(await kinds('lapsed90@example.org')).toEqual([]);
    expect(await kinds('lapsed3y@example.org')).toEqual([]);
    expect(await kinds('soon@example.org')).toEqual(['reminder-30-days']);
  });
});
