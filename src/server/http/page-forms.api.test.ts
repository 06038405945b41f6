import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormOutcome } from '../../shared/domain/form-outcome';
import { outboxFor, registrationForm } from '../testing/membership';
import { createTestApp, TEST_PASSWORD, totpCode, type TestApp } from '../testing/test-app';

/**
 * Decision 085: a form posted to its page before the page's script took it over is answered by
 * the server with that page: the form's work done where it can be, or a plain message, never a
 * field lost and never a password in the page.
 */

/** The outcome the page carries for its script. */
function outcomeIn(html: string): FormOutcome {
  const text = /<script type="application\/json" id="form-outcome">(.*?)<\/script>/s.exec(html)?.[1];
  if (!text) throw new Error('The page carries no form outcome');
  return JSON.parse(text) as FormOutcome;
}

let addresses = 0;
const nextAddress = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

describe('forms posted to their page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { renderPages: true });
  });
  afterAll(() => t.close());

  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}, ip = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8000', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  describe('sign-in', () => {
    it('signs in and hands the session to the page, which is for this answer alone', async () => {
      const member = await t.userWithRole('member');
      const res = await post('/signIn', { email: member.email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      const outcome = outcomeIn(res.body);
      expect(outcome).toMatchObject({
        form: 'signIn',
        message: { tone: 'success', key: 'form.signed_in' },
        values: { email: member.email },
      });
      expect(outcome.handover).toMatchObject({ kind: 'session', session: { username: member.email, role: 'member' } });
      expect(res.body).toContain('You are signed in.');
      // A browser that runs no script is told what it lacks.
      expect(res.body).toMatch(/<noscript> (<!-- -->)?This step needs JavaScript, which is turned off in this browser.<\/noscript>/);
      expect(res.body).not.toContain(TEST_PASSWORD);
      // The session works.
      const token = outcome.handover?.kind === 'session' ? outcome.handover.session.token : '';
      const info = await t.app.inject({ method: 'GET', url: '/api/member_info', headers: { authorization: `Bearer ${token}` } });
      expect(info.statusCode).toBe(200);
    });

    it('answers a wrong password with the page, the address kept and the password not', async () => {
      const member = await t.userWithRole('member');
      const res = await post('/signIn', { email: member.email, password: 'not the password' });
      expect(res.statusCode).toBe(401);
      expect(outcomeIn(res.body)).toEqual({
        form: 'signIn',
        values: { email: member.email },
        message: { tone: 'error', key: 'invalid_credentials' },
      });
      expect(res.body).toContain('Email or password not recognized');
      expect(res.body).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${member.email}"`));
      expect(res.body).not.toContain('not the password');
    });

    it('asks for the second factor of an account that has one, and signs in with its code', async () => {
      const member = await t.userWithRole('member');
      const headers = { authorization: member.authorization };
      const started = await t.app.inject({ method: 'POST', url: '/api/account/totp', headers });
      const { secret } = started.json<{ secret: string }>();
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/account/totp/confirm',
        headers,
        payload: { code: totpCode(secret, t.clock.now) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      const asked = await post('/signIn', { email: member.email, password: TEST_PASSWORD });
      expect(asked.statusCode).toBe(401);
      const outcome = outcomeIn(asked.body);
      expect(outcome).toMatchObject({ values: { email: member.email }, secondFactor: expect.arrayContaining(['totp']) });
      expect(outcome.message?.tone).toBe('info');
      expect(outcome.handover).toBeUndefined();
      // The page asks for the code beside the password.
      expect(asked.body).toMatch(/<input[^>]*name="otp"/);

      t.clock.advance(30_000);
      try {
        const signedIn = await post('/signIn', { email: member.email, password: TEST_PASSWORD, otp: totpCode(secret, t.clock.now) });
        expect(signedIn.statusCode).toBe(200);
        expect(outcomeIn(signedIn.body).handover).toMatchObject({ kind: 'session', session: { username: member.email } });
      } finally {
        t.clock.advance(-30_000);
      }
    });

    it('names each missing field', async () => {
      const res = await post('/signIn', { email: '  ' });
      expect(res.statusCode).toBe(400);
      expect(outcomeIn(res.body).fields).toEqual({
        email: 'Enter your e-mail address',
        password: 'Invalid input: expected string, received undefined',
      });
    });

    it('stops guessing as the API does, and says when to come back', async () => {
      const member = await t.userWithRole('member');
      const ip = nextAddress();
      for (let i = 0; i < 5; i++)
        expect((await post('/signIn', { email: member.email, password: `guess ${i}` }, {}, ip)).statusCode).toBe(401);
      const res = await post('/signIn', { email: member.email, password: TEST_PASSWORD }, {}, ip);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(outcomeIn(res.body).message).toEqual({
        tone: 'error',
        text: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
      });
      expect(outcomeIn(res.body).handover).toBeUndefined();
    });

    it("refuses a form another site's page sent, doing nothing", async () => {
      const member = await t.userWithRole('member');
      for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: '', 'sec-fetch-site': 'cross-site' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/signIn',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: new URLSearchParams({ email: member.email, password: TEST_PASSWORD }).toString(),
        });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(outcomeIn(res.body)).toEqual({ form: 'signIn', message: { tone: 'error', key: 'form.cross_site' } });
      }
      const attempts = await t.db.db.selectFrom('sign_in_failures').select('id').where('email_key', '=', member.email).execute();
      expect(attempts).toEqual([]);
    });

    it('takes only what a form sends', async () => {
      const json = await t.app.inject({ method: 'POST', url: '/signIn', payload: { email: 'a@example.org', password: 'x' } });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toHaveProperty('detail');
      const nul = await post('/signIn', { email: 'a\u0000@example.org', password: 'x' });
      expect(nul.statusCode).toBe(400);
      expect(outcomeIn(nul.body).message?.text).toContain('NUL');
    });
  });

  describe('forgotten and new password', () => {
    it('serves both pages with their forms drawn, and a dead link says so at once', async () => {
      const forgot = await t.app.inject({ method: 'GET', url: '/signIn/pwForgot' });
      expect(forgot.body).toMatch(/<form[^>]*action="\/signIn\/pwForgot" method="post"/);
      const dead = await t.app.inject({ method: 'GET', url: '/signIn/pwReset/no-such-link' });
      expect(dead.statusCode).toBe(200);
      expect(dead.headers['referrer-policy']).toBe('no-referrer');
      expect(dead.body).toContain('Sorry, that password reset link has expired.');
    });

    it('sends the link and says so', async () => {
      const member = await t.userWithRole('member');
      const res = await post('/signIn/pwForgot', { email: member.email });
      expect(res.statusCode).toBe(200);
      expect(outcomeIn(res.body)).toEqual({ form: 'pwForgot', values: { email: member.email }, done: true });
      expect(res.body).toContain('Please check your email for further instructions.');
      await t.services.background.idle();
      expect(await outboxFor(t, member.email)).toHaveLength(1);
    });

    it('sets the new password from the link, once, telling no referrer', async () => {
      const member = await t.userWithRole('member');
      await post('/signIn/pwForgot', { email: member.email });
      await t.services.background.idle();
      const [mail] = await outboxFor(t, member.email);
      const uid = /\/signIn\/pwReset\/([\w-]+)/.exec(mail!.text_body)![1]!;

      const mismatch = await post(`/signIn/pwReset/${uid}`, { password: 'Zebra-Quokka-77', confirmation: 'Zebra-Quokka-78' });
      expect(mismatch.statusCode).toBe(400);
      expect(outcomeIn(mismatch.body)).toEqual({ form: 'pwReset', message: { tone: 'error', key: 'pw_reset.mismatch' } });
      expect(mismatch.headers['referrer-policy']).toBe('no-referrer');
      expect(mismatch.body).not.toContain('Zebra-Quokka-77');

      const done = await post(`/signIn/pwReset/${uid}`, { password: 'Zebra-Quokka-77', confirmation: 'Zebra-Quokka-77' });
      expect(done.statusCode).toBe(200);
      expect(outcomeIn(done.body)).toEqual({ form: 'pwReset', done: true });
      expect(done.body).toContain('Password reset successfully');
      expect(done.headers['referrer-policy']).toBe('no-referrer');
      expect((await post('/signIn', { email: member.email, password: 'Zebra-Quokka-77' })).statusCode).toBe(200);

      const again = await post(`/signIn/pwReset/${uid}`, { password: 'Zebra-Quokka-79', confirmation: 'Zebra-Quokka-79' });
      expect(again.statusCode).toBe(400);
      expect(outcomeIn(again.body).message).toEqual({ tone: 'error', text: 'Sorry, that password reset link has expired.' });
    });
  });

  describe('joining', () => {
    const fields = (overrides: Record<string, unknown> = {}) =>
      Object.fromEntries(
        Object.entries(registrationForm(overrides)).map(([name, value]) => [name, value === null ? '' : String(value)]),
      ) as Record<string, string>;

    it('begins joining and hands the pay step to the page, the password kept out of it', async () => {
      const form = fields({ tier_index: 1, news_email: 'on' });
      const res = await post('/register', form);
      expect(res.statusCode).toBe(200);
      const outcome = outcomeIn(res.body);
      expect(outcome.message).toEqual({ tone: 'info', key: 'form.next_step' });
      expect(outcome.values).not.toHaveProperty('plain_pw');
      expect(res.body).not.toContain(form.plain_pw);
      expect(outcome.handover).toMatchObject({
        kind: 'register-pay',
        proceed: {
          tier: { pence: 3500 },
          client_secret: expect.any(String),
          payment_id: expect.any(String),
          sign_in_secret: expect.any(String),
        },
        billing: { line1: '1 High Street', line2: '', city: 'London', postal_code: 'N1 1AA' },
        first_name: 'Ani',
        email: form.email,
      });
      const pending = await t.db.db
        .selectFrom('pending_registrations')
        .select(['email', 'fields'])
        .where('email', '=', form.email!)
        .execute();
      expect(pending).toHaveLength(1);
      expect(JSON.parse(pending[0]!.fields)).toMatchObject({ news_email: true });
    });

    it('answers what is missing by field, with what was typed', async () => {
      const res = await post('/register', { first_name: 'Ani', email: 'not an address', plain_pw: 'short' });
      expect(res.statusCode).toBe(400);
      const outcome = outcomeIn(res.body);
      expect(outcome.values).toEqual({ first_name: 'Ani', email: 'not an address' });
      expect(outcome.fields).toMatchObject({
        tier_index: 'Choose a membership tier',
        last_name: expect.any(String),
        email: 'Enter a valid e-mail address',
        plain_pw: 'Use at least 8 characters',
      });
      expect(res.body).toMatch(/<input[^>]*name="first_name"[^>]*value="Ani"/);
    });

    it('asks a student for the graduation year beside its field, keeping the form and the chosen tier', async () => {
      const form = fields({ tier_index: 2, grad_year: '' });
      const res = await post('/register', form);
      expect(res.statusCode).toBe(400);
      const outcome = outcomeIn(res.body);
      expect(outcome.fields).toEqual({ grad_year: 'Students: enter the year you expect to graduate' });
      expect(outcome.values).toMatchObject({ tier_index: '2', first_name: 'Ani', email: form.email });
      expect(outcome.values).not.toHaveProperty('plain_pw');
      // The year's field is drawn (it shows once the student tier is chosen), with its fault.
      expect(res.body).toMatch(/<input[^>]*name="grad_year"/);
      expect(res.body).toContain('Students: enter the year you expect to graduate');
      expect(await t.db.db.selectFrom('pending_registrations').select('email').where('email', '=', form.email!).execute()).toEqual([]);
    });

    it('says beside the e-mail field when the address has an account', async () => {
      const member = await t.userWithRole('member');
      const res = await post('/register', fields({ email: member.email }));
      expect(res.statusCode).toBe(409);
      expect(outcomeIn(res.body).fields?.email).toMatch(/already exists/);
    });

    it('keeps the renewal choice, which needs the signed-in page to go on', async () => {
      const res = await post('/renew', { tier_index: '1' });
      expect(res.statusCode).toBe(200);
      expect(outcomeIn(res.body)).toEqual({
        form: 'renew',
        values: { tier_index: '1' },
        message: { tone: 'info', key: 'form.renew_again' },
      });
      expect((await post('/renew', {})).statusCode).toBe(400);
      // "Renew automatically each year" comes back ticked, to be sent again with the choice.
      expect(outcomeIn((await post('/renew', { tier_index: '1', auto_renew: 'on' })).body).values).toEqual({
        tier_index: '1',
        auto_renew: 'on',
      });
    });
  });

  describe('donating', () => {
    it('begins the donation and hands the card step to the page', async () => {
      const res = await post('/donate', { amount: '12.6', name: 'Ani Sargsyan', email: 'ani@example.org', news_email: 'on' });
      expect(res.statusCode).toBe(200);
      const outcome = outcomeIn(res.body);
      expect(outcome.values).toMatchObject({ amount: '12.6', name: 'Ani Sargsyan', news_email: 'on' });
      expect(outcome.handover).toEqual({
        kind: 'donation',
        request: { amount: 1300, name: 'Ani Sargsyan', email: 'ani@example.org', news_email: true },
        clientSecret: expect.stringMatching(/_secret_/),
        amount: 1300,
      });
    });

    it('begins a monthly gift and hands its setup flow to the page (decision 170)', async () => {
      const res = await post('/donate', { frequency: 'monthly', amount: '15', name: 'Ani Sargsyan', email: 'ani@example.org' });
      expect(res.statusCode).toBe(200);
      const outcome = outcomeIn(res.body);
      expect(outcome.values).toMatchObject({ frequency: 'monthly', amount: '15' });
      expect(outcome.handover).toEqual({
        kind: 'monthly-gift',
        request: { amount: 1500, name: 'Ani Sargsyan', email: 'ani@example.org' },
        giftId: expect.any(String),
        clientSecret: expect.stringMatching(/^seti_/),
        setupIntentId: expect.stringMatching(/^seti_/),
      });
      // Nothing is charged until the card is saved and the gift confirmed.
      const gift = await t.db.db.selectFrom('monthly_gifts').select('status').where('email', '=', 'ani@example.org').execute();
      expect(gift).toEqual([{ status: 'setup' }]);
    });

    it('takes an anonymous donation with no name, and refuses what the page refuses', async () => {
      const anonymous = await post('/donate', { amount: '5', anonymous: 'on', email: 'anon@example.org' });
      expect(outcomeIn(anonymous.body).handover).toMatchObject({ request: { amount: 500, name: null } });
      const bad = await post('/donate', { amount: '0', email: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(outcomeIn(bad.body).fields).toEqual({
        amount: 'Enter an amount of at least £1',
        name: 'Enter your name, or tick Anonymous',
        email: 'Enter your e-mail address for the receipt',
      });
    });
  });

  describe('any other form of a page', () => {
    it('answers with the page and a word that nothing was done', async () => {
      for (const url of ['/profile', '/admin/settings', '/events', '/']) {
        const res = await post(url, { anything: 'x' });
        expect(res.statusCode, url).toBe(200);
        expect(outcomeIn(res.body), url).toEqual({ form: 'other', message: { tone: 'error', key: 'form.not_sent' } });
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const nowhere = await post('/no/such/page', { anything: 'x' });
      expect(nowhere.statusCode).toBe(404);
    });
  });
});
