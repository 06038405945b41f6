import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_NEEDED, STAFF_NEEDS_FACTOR, WRONG_CODE } from '../../../shared/api/second-factor';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

type Token = { access_token: string; second_factor_setup?: string };

/** Authenticator apps, recovery codes and the staff rule, through the HTTP app (decisions 130-132). */
describe('authenticator codes and recovery codes', () => {
  let t: TestApp;
  let ips = 0;
  beforeAll(async () => {
    t = await createTestApp({}, { captureLogs: true });
  });
  afterAll(() => t.close());

  const address = () => `10.40.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;
  const signIn = (username: string, password: string, otp?: string, ip = address()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      payload: new URLSearchParams({ username, password, ...(otp === undefined ? {} : { otp }) }).toString(),
    });
  const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  const bearer = (res: { json<T>(): T }) => `Bearer ${res.json<Token>().access_token}`;
  const nextStep = () => t.clock.advance(30_000);

  /** A member who sets up an authenticator app; answers its secret, recovery codes and the enrolling session. */
  async function enrolledMember() {
    const member = await t.userWithRole('member');
    const started = await call(member.authorization, 'POST', '/api/account/totp');
    expect(started.statusCode).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    nextStep();
    const confirmed = await call(member.authorization, 'POST', '/api/account/totp/confirm', { code: t.totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { ...member, secret, codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  it('sets up an app by QR code and secret, confirmed by a first code, with ten recovery codes shown once', async () => {
    const member = await t.userWithRole('member');
    const other = bearer(await signIn(member.email, TEST_PASSWORD));
    const started = await call(member.authorization, 'POST', '/api/account/totp');
    const body = started.json<{ secret: string; otpauth_url: string; qr_svg: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    expect(body.otpauth_url).toContain(encodeURIComponent(member.email));
    expect(body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Nothing counts before the first code: the password alone still signs in.
    expect((await signIn(member.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await call(member.authorization, 'GET', '/api/account/security')).json()).toMatchObject({
      totp: false,
      recovery_codes_left: 0,
    });

    const wrong = await call(member.authorization, 'POST', '/api/account/totp/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(WRONG_CODE);
    expect((await call(member.authorization, 'POST', '/api/account/totp/confirm', { code: 'abc!' })).json().field).toBe('code');

    nextStep();
    const confirmed = await call(member.authorization, 'POST', '/api/account/totp/confirm', { code: t.totpCode(body.secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // The enrolling session goes on; the other one ended; the app is set up and the codes are kept hashed.
    expect((await call(member.authorization, 'GET', '/api/account/security')).json()).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
    });
    expect((await call(other, 'GET', '/api/account/security')).statusCode).toBe(401);
    const stored = await t.db.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', member.id).execute();
    expect(stored.some((row) => codes.some((code) => row.code_hash.includes(code.replace('-', ''))))).toBe(false);
    const seed = await t.db.db.selectFrom('totp_factors').select('secret_enc').where('user_id', '=', member.id).executeTakeFirstOrThrow();
    expect(seed.secret_enc).not.toContain(body.secret);
    expect(seed.secret_enc).toMatch(/^v1\./);

    // A second app waits until the first is removed.
    expect((await call(member.authorization, 'POST', '/api/account/totp')).statusCode).toBe(409);
    // Nothing secret reached the log.
    const log = JSON.stringify(t.logs);
    for (const secret of [body.secret, ...codes]) expect(log).not.toContain(secret);
  });

  it('asks for the second factor after a right password, and refuses a code used before', async () => {
    const member = await enrolledMember();
    const alone = await signIn(member.email, TEST_PASSWORD);
    expect(alone.statusCode).toBe(401);
    expect(alone.json()).toEqual({ detail: SECOND_FACTOR_NEEDED, second_factor: ['totp', 'recovery_code'] });
    // A wrong password says nothing of factors.
    expect((await signIn(member.email, 'not the password', t.totpCode(member.secret))).json()).toEqual({
      detail: 'Email or password not recognized',
    });

    // The code used to confirm the app cannot sign in: its time step was used.
    expect((await signIn(member.email, TEST_PASSWORD, t.totpCode(member.secret))).json().detail).toBe(WRONG_CODE);
    nextStep();
    const code = t.totpCode(member.secret);
    const first = await signIn(member.email, TEST_PASSWORD, code);
    expect(first.statusCode).toBe(200);
    expect(first.json().second_factor_setup).toBeUndefined();
    const replay = await signIn(member.email, TEST_PASSWORD, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: WRONG_CODE, second_factor: ['totp', 'recovery_code'] });
    // The code of the step before is older than one used: refused too. The next step's is taken (a clock ahead).
    expect(
      (await signIn(member.email, TEST_PASSWORD, t.totpCode(member.secret, new Date(t.clock.now.getTime() - 30_000)))).statusCode,
    ).toBe(401);
    expect(
      (await signIn(member.email, TEST_PASSWORD, t.totpCode(member.secret, new Date(t.clock.now.getTime() + 30_000)))).statusCode,
    ).toBe(200);
    // Two steps away is too far.
    t.clock.advance(60_000);
    expect(
      (await signIn(member.email, TEST_PASSWORD, t.totpCode(member.secret, new Date(t.clock.now.getTime() + 61_000)))).statusCode,
    ).toBe(401);
  });

  it('lets exactly one of two sign-ins with the same code through', async () => {
    const member = await enrolledMember();
    nextStep();
    const code = t.totpCode(member.secret);
    const answers = await Promise.all([signIn(member.email, TEST_PASSWORD, code), signIn(member.email, TEST_PASSWORD, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('takes each recovery code once, and makes ten new ones with the password', async () => {
    const member = await enrolledMember();
    const [first, second] = member.codes;
    // Case, spaces and dashes do not matter.
    const used = await signIn(member.email, TEST_PASSWORD, ` ${first!.toUpperCase().replace('-', ' ')} `);
    expect(used.statusCode).toBe(200);
    expect((await signIn(member.email, TEST_PASSWORD, first)).statusCode).toBe(401);
    const session = bearer(used);
    expect((await call(session, 'GET', '/api/account/security')).json().recovery_codes_left).toBe(9);
    const sessions = (await call(session, 'GET', '/api/account/sessions')).json<{ items: { method: string; current: boolean }[] }>();
    expect(sessions.items.find((s) => s.current)?.method).toBe('password+recovery');

    expect((await call(session, 'POST', '/api/account/recovery_codes', { password: 'wrong' })).statusCode).toBe(400);
    const fresh = await call(session, 'POST', '/api/account/recovery_codes', { password: TEST_PASSWORD });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect((await signIn(member.email, TEST_PASSWORD, second)).statusCode).toBe(401);
    expect((await signIn(member.email, TEST_PASSWORD, codes[0])).statusCode).toBe(200);
  });

  it('limits wrong codes per account and per address as wrong passwords are', async () => {
    const member = await enrolledMember();
    for (let i = 0; i < 5; i++) expect((await signIn(member.email, TEST_PASSWORD, '123456')).statusCode).toBe(401);
    // The account is locked now, even with the right code from a new address.
    nextStep();
    const locked = await signIn(member.email, TEST_PASSWORD, t.totpCode(member.secret));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await signIn(member.email, TEST_PASSWORD, t.totpCode(member.secret))).statusCode).toBe(200);

    // One address guessing codes for several accounts is stopped as well.
    const ip = '10.41.0.1';
    const others = [await enrolledMember(), await enrolledMember()];
    for (let i = 0; i < 5; i++) await signIn(others[i % 2]!.email, TEST_PASSWORD, '654321', ip);
    nextStep();
    expect((await signIn(others[0]!.email, TEST_PASSWORD, t.totpCode(others[0]!.secret), ip)).statusCode).toBe(429);

    // Confirming an app is limited too.
    const newcomer = await t.userWithRole('member');
    await call(newcomer.authorization, 'POST', '/api/account/totp');
    for (let i = 0; i < 5; i++) await call(newcomer.authorization, 'POST', '/api/account/totp/confirm', { code: '111111' });
    expect((await call(newcomer.authorization, 'POST', '/api/account/totp/confirm', { code: '111111' })).statusCode).toBe(429);
  });

  it('removes the app with the password: the codes go with it and the password alone signs in again', async () => {
    const member = await enrolledMember();
    const elsewhere = await (async () => {
      nextStep();
      return bearer(await signIn(member.email, TEST_PASSWORD, t.totpCode(member.secret)));
    })();
    expect((await call(member.authorization, 'POST', '/api/account/totp/remove', { password: 'wrong' })).statusCode).toBe(400);
    expect((await call(member.authorization, 'POST', '/api/account/totp/remove', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await call(member.authorization, 'POST', '/api/account/totp/remove', { password: TEST_PASSWORD })).statusCode).toBe(404);
    expect((await call(elsewhere, 'GET', '/api/account/security')).statusCode).toBe(401);
    expect((await call(member.authorization, 'GET', '/api/account/security')).json()).toMatchObject({
      totp: false,
      recovery_codes_left: 0,
    });
    expect((await signIn(member.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await call(member.authorization, 'POST', '/api/account/recovery_codes', { password: TEST_PASSWORD })).statusCode).toBe(409);
    const audit = await t.db.db.selectFrom('audit_log').select('summary').where('subject_id', '=', member.id).execute();
    expect(audit.map((a) => a.summary)).toEqual(
      expect.arrayContaining(['Authenticator app set up; other sessions ended', 'Authenticator app removed; other sessions ended']),
    );
  });
});

describe('the rule that staff need a second factor', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['userWithRole']>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin');
  });
  afterAll(() => t.close());

  const signIn = (username: string, otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: '10.42.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password: TEST_PASSWORD, ...(otp ? { otp } : {}) }).toString(),
    });
  const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  it('lets an admin without a factor reach only their own account and enrolment, and says why', async () => {
    const newcomer = await t.userWithRole('admin', undefined, { secondFactor: false });
    const res = await signIn(newcomer.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin', second_factor_setup: 'required' });
    const token = `Bearer ${res.json<Token>().access_token}`;

    const refused = await call(token, 'GET', '/api/admin/members');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(STAFF_NEEDS_FACTOR);
    expect((await call(token, 'POST', '/api/set_string', { key: 'site_name', value: 'x' })).statusCode).toBe(403);
    expect((await call(token, 'GET', '/api/member_info')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/account/security')).json().staff).toEqual({ applies: true, blocked: true, grace_until: null });

    // Setting up the app lets the same session act as admin at once.
    const { secret } = (await call(token, 'POST', '/api/account/totp')).json<{ secret: string }>();
    t.clock.advance(30_000);
    expect((await call(token, 'POST', '/api/account/totp/confirm', { code: t.totpCode(secret) })).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/admin/members')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/account/security')).json().staff).toEqual({ applies: true, blocked: false, grace_until: null });
  });

  it('gives a role to someone without a factor only once they have one', async () => {
    const member = await t.userWithRole('member');
    expect((await call(admin.authorization, 'POST', '/api/admin/set_role', { user_id: member.id, role: 'editor' })).statusCode).toBe(200);
    expect((await call(member.authorization, 'POST', '/api/new_article', {})).statusCode).toBe(403);
    expect((await call(member.authorization, 'POST', '/api/new_article', {})).json().detail).toBe(STAFF_NEEDS_FACTOR);
    const { secret } = (await call(member.authorization, 'POST', '/api/account/totp')).json<{ secret: string }>();
    t.clock.advance(30_000);
    await call(member.authorization, 'POST', '/api/account/totp/confirm', { code: t.totpCode(secret) });
    expect((await call(member.authorization, 'POST', '/api/new_article', {})).statusCode).not.toBe(403);
  });

  it('keeps staff working through the grace period the admin sets, and not after', async () => {
    expect((await call(admin.authorization, 'GET', '/api/admin/staff_factor')).json()).toEqual({ grace_days: 0 });
    const bad = await call(admin.authorization, 'POST', '/api/admin/staff_factor', { grace_days: 91 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('grace_days');
    expect((await call(admin.authorization, 'POST', '/api/admin/staff_factor', { grace_days: 7 })).json()).toEqual({ grace_days: 7 });
    const audit = await t.db.db.selectFrom('audit_log').select('summary').where('subject_id', '=', 'staff_factor_grace_days').execute();
    expect(audit.map((a) => a.summary)).toEqual(['Days new staff may work before setting up a second factor: 0 to 7']);

    const editor = await t.userWithRole('editor', undefined, { secondFactor: false });
    const res = await signIn(editor.email);
    expect(res.json().second_factor_setup).toBe('grace');
    const token = `Bearer ${res.json<Token>().access_token}`;
    expect((await call(token, 'POST', '/api/new_article', {})).statusCode).not.toBe(403);
    const rule = (await call(token, 'GET', '/api/account/security')).json().staff;
    expect(rule).toMatchObject({ applies: true, blocked: false });
    expect(Date.parse(rule.grace_until) - t.clock.now.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const fresh = `Bearer ${(await signIn(editor.email)).json<Token>().access_token}`;
    expect((await call(fresh, 'POST', '/api/new_article', {})).statusCode).toBe(403);
    // Members and editors cannot change the rule.
    expect((await call(fresh, 'POST', '/api/admin/staff_factor', { grace_days: 90 })).statusCode).toBe(403);
    await call(admin.authorization, 'POST', '/api/admin/staff_factor', { grace_days: 0 });
  });
});
