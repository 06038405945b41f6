import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { outboxFor, payWithCard, proceed, registeredMember, registrationForm, signIn } from '../../testing/membership';
import { TAKEN_ANSWERS_PER_DAY } from './membership.service';

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const memberCount = async (email: string) =>
    (await t.db.db.selectFrom('users').select('id').where('email_key', '=', email.toLowerCase()).execute()).length;

  it('lets a student join free, without a card', async () => {
    const form = registrationForm({ tier_index: 2, grad_year: 2029 });
    const res = await proceed(t, form);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      tier: { name: 'Students', pence: 0 },
      date_effective: '2026-11-21',
      payment_id: expect.any(String),
      sign_in_secret: expect.any(String),
    });
    expect(await memberCount(form.email)).toBe(0);

    const confirm = await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: body });
    expect(confirm.json()).toEqual({ succeeded: true });
    const user = await t.db.db.selectFrom('users').selectAll().where('email', '=', form.email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      role: 'member',
      tier_index: 2,
      registered_date: '2026-11-21',
      last_renewed_date: '2026-11-21',
      grad_year: 2029,
      addr_line2: null,
    });
    expect(await t.db.db.selectFrom('pending_registrations').select('id').execute()).toEqual([]);

    const [welcome] = await outboxFor(t, form.email);
    expect(welcome).toMatchObject({
      subject: 'Welcome to the Armenian Medical Association of Great Britain',
      status: 'kept',
      kind: 'welcome',
    });
    expect(welcome!.text_body).toContain('Membership: Students');
    expect(welcome!.text_body).toContain('Membership until: 21 November 2027');

    const again = await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: body });
    expect(again.json()).toEqual({ succeeded: true });
    expect(await outboxFor(t, form.email)).toHaveLength(1);
    expect((await signIn(t, form.email, form.plain_pw)).statusCode).toBe(200);
  });

  it('prices the tier on the server, whatever the browser says', async () => {
    const form = registrationForm({ tier_index: 0, amount: 1, price: 0, pence: 0, tier: { name: 'Students', pence: 0 } });
    const body = (await proceed(t, form)).json();
    expect(body.tier).toEqual({ name: 'Doctors, Dental Surgeons and Pharmacists', pence: 5000 });
    expect(body.client_secret).toMatch(/^pi_test\w+_secret_\w+$/);
    const intent = await t.db.db
      .selectFrom('test_payment_intents')
      .selectAll()
      .where('client_secret', '=', body.client_secret)
      .executeTakeFirstOrThrow();
    expect(intent.amount_pence).toBe(5000);
  });

  it('refuses the free confirm for a paid tier and creates no member', async () => {
    const form = registrationForm({ tier_index: 1 });
    const body = (await proceed(t, form)).json();
    const res = await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/card/);
    expect(await memberCount(form.email)).toBe(0);
  });

  it('creates the member once the card is charged, and only then', async () => {
    const form = registrationForm({ tier_index: 1 });
    const body = (await proceed(t, form)).json();

    const declined = await payWithCard(t, body.client_secret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ detail: 'Your card was declined.' });
    const poor = await payWithCard(t, body.client_secret, '4000000000009995');
    expect(poor.json()).toEqual({ detail: 'Your card has insufficient funds.' });
    expect(await memberCount(form.email)).toBe(0);
    expect((await signIn(t, form.email, form.plain_pw)).statusCode).toBe(401);

    expect((await payWithCard(t, body.client_secret, '4242 4242 4242 4242')).json()).toEqual({ status: 'succeeded' });
    expect(await memberCount(form.email)).toBe(1);
    const settle = await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: body.client_secret } });
    expect(settle.json()).toEqual({ status: 'succeeded' });
    expect(await memberCount(form.email)).toBe(1);
    const receipts = await outboxFor(t, form.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text_body).toContain('Amount paid: £35.00');

    const payment = await t.db.db.selectFrom('payments').selectAll().where('id', '=', body.payment_id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'succeeded', amount_pence: 3500, kind: 'registration', provider: 'test' });
  });

  it('refuses an e-mail that already has an account, in any case', async () => {
    const { form } = await registeredMember(t, { tier_index: 2 });
    const res = await proceed(t, registrationForm({ email: form.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/already exists/);
  });

  it('takes a form-encoded body, numbers as digits, as an HTML form posts it', async () => {
    const form = registrationForm({ tier_index: 2 });
    const fields = { ...form, tier_index: '2', grad_year: '2029', addr_line2: '' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register_proceed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: '10.3.1.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tier: { name: 'Students', pence: 0 } });
    await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: res.json() });
    const user = await t.db.db.selectFrom('users').selectAll().where('email', '=', form.email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ tier_index: 2, grad_year: 2029, addr_line2: null });
    // JSON with digit strings works the same.
    const json = await proceed(t, registrationForm({ tier_index: '1', grad_year: '' }), '10.3.1.2');
    expect(json.json().tier).toEqual({ name: 'Other Allied Healthcare Professions', pence: 3500 });
    // Anything else is refused.
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/register_proceed',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
  });

  it(`says an address has an account at most ${TAKEN_ANSWERS_PER_DAY} times a day to one address, then holds every registration from it`, async () => {
    const { form } = await registeredMember(t, { tier_index: 2 });
    const ip = '10.3.2.1';
    for (let i = 0; i < TAKEN_ANSWERS_PER_DAY; i++)
      expect((await proceed(t, registrationForm({ email: form.email }), ip)).statusCode).toBe(409);
    // Past that, taken or not, the answer is the same: wait.
    expect((await proceed(t, registrationForm({ email: form.email }), ip)).statusCode).toBe(429);
    expect((await proceed(t, registrationForm({ tier_index: 2 }), ip)).statusCode).toBe(429);
    // Ten probes at once from a fresh address learn no more than the limit allows.
    const burst = await Promise.all(Array.from({ length: 10 }, () => proceed(t, registrationForm({ email: form.email }), '10.3.2.2')));
    expect(burst.filter((r) => r.statusCode === 409).length).toBeLessThanOrEqual(TAKEN_ANSWERS_PER_DAY);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await proceed(t, registrationForm({ tier_index: 2 }), ip)).statusCode).toBe(200);
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  it('refuses missing and malformed fields with the field at fault', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, 'first_name'],
      [{ last_name: undefined }, 'last_name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ plain_pw: 'short' }, 'plain_pw'],
      [{ addr_line1: '  ' }, 'addr_line1'],
      [{ addr_city: '' }, 'addr_city'],
      [{ addr_post: '' }, 'addr_post'],
      [{ phone_no: 'call me' }, 'phone_no'],
      [{ tier_index: 7 }, 'tier_index'],
      [{ tier_index: '7' }, 'tier_index'],
      [{ tier_index: 'one' }, 'tier_index'],
      [{ tier_index: '1.5' }, 'tier_index'],
      [{ grad_year: 1800 }, 'grad_year'],
      [{ tier_index: 2, grad_year: '18' }, 'grad_year'],
      [{ tier_index: 2, grad_year: 'soon' }, 'grad_year'],
    ];
    for (const [override, field] of cases) {
      const res = await proceed(t, registrationForm(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it('takes the student tier only with a graduation year not yet past (this year counts), by the London year now', async () => {
    // The test clock reads 21 November 2026.
    for (const [grad_year, detail] of [
      [null, 'Students: enter the year you expect to graduate'],
      ['', 'Students: enter the year you expect to graduate'],
      [1999, 'The student tier is for those still studying, and 1999 has passed'],
      [2025, 'The student tier is for those still studying, and 2025 has passed'],
      [2037, 'Enter the year you expect to graduate, at most ten years from now'],
    ] as const) {
      const res = await proceed(t, registrationForm({ tier_index: 2, grad_year }));
      expect(res.statusCode, String(grad_year)).toBe(400);
      expect(res.json(), String(grad_year)).toMatchObject({ field: 'grad_year', detail: expect.stringContaining(detail) });
    }
    expect(await t.db.db.selectFrom('pending_registrations').selectAll().where('fields', 'like', '%1999%').execute()).toEqual([]);
    for (const grad_year of [2026, 2036, '2027'])
      expect((await proceed(t, registrationForm({ tier_index: 2, grad_year }))).statusCode, String(grad_year)).toBe(200);
    // The year means nothing to the paying tiers (and is not kept for them).
    expect((await proceed(t, registrationForm({ tier_index: 0, grad_year: 1999 }))).statusCode).toBe(200);
  });

  it('never answers or stores the password', async () => {
    const form = registrationForm({ tier_index: 0 });
    const res = await proceed(t, form);
    expect(res.body).not.toContain(form.plain_pw);
    const pending = await t.db.db.selectFrom('pending_registrations').selectAll().where('email', '=', form.email).executeTakeFirstOrThrow();
    expect(JSON.stringify(pending)).not.toContain(form.plain_pw);
    expect(pending.password_hash).toMatch(/^scrypt\$/);
  });
});

describe('registration when password hashing is queued up', () => {
  it('answers 503 with Retry-After before anything counts against the address', async () => {
    const t = await createTestApp({ PASSWORD_HASH_WORKERS: '1', PASSWORD_HASH_QUEUE: '1', PASSWORD_HASH_COST: '15' });
    try {
      await t.services.passwords.hash('after the hash made at start');
      // Two hashes running: one on the thread, one waiting.
      const hashing = [t.services.passwords.hash('first new password'), t.services.passwords.hash('second new password')];
      const busy = await proceed(t, registrationForm({ tier_index: 2 }), '10.3.9.1');
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await Promise.all(hashing);
      expect(await t.db.db.selectFrom('rate_limit_hits').selectAll().execute()).toEqual([]);
      expect((await proceed(t, registrationForm({ tier_index: 2 }), '10.3.9.1')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('profile and renewal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  /** Moves the clock on and signs in again (tokens last 12 hours). */
  const later = async (iso: string, form: { email: string; plain_pw: string }) => {
    t.clock.now = new Date(iso);
    return `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
  };

  const info = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/member_info', headers: { authorization } });
  const renew = (authorization: string, tier_index: number) =>
    t.app.inject({ method: 'POST', url: '/api/renew_proceed', headers: { authorization }, payload: { tier_index } });

  it('answers the member their own details', async () => {
    const { form, authorization } = await registeredMember(t, { tier_index: 2 });
    const res = await info(authorization);
    expect(res.json()).toEqual({
      first_name: 'Ani',
      last_name: 'Sargsyan',
      email: form.email,
      registered_date: '2026-11-21',
      last_renewed_date: '2026-11-21',
      tier_index: 2,
      role: 'member',
      latest_period: { start: '2026-11-21', end: '2027-11-21' },
      language: 'en',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/member_info' })).statusCode).toBe(401);
  });

  it('starts an early renewal at the current expiry, so no days are lost', async () => {
    const { form } = await registeredMember(t, { tier_index: 1 });
    const authorization = await later('2027-09-17T12:00:00Z', form); // expiry 2027-11-21 still ahead
    const started = (await renew(authorization, 0)).json();
    expect(started).toMatchObject({
      tier: { name: 'Doctors, Dental Surgeons and Pharmacists', pence: 5000 },
      date_effective: '2027-11-21',
    });
    expect((await payWithCard(t, started.client_secret, '4242424242424242')).statusCode).toBe(200);
    expect((await info(authorization)).json()).toMatchObject({
      tier_index: 0,
      registered_date: '2026-11-21',
      last_renewed_date: '2027-11-21',
    });
    const mails = await outboxFor(t, form.email);
    expect(mails.map((m) => m.kind)).toEqual(['welcome', 'renewal-receipt']);
    expect(mails[1]!.text_body).toContain('Membership until: 21 November 2028');
  });

  it('starts a lapsed renewal today', async () => {
    const { form } = await registeredMember(t, { tier_index: 2 });
    const authorization = await later('2028-02-01T12:00:00Z', form);
    const started = (await renew(authorization, 2)).json();
    expect(started).toMatchObject({ date_effective: '2028-02-01' });
    expect(started.client_secret).toBeUndefined();
    const done = await t.app.inject({ method: 'POST', url: '/api/renew_confirm_simple', headers: { authorization }, payload: started });
    expect(done.json()).toEqual({ succeeded: true });
    expect((await info(authorization)).json()).toMatchObject({ last_renewed_date: '2028-02-01' });
  });

  it("refuses the free confirm for a paid renewal or someone else's payment", async () => {
    const a = await registeredMember(t, { tier_index: 2 });
    const b = await registeredMember(t, { tier_index: 2 });
    const paid = (await renew(a.authorization, 0)).json();
    const free = (await renew(a.authorization, 2)).json();
    for (const [authorization, payload] of [
      [a.authorization, paid],
      [b.authorization, free],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/renew_confirm_simple', headers: { authorization }, payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await info(a.authorization)).json().last_renewed_date).toBe('2026-11-21');
  });
});
