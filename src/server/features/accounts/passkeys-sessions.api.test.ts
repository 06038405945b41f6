import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../../audit/audit-trail';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';
import { softAuthenticator } from '../../testing/webauthn-authenticator';
import { accountRecovery } from './account-recovery';
import { NEW_DEVICE_MAIL } from './sessions.service';

type Token = { access_token: string; second_factor_setup?: string; username: string };
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** Passkeys, signed-in sessions and the command line's reset (decisions 130, 133, 134). */
describe('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (authorization: string | null, method: 'GET' | 'POST', url: string, payload?: object, ip = '10.50.0.1') =>
    t.app.inject({ method, url, remoteAddress: ip, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });
  const signInPassword = (username: string, otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: '10.50.1.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password: TEST_PASSWORD, ...(otp ? { otp } : {}) }).toString(),
    });

  async function registerPasskey(authorization: string, device = softAuthenticator(t.config.publicUrl), name = 'My laptop') {
    const options = (await call(authorization, 'POST', '/api/account/passkeys/options')).json<{
      challenge: string;
      user: { id: string };
    }>();
    const credential = device.create(options);
    const res = await call(authorization, 'POST', '/api/account/passkeys', { name, credential });
    return { res, device, credential };
  }
  async function passkeySignIn(device: ReturnType<typeof softAuthenticator>, id?: string, extra: object = {}, ip = '10.50.2.1') {
    const options = (await call(null, 'POST', '/api/token/passkey/options', undefined, ip)).json<{ challenge: string }>();
    return call(null, 'POST', '/api/token/passkey', { credential: device.get(options, id), ...extra }, ip);
  }

  it('registers a discoverable passkey with a name, then signs in with it alone', async () => {
    const member = await t.userWithRole('member');
    const elsewhere = `Bearer ${(await signInPassword(member.email)).json<Token>().access_token}`;
    const options = (await call(member.authorization, 'POST', '/api/account/passkeys/options')).json();
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });

    const { res, device } = await registerPasskey(member.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'My laptop', last_used_at: null });
    // Adding a factor ends the other sessions.
    expect((await call(elsewhere, 'GET', '/api/account/security')).statusCode).toBe(401);

    const signedIn = await passkeySignIn(device);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: member.email, role: 'member' });
    const token = `Bearer ${signedIn.json<Token>().access_token}`;
    const security = (await call(token, 'GET', '/api/account/security')).json();
    expect(security.passkeys).toHaveLength(1);
    expect(security.passkeys[0].last_used_at).toBe(t.clock.now.toISOString());

    // With a passkey the password alone no longer opens the account.
    expect((await signInPassword(member.email)).json()).toMatchObject({ second_factor: ['passkey'] });
    // As the second step, the passkey must be the account's own.
    const stranger = await t.userWithRole('member');
    const strangers = await registerPasskey(stranger.authorization);
    expect((await passkeySignIn(strangers.device, undefined, { username: member.email })).statusCode).toBe(401);
    expect((await passkeySignIn(device, undefined, { username: member.email })).statusCode).toBe(200);
  });

  it('refuses a replayed answer, a foreign origin, an unverified person and an unknown passkey', async () => {
    const member = await t.userWithRole('member');
    const { device, credential } = await registerPasskey(member.authorization);
    const options = (await call(null, 'POST', '/api/token/passkey/options')).json<{ challenge: string }>();
    const answer = device.get(options, credential.id);
    expect((await call(null, 'POST', '/api/token/passkey', { credential: answer })).statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/token/passkey', { credential: answer })).statusCode).toBe(401);

    const phishing = (await call(null, 'POST', '/api/token/passkey/options')).json<{ challenge: string }>();
    const foreign = device.get(phishing, credential.id, { origin: 'https://evil.example' });
    expect((await call(null, 'POST', '/api/token/passkey', { credential: foreign })).statusCode).toBe(401);

    const fresh = (await call(null, 'POST', '/api/token/passkey/options')).json<{ challenge: string }>();
    expect(
      (await call(null, 'POST', '/api/token/passkey', { credential: device.get(fresh, credential.id, { userVerified: false }) }))
        .statusCode,
    ).toBe(401);

    const other = softAuthenticator(t.config.publicUrl);
    other.create({ challenge: 'x', user: { id: 'nobody' } });
    const unknown = (await call(null, 'POST', '/api/token/passkey/options')).json<{ challenge: string }>();
    expect((await call(null, 'POST', '/api/token/passkey', { credential: other.get(unknown) })).statusCode).toBe(401);

    // A challenge lasts five minutes.
    const old = (await call(null, 'POST', '/api/token/passkey/options')).json<{ challenge: string }>();
    t.clock.advance(5 * 60 * 1000 + 1000);
    expect((await call(null, 'POST', '/api/token/passkey', { credential: device.get(old, credential.id) })).statusCode).toBe(401);
    // Malformed answers are 400s that name the field, never 500s.
    const bad = await call(null, 'POST', '/api/token/passkey', { credential: { id: '!!', rawId: 'x', type: 'public-key', response: {} } });
    expect(bad.statusCode).toBe(400);
  });

  it('limits failed passkey sign-ins per address', async () => {
    const member = await t.userWithRole('member');
    const { device, credential } = await registerPasskey(member.authorization);
    const ip = '10.50.9.9';
    for (let i = 0; i < 10; i++) {
      const options = (await call(null, 'POST', '/api/token/passkey/options', undefined, ip)).json<{ challenge: string }>();
      const answer = device.get(options, credential.id, { userVerified: false });
      expect((await call(null, 'POST', '/api/token/passkey', { credential: answer }, ip)).statusCode).toBe(401);
    }
    expect((await passkeySignIn(device, credential.id, {}, ip)).statusCode).toBe(429);
  });

  it('renames and removes a passkey (with the password); a staff member keeps their role only with a factor left', async () => {
    const editor = await t.userWithRole('editor', undefined, { secondFactor: false });
    expect((await call(editor.authorization, 'POST', '/api/new_article', {})).statusCode).toBe(403);
    const { res, device } = await registerPasskey(editor.authorization, undefined, 'Phone');
    const id = res.json<{ _id: string }>()._id;
    expect((await call(editor.authorization, 'POST', '/api/new_article', {})).statusCode).not.toBe(403);

    const renamed = await call(editor.authorization, 'POST', `/api/account/passkeys/${id}/name`, { name: 'Work phone' });
    expect(renamed.json().name).toBe('Work phone');
    expect((await call(editor.authorization, 'POST', `/api/account/passkeys/${id}/name`, { name: '' })).json().field).toBe('name');
    const stranger = await t.userWithRole('member');
    expect((await call(stranger.authorization, 'POST', `/api/account/passkeys/${id}/name`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(stranger.authorization, 'POST', `/api/account/passkeys/${id}/remove`, { password: TEST_PASSWORD })).statusCode).toBe(
      404,
    );

    expect((await call(editor.authorization, 'POST', `/api/account/passkeys/${id}/remove`, { password: 'wrong' })).statusCode).toBe(400);
    expect((await call(editor.authorization, 'POST', `/api/account/passkeys/${id}/remove`, { password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await call(editor.authorization, 'POST', '/api/new_article', {})).statusCode).toBe(403);
    expect((await passkeySignIn(device)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (username: string, agent: string, ip: string, otp?: string, deviceId?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: ip,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': agent,
        ...(deviceId ? { 'x-device-id': deviceId } : {}),
      },
      payload: new URLSearchParams({ username, password: TEST_PASSWORD, ...(otp ? { otp } : {}) }).toString(),
    });
  const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  const bearer = (res: { json<T>(): T }) => `Bearer ${res.json<Token>().access_token}`;
  type Listed = { _id: string; device: string; place: string | null; current: boolean; created_at: string; last_used_at: string };
  const list = async (authorization: string) =>
    (await call(authorization, 'GET', '/api/account/sessions')).json<{ items: Listed[] }>().items;

  it('lists the sessions with device, place and first and last use, and ends one or all others', async () => {
    const member = await t.userWithRole('member');
    const laptop = bearer(await signIn(member.email, FIREFOX, '192.168.1.20'));
    t.clock.advance(60_000);
    const phone = bearer(await signIn(member.email, SAFARI, '203.0.113.9'));
    t.clock.advance(2 * 60_000);
    await call(laptop, 'GET', '/api/member_info');

    const seen = await list(laptop);
    expect(seen.map((s) => [s.device, s.place, s.current])).toEqual([
      ['Firefox on Windows', 'Local network', true],
      ['Safari on iOS', null, false],
      ['API', 'This server', false],
    ]);
    expect(Date.parse(seen[0]!.last_used_at) - Date.parse(seen[0]!.created_at)).toBe(3 * 60_000);

    // Another account's session cannot be ended from here.
    const stranger = await t.userWithRole('member');
    const phoneId = seen[1]!._id;
    expect((await call(stranger.authorization, 'POST', `/api/account/sessions/${phoneId}/end`)).statusCode).toBe(404);
    expect((await call(laptop, 'POST', `/api/account/sessions/${phoneId}/end`)).statusCode).toBe(200);
    expect((await call(phone, 'GET', '/api/member_info')).statusCode).toBe(401);
    expect((await call(laptop, 'POST', `/api/account/sessions/${phoneId}/end`)).statusCode).toBe(404);

    const ended = await call(laptop, 'POST', '/api/account/sessions/end_others');
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await call(member.authorization, 'GET', '/api/member_info')).statusCode).toBe(401);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
    // Signing out ends this one too.
    expect((await call(laptop, 'POST', '/api/sign_out', {})).statusCode).toBe(200);
    expect((await call(laptop, 'GET', '/api/account/sessions')).statusCode).toBe(401);
  });

  it('ends the other sessions when the password or the e-mail changes', async () => {
    const member = await t.userWithRole('member');
    const other = bearer(await signIn(member.email, SAFARI, '10.60.0.2'));
    const changed = await call(member.authorization, 'POST', '/api/account/password', {
      current_password: TEST_PASSWORD,
      new_password: 'another long password',
    });
    expect(changed.statusCode).toBe(200);
    const mine = `Bearer ${changed.json<{ access_token: string }>().access_token}`;
    expect((await call(other, 'GET', '/api/member_info')).statusCode).toBe(401);
    // The same session goes on under the new token: one row, first use unchanged.
    const sessions = await list(mine);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);

    const member2 = await t.userWithRole('member');
    const second = bearer(await signIn(member2.email, SAFARI, '10.60.0.3'));
    expect(
      (await call(member2.authorization, 'POST', '/api/account/email', { new_email: `new-${member2.email}`, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const link = (
      await t.db.db
        .selectFrom('outbox')
        .select('text_body')
        .where('kind', '=', 'email-change')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).text_body;
    const token = /confirm-email\/([\w-]+)/.exec(link)![1]!;
    expect((await t.app.inject({ method: 'POST', url: '/api/account/email_confirm', payload: { token } })).statusCode).toBe(200);
    expect((await call(second, 'GET', '/api/member_info')).statusCode).toBe(401);
    expect((await call(member2.authorization, 'GET', '/api/member_info')).statusCode).toBe(200);
  });

  it('mails a staff account about a sign-in from a device it has not used, once per device', async () => {
    const admin = await t.userWithRole('admin', 'staff-devices@example.org');
    const mails = async () =>
      (await t.db.db.selectFrom('outbox').select(['kind', 'text_body']).where('to_address', '=', admin.email).execute()).filter(
        (m) => m.kind === NEW_DEVICE_MAIL,
      );
    const before = (await mails()).length;
    t.clock.advance(30_000);
    expect((await signIn(admin.email, FIREFOX, '10.60.1.1', t.totpCode(admin.totpSecret!), 'device-one-1234')).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await signIn(admin.email, FIREFOX, '10.60.1.2', t.totpCode(admin.totpSecret!), 'device-one-1234')).statusCode).toBe(200);
    const after = await mails();
    expect(after.length - before).toBe(1);
    expect(after.at(-1)!.text_body).toContain('Device: Firefox on Windows. Place: Local network.');
    t.clock.advance(30_000);
    await signIn(admin.email, SAFARI, '10.60.1.3', t.totpCode(admin.totpSecret!), 'device-two-5678');
    expect((await mails()).length - before).toBe(2);

    // In the staff member's own language (decision 191).
    await t.db.db.updateTable('users').set({ language: 'hy' }).where('email', '=', admin.email).execute();
    t.clock.advance(30_000);
    await signIn(admin.email, SAFARI, '10.60.1.5', t.totpCode(admin.totpSecret!), 'device-three-9012');
    const armenian = (await mails()).at(-1)!.text_body;
    expect(armenian).toContain('Սարք՝ Safari on iOS։ Վայր՝ Local network։');
    expect(armenian).toContain('http://localhost:8000/hy/profile/security');
    expect(armenian).not.toContain('Dear ');

    // Members are not mailed.
    const member = await t.userWithRole('member');
    await signIn(member.email, SAFARI, '10.60.1.4');
    const memberMail = await t.db.db.selectFrom('outbox').select('kind').where('to_address', '=', member.email).execute();
    expect(memberMail.map((m) => m.kind)).not.toContain(NEW_DEVICE_MAIL);
  });

  it('keeps sessions, factors and devices in the data export, and erases them with the account', async () => {
    const member = await t.userWithRole('member');
    const { secret } = (await call(member.authorization, 'POST', '/api/account/totp')).json<{ secret: string }>();
    t.clock.advance(30_000);
    await call(member.authorization, 'POST', '/api/account/totp/confirm', { code: t.totpCode(secret) });
    const exported = JSON.parse((await call(member.authorization, 'GET', '/api/account/export')).body);
    expect(exported.second_factors.authenticator_app.confirmed_at).toBeTruthy();
    expect(exported.second_factors.recovery_codes).toHaveLength(10);
    expect(exported.sessions.length).toBeGreaterThan(0);
    expect(exported.known_devices.length).toBeGreaterThan(0);
    expect(JSON.stringify(exported)).not.toContain(secret);

    expect((await call(member.authorization, 'POST', '/api/account/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);
    for (const table of ['sessions', 'totp_factors', 'recovery_codes', 'known_devices', 'passkeys', 'webauthn_challenges'] as const) {
      const rows = await t.db.db.selectFrom(table).select('user_id').where('user_id', '=', member.id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});

describe('removing a lost second factor from the command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removes every factor, ends the sessions, audits, and the admin sets up a new factor after signing in', async () => {
    const admin = await t.userWithRole('admin', 'Lost.Phone@example.org');
    const recovery = accountRecovery(
      t.db.db,
      t.services.passwords,
      auditTrail(t.db.db, () => t.clock.now),
      () => t.clock.now,
    );
    expect(await recovery.removeSecondFactors('  lost.phone@EXAMPLE.org ')).toEqual({
      removed: ['the authenticator app', 'the recovery codes'],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/member_info', headers: { authorization: admin.authorization } })).statusCode,
    ).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: admin.email, password: TEST_PASSWORD }).toString(),
    });
    expect(res.json()).toMatchObject({ role: 'admin', second_factor_setup: 'required' });
    const summaries = (
      await t.db.db.selectFrom('audit_log').select(['summary', 'actor_id']).where('subject_id', '=', admin.id).execute()
    ).map((a) => a.summary);
    expect(summaries).toContain(
      `Second factors of "Lost.Phone@example.org" removed from the server's command line (the authenticator app, the recovery codes); sessions ended`,
    );
    expect(await recovery.removeSecondFactors('nobody@example.org')).toEqual({
      error: 'No account has the e-mail address nobody@example.org.',
    });
  });
});
