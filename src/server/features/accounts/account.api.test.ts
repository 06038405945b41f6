import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_LINK_INVALID, EMAIL_UNAVAILABLE, WRONG_PASSWORD } from '../../../shared/api/account';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { outboxFor, payWithCard, proceed, registeredMember, registrationForm, signIn } from '../../testing/membership';

const PASSWORD = 'a long enough password';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('the member’s own account', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('rate_limit_hits').execute();
  });

  const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  const linkIn = (text: string) => /\/account\/confirm-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('reads and changes the details with the registration form’s rules, and audits the change', async () => {
    const { form, authorization } = await registeredMember(t);
    const details = (await call(authorization, 'GET', '/api/account/details')).json();
    expect(details).toMatchObject({ email: form.email, first_name: 'Ani', addr_city: 'London', tier_index: 0 });

    const changed = {
      ...details,
      addr_line1: '2 Low Road',
      addr_post: 'E1 6AN',
      phone_no: '07700 900123',
      job_title: null,
      grad_year: 2030,
    };
    const res = await call(authorization, 'POST', '/api/account/details', changed);
    expect(res.statusCode).toBe(200);
    // A graduation year is kept for Students only, as at registration.
    expect(res.json()).toMatchObject({ addr_line1: '2 Low Road', addr_post: 'E1 6AN', job_title: null, grad_year: null });
    const audit = await t.db.db.selectFrom('audit_log').selectAll().where('kind', '=', 'account').execute();
    expect(audit.at(-1)!.summary.split(': ')[1]!.split(', ').sort()).toEqual(['addr_line1', 'addr_post', 'job_title', 'phone_no']);

    for (const [field, value] of [
      ['first_name', ''],
      ['addr_post', 'x'.repeat(21)],
      ['phone_no', 'call me'],
      ['grad_year', 1800],
      ['addr_city', 42],
    ] as const) {
      const bad = await call(authorization, 'POST', '/api/account/details', { ...changed, [field]: value });
      expect(bad.statusCode, field).toBe(400);
      expect(bad.json().field).toBe(field);
    }
    expect((await call(authorization, 'GET', '/api/account/details')).json().addr_line1).toBe('2 Low Road');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/details', payload: changed })).statusCode).toBe(401);
  });

  it('changes the name alone (the admin’s account has no membership details)', async () => {
    const admin = await t.userWithRole('admin');
    const res = await call(admin.authorization, 'POST', '/api/account/name', { first_name: 'Anahit', last_name: 'Grigoryan' });
    expect(res.json()).toMatchObject({ first_name: 'Anahit', last_name: 'Grigoryan', addr_line1: null });
    expect((await call(admin.authorization, 'POST', '/api/account/name', { first_name: ' ', last_name: 'G' })).json().field).toBe(
      'first_name',
    );
    expect((await call(admin.authorization, 'GET', '/api/member_info')).json().first_name).toBe('Anahit');
  });

  it('changes the password after checking the current one, ending every other session', async () => {
    const { form, authorization } = await registeredMember(t);
    const other = `Bearer ${(await signIn(t, form.email, PASSWORD)).json().access_token}`;
    const wrong = await call(authorization, 'POST', '/api/account/password', {
      current_password: 'nope',
      new_password: 'another long one',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(WRONG_PASSWORD);
    const short = await call(authorization, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: 'short' });
    expect(short.json()).toMatchObject({ field: 'new_password' });

    const res = await call(authorization, 'POST', '/api/account/password', {
      current_password: PASSWORD,
      new_password: 'another long one',
    });
    expect(res.statusCode).toBe(200);
    const fresh = `Bearer ${res.json().access_token}`;
    expect((await call(other, 'GET', '/api/account/details')).statusCode).toBe(401);
    expect((await call(authorization, 'GET', '/api/account/details')).statusCode).toBe(401);
    expect((await call(fresh, 'GET', '/api/account/details')).statusCode).toBe(200);
    expect((await signIn(t, form.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t, form.email, 'another long one')).statusCode).toBe(200);
  });

  it('locks the password check after five wrong guesses', async () => {
    const { authorization } = await registeredMember(t);
    const guess = () =>
      call(authorization, 'POST', '/api/account/password', { current_password: 'guess', new_password: 'another long one' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess()).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await call(authorization, 'POST', '/api/account/password', {
      current_password: PASSWORD,
      new_password: 'another long one',
    });
    expect(right.statusCode).toBe(429);
  });

  it('changes the e-mail only when the link sent to the new address is opened, once', async () => {
    const { form, authorization } = await registeredMember(t);
    const taken = await registeredMember(t);
    const refused = await call(authorization, 'POST', '/api/account/email', {
      new_email: taken.form.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(EMAIL_UNAVAILABLE);
    expect((await call(authorization, 'POST', '/api/account/email', { new_email: 'new@x.org', password: 'nope' })).statusCode).toBe(400);
    expect(
      (await call(authorization, 'POST', '/api/account/email', { new_email: 'not an address', password: PASSWORD })).json().field,
    ).toBe('new_email');

    const newEmail = `moved-${Date.now()}@example.org`;
    expect((await call(authorization, 'POST', '/api/account/email', { new_email: newEmail, password: PASSWORD })).statusCode).toBe(200);
    const [link] = await outboxFor(t, newEmail);
    const notice = (await outboxFor(t, form.email)).at(-1)!;
    expect(notice.subject).toBe('Your e-mail address is being changed');
    expect(notice.text_body).toContain(newEmail);
    const token = linkIn(link!.text_body)!;
    // Only the hash is stored.
    expect(JSON.stringify(await t.db.db.selectFrom('email_changes').selectAll().execute())).not.toContain(token);
    // Nothing changed yet.
    expect((await call(authorization, 'GET', '/api/account/details')).json().email).toBe(form.email);

    const [first, second] = await Promise.all(
      [token, token].map((tk) => t.app.inject({ method: 'POST', url: '/api/account/email_confirm', payload: { token: tk } })),
    );
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 400]);
    expect([first!.json().detail, second!.json().detail]).toContain(EMAIL_LINK_INVALID);
    expect((await call(authorization, 'GET', '/api/account/details')).json().email).toBe(newEmail);
    expect((await signIn(t, newEmail, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t, form.email, PASSWORD)).statusCode).toBe(401);
  });

  it('refuses an expired link, a superseded link and a link to an address taken meanwhile', async () => {
    const { form } = await registeredMember(t);
    let authorization = `Bearer ${(await signIn(t, form.email, PASSWORD)).json().access_token}`;
    const ask = async (email: string) => {
      await call(authorization, 'POST', '/api/account/email', { new_email: email, password: PASSWORD });
      return linkIn((await outboxFor(t, email)).at(-1)!.text_body)!;
    };
    const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/account/email_confirm', payload: { token } });
    const expired = await ask(`late-${Date.now()}@example.org`);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await confirm(expired)).json().detail).toBe(EMAIL_LINK_INVALID);
    authorization = `Bearer ${(await signIn(t, form.email, PASSWORD)).json().access_token}`;
    const older = await ask(`one-${Date.now()}@example.org`);
    const grabbed = `two-${Date.now()}@example.org`;
    const newer = await ask(grabbed);
    expect((await confirm(older)).statusCode).toBe(400);
    await registeredMember(t, { email: grabbed });
    expect((await confirm(newer)).statusCode).toBe(409);
    expect((await confirm('')).json().field).toBe('token');
  });

  it('lists the member’s payments with statuses and gives a PDF receipt of each paid one, never another’s', async () => {
    await t.services.siteText.set('charity_number', '1234567', null);
    await t.services.siteText.set('site_name', 'Հայ Բժշկական Ընկերակցություն UK', null);
    const { form, authorization } = await registeredMember(t, { first_name: 'Անի' });
    t.clock.advance(60_000);
    const renewal = (await call(authorization, 'POST', '/api/renew_proceed', { tier_index: 1 })).json();
    expect((await payWithCard(t, renewal.client_secret, '4000 0000 0000 0002')).statusCode).toBe(402);
    const { items } = (await call(authorization, 'GET', '/api/account/payments')).json();
    expect(items).toHaveLength(2);
    const [pending, registration] = items;
    expect(pending).toMatchObject({ kind: 'renewal', status: 'pending', amount: 3500, has_receipt: false });
    expect(registration).toMatchObject({
      kind: 'registration',
      status: 'succeeded',
      amount: 5000,
      description: 'Membership: Doctors, Dental Surgeons and Pharmacists',
      has_receipt: true,
    });
    const longDate = (d: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(d));
    expect(Number(registration.period_end.slice(0, 4))).toBe(Number(registration.period_start.slice(0, 4)) + 1);

    const res = await call(authorization, 'GET', `/api/account/payments/${registration._id}/receipt.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('£50.00');
    expect(text).toContain(`${longDate(registration.period_start)} to ${longDate(registration.period_end)}`);
    expect(text).toContain('Registered charity number 1234567');
    expect(text).toContain(registration.receipt_number);
    expect(registration.receipt_number).toMatch(/^R-2026-\d{6}$/);
    // Armenian comes out as Armenian letters, not boxes.
    expect(text).toContain('Հայ Բժշկական Ընկերակցություն');
    expect(text).toContain(`Անի ${form.last_name}`);

    const stranger = await registeredMember(t);
    expect((await call(stranger.authorization, 'GET', `/api/account/payments/${registration._id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await call(authorization, 'GET', `/api/account/payments/${pending._id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await call(authorization, 'GET', '/api/account/payments/nope/receipt.pdf')).statusCode).toBe(404);
    expect(
      (await call(stranger.authorization, 'GET', '/api/account/payments')).json().items.map((p: { _id: string }) => p._id),
    ).not.toContain(registration._id);
    await t.services.siteText.set('charity_number', '', null);
    await t.services.siteText.set('site_name', 'Armenian Medical Association of Great Britain', null);
  });

  it('keeps each consent choice with its time and wording version', async () => {
    const { authorization } = await registeredMember(t);
    // Joining recorded the unticked box.
    expect((await call(authorization, 'GET', '/api/account/consent')).json()).toEqual({
      news_email: false,
      changed_at: expect.any(String),
    });
    expect((await call(authorization, 'POST', '/api/account/consent', { news_email: 'yes' })).json().field).toBe('news_email');
    t.clock.advance(60_000);
    expect((await call(authorization, 'POST', '/api/account/consent', { news_email: true })).json()).toEqual({
      news_email: true,
      changed_at: t.clock.now.toISOString(),
    });
    t.clock.advance(60_000);
    expect((await call(authorization, 'POST', '/api/account/consent', { news_email: false })).json().news_email).toBe(false);
    const history = await t.db.db.selectFrom('consents').selectAll().orderBy('at').execute();
    expect(history.slice(-2).map((c) => [c.news_email, c.source, c.wording_version.length])).toEqual([
      [1, 'profile', 16],
      [0, 'profile', 16],
    ]);
  });

  it('keeps the choice made when joining and when donating, with the wording shown then', async () => {
    const ticked = await registeredMember(t, { news_email: true });
    const state = (await call(ticked.authorization, 'GET', '/api/account/consent')).json();
    expect(state).toMatchObject({ news_email: true, changed_at: expect.any(String) });
    const unticked = await registeredMember(t);
    expect((await call(unticked.authorization, 'GET', '/api/account/consent')).json().news_email).toBe(false);
    const rows = await t.db.db
      .selectFrom('consents')
      .selectAll()
      .where('email_key', 'in', [ticked.form.email, unticked.form.email])
      .orderBy('news_email')
      .execute();
    expect(rows.map((r) => [r.news_email, r.source, r.wording_version.length])).toEqual([
      [0, 'register', 16],
      [1, 'register', 16],
    ]);
    // A form posts a ticked box as "on"; anything else is refused.
    expect((await proceed(t, registrationForm({ news_email: 'maybe' }))).json().field).toBe('news_email');

    t.clock.advance(60_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      payload: { amount: 500, name: null, email: unticked.form.email, news_email: true },
      remoteAddress: '10.9.9.8',
    });
    // The donor's tick is the member's current choice too (same address).
    expect((await call(unticked.authorization, 'GET', '/api/account/consent')).json().news_email).toBe(true);
  });

  it('exports everything held about the member', async () => {
    const { form, authorization } = await registeredMember(t);
    await call(authorization, 'POST', '/api/account/consent', { news_email: true });
    const res = await call(authorization, 'GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('my-data.json');
    const data = res.json();
    expect(data.account).toMatchObject({ email: form.email, first_name: 'Ani', addr_line1: '1 High Street', phone_no: form.phone_no });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.consent_history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ news_email: true, source: 'profile' }),
        expect.objectContaining({ news_email: false, source: 'register' }),
      ]),
    );
    expect(data.payments).toEqual([expect.objectContaining({ kind: 'registration', amount: 5000 })]);
    expect(data.emails_sent).toEqual([expect.objectContaining({ subject: expect.stringMatching(/Welcome|receipt/i) })]);
    expect(data).toHaveProperty('gift_aid_declarations');
    expect(data).toHaveProperty('audit_entries');
    expect(data).toHaveProperty('donations');
  });

  it('erases the account: no personal data left, payment amounts and Gift Aid declarations kept', async () => {
    admin = (await t.userWithRole('admin')).authorization;
    await t.services.siteText.set('charity_number', '1234567', null);
    expect((await call(admin, 'POST', '/api/admin/settings', { gift_aid_enabled: true })).statusCode).toBe(200);
    const { form, authorization } = await registeredMember(t, { first_name: 'Erasable', last_name: 'Person', phone_no: '+44 7700 900999' });
    const user = (await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirst())!;
    const gift = {
      title: 'Dr',
      first_name: 'Erasable',
      last_name: 'Person',
      house: '12',
      postcode: 'n1 1aa',
      non_uk: false,
      past_and_future: true,
      confirmed: true,
    };
    const donation = (
      await t.app.inject({
        method: 'POST',
        url: '/api/donate_proceed',
        payload: { amount: 2000, name: 'Erasable Person', email: form.email, gift_aid: gift },
        remoteAddress: '10.9.9.9',
      })
    ).json();
    expect((await payWithCard(t, donation.clientSecret, '4242 4242 4242 4242')).statusCode).toBe(200);
    await call(authorization, 'POST', '/api/account/consent', { news_email: true });
    await t.db.db
      .insertInto('pending_registrations')
      .values({ id: 'p-erase', email: form.email, password_hash: 'x', fields: '{"addr_line1":"1 High Street"}', created_at: 'x' })
      .execute();

    expect((await call(authorization, 'POST', '/api/account/delete', { password: 'wrong' })).statusCode).toBe(400);
    expect((await call(authorization, 'POST', '/api/account/delete', {})).json().field).toBe('password');
    expect((await call(authorization, 'POST', '/api/account/delete', { password: PASSWORD })).statusCode).toBe(200);
    expect((await call(authorization, 'GET', '/api/account/details')).statusCode).toBe(401);
    expect((await signIn(t, form.email, PASSWORD)).statusCode).toBe(401);

    const db = t.db.db;
    const everything = JSON.stringify({
      users: await db.selectFrom('users').selectAll().execute(),
      pending: await db.selectFrom('pending_registrations').selectAll().execute(),
      outbox: await db.selectFrom('outbox').select(['to_address', 'text_body', 'html_body']).execute(),
      audit: await db.selectFrom('audit_log').select(['summary', 'actor_email']).execute(),
      payments: await db.selectFrom('payments').selectAll().execute(),
      donations: await db.selectFrom('donations').selectAll().execute(),
      consents: await db.selectFrom('consents').selectAll().execute(),
    });
    for (const personal of [form.email, 'Erasable', form.phone_no, user.id]) expect(everything).not.toContain(personal);
    const payments = await db.selectFrom('payments').selectAll().where('email', '=', 'erased').execute();
    expect(payments.map((p) => [p.kind, p.amount_pence, p.status]).sort()).toEqual([
      ['donation', 2000, 'succeeded'],
      ['registration', 5000, 'succeeded'],
    ]);
    const declarations = await db.selectFrom('gift_aid_declarations').selectAll().where('last_name', '=', 'Person').execute();
    expect(declarations).toHaveLength(1);
    const entry = await db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').executeTakeFirst();
    expect(entry).toMatchObject({ kind: 'account', action: 'deleted', actor_id: null });
    await call(admin, 'POST', '/api/admin/settings', { gift_aid_enabled: false });
    await t.services.siteText.set('charity_number', '', null);
  });
});
