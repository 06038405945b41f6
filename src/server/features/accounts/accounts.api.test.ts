import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, INVALID_CREDENTIALS } from '../../../shared/api/accounts';
import { passwordHasher } from '../../auth/password';
import { TOKEN_LIFETIME_SECONDS } from '../../auth/tokens';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

describe('POST /api/token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, ip = '10.0.0.1', otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password, ...(otp ? { otp } : {}) }).toString(),
    });

  it('returns a bearer token naming the user, username and role', async () => {
    const editor = await t.userWithRole('editor', 'Editor.One@Example.org');
    t.clock.advance(30_000);
    const res = await signIn('  editor.one@EXAMPLE.org ', TEST_PASSWORD, '10.0.0.1', t.totpCode(editor.totpSecret!));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', username: 'Editor.One@Example.org', role: 'editor' });
    const claims = await t.services.tokens.verify(body.access_token);
    expect(claims).toMatchObject({ sub: editor.id, username: 'Editor.One@Example.org', role: 'editor' });
    const [header] = body.access_token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
  });

  it('strengthens a weaker stored hash at sign-in and never weakens a stronger one (PASSWORD_HASH_COST lowered)', async () => {
    const member = await t.userWithRole('member');
    const hashOf = async () =>
      (await t.db.db.selectFrom('users').select('password_hash').where('id', '=', member.id).executeTakeFirstOrThrow()).password_hash;
    // Made when the cost was set higher than today's 10.
    const stronger = await passwordHasher(12).hash(TEST_PASSWORD);
    await t.db.db.updateTable('users').set({ password_hash: stronger }).where('id', '=', member.id).execute();
    expect((await signIn(member.email, TEST_PASSWORD, '10.0.9.1')).statusCode).toBe(200);
    expect(await hashOf()).toBe(stronger);
    // Made at a lower cost than today's: replaced at this sign-in.
    await t.db.db
      .updateTable('users')
      .set({ password_hash: await passwordHasher(9).hash(TEST_PASSWORD) })
      .where('id', '=', member.id)
      .execute();
    expect((await signIn(member.email, TEST_PASSWORD, '10.0.9.1')).statusCode).toBe(200);
    expect(await hashOf()).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect((await signIn(member.email, TEST_PASSWORD, '10.0.9.1')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const member = await t.userWithRole('member');
    const wrong = await signIn(member.email, 'not the password', '10.0.0.2');
    const unknown = await signIn('nobody@example.org', 'not the password', '10.0.0.3');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: INVALID_CREDENTIALS });
    }
  });

  it('wants form fields, not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'a@b.c', password: 'x' } });
    expect(res.statusCode).toBe(415);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%40b.c',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: 'password is required', field: 'password' });
  });

  it('locks an account for 15 minutes after 5 failures, from any address', async () => {
    const member = await t.userWithRole('member');
    for (let i = 0; i < 5; i++) expect((await signIn(member.email, 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await signIn(member.email, TEST_PASSWORD, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/Too many sign-in attempts/);
    expect(locked.headers['retry-after']).toBe('900');

    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await signIn(member.email, TEST_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it('limits one address to 5 failures in 15 minutes, whatever the accounts', async () => {
    const member = await t.userWithRole('member');
    for (let i = 0; i < 5; i++) expect((await signIn(`guess${i}@example.org`, 'wrong', '10.2.0.1')).statusCode).toBe(401);
    expect((await signIn(member.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await signIn(member.email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await signIn(member.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });
});

describe('sign-in limits under a burst', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('let no more than 5 guesses through when 20 arrive at once', async () => {
    const member = await t.userWithRole('member');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const payload = new URLSearchParams({ username: member.email, password: 'guess' }).toString();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload, remoteAddress: `10.9.0.${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  });

  it('let six correct sign-ins from one address all through, however many run at once', async () => {
    const member = await t.userWithRole('member');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const payload = new URLSearchParams({ username: member.email, password: TEST_PASSWORD }).toString();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload, remoteAddress: '10.9.1.1' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(await t.db.db.selectFrom('sign_in_failures').selectAll().where('ip', '=', '10.9.1.1').execute()).toEqual([]);
  });

  it('count an IPv6 client by its /64 network', async () => {
    const { addressKey } = await import('../../http/client-address');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('sign-in when password checks are queued up', () => {
  it('answers 503 with Retry-After past the queue, without counting it as a failure', async () => {
    // One thread, one place in the queue, and hashes slow enough to still be running.
    const t = await createTestApp({ PASSWORD_HASH_WORKERS: '1', PASSWORD_HASH_QUEUE: '1', PASSWORD_HASH_COST: '15' });
    try {
      const user = await t.userWithRole('member', 'busy@example.org');
      const signIn = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ username: user.email, password: TEST_PASSWORD }).toString(),
          remoteAddress: '10.9.2.1',
        });
      // Two registrations being hashed: one on the thread, one waiting.
      const hashing = [t.services.passwords.hash('first new password'), t.services.passwords.hash('second new password')];
      const busy = await signIn();
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(busy.json().detail).toMatch(/busy/);
      await Promise.all(hashing);
      expect(await t.db.db.selectFrom('sign_in_failures').selectAll().execute()).toEqual([]);
      expect((await signIn()).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('signing out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = async (email: string) =>
    `Bearer ${
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ username: email, password: TEST_PASSWORD }).toString(),
        })
      ).json().access_token
    }`;
  const me = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/member_info', headers: { authorization } });
  const signOut = (authorization: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: accountsApi.signOut.path, headers: { authorization }, payload });

  it('ends that token on the server, and only that one', async () => {
    const member = await t.userWithRole('member');
    const laptop = await signIn(member.email);
    const phone = await signIn(member.email);
    expect((await signOut(laptop)).json()).toEqual({ succeeded: true });
    expect((await me(laptop)).statusCode).toBe(401);
    // A tab opened from the signed-out one carries the same token: it is refused there too.
    expect((await signOut(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('ends every session of the account when asked to sign out everywhere', async () => {
    const member = await t.userWithRole('member');
    const laptop = await signIn(member.email);
    const phone = await signIn(member.email);
    expect((await signOut(laptop, { everywhere: true })).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(await signIn(member.email))).statusCode).toBe(200);
  });

  it('forgets ended sessions a day after they would have expired anyway', async () => {
    const member = await t.userWithRole('member');
    await signOut(await signIn(member.email));
    const ended = () =>
      t.db.db.selectFrom('sessions').select('id').where('user_id', '=', member.id).where('ended_at', 'is not', null).execute();
    expect((await ended()).length).toBeGreaterThan(0);
    t.clock.advance(TOKEN_LIFETIME_SECONDS * 1000 + 25 * 60 * 60 * 1000);
    await t.services.runScheduledJobs();
    expect(await ended()).toEqual([]);
  });
});

describe('the admin account on first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is created once, with a generated password when none is given', async () => {
    const first = await t.services.accounts.ensureAdmin('boss@example.org', undefined);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
    const again = await t.services.accounts.ensureAdmin('boss@example.org', undefined);
    expect(again).toEqual({ created: false });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'boss@example.org', password: first.generatedPassword! }).toString(),
    });
    expect(res.json()).toMatchObject({ role: 'admin' });
  });

  it('is never made by promoting an account that already holds the address', async () => {
    const other = await createTestApp();
    try {
      const member = await other.userWithRole('member', 'admin@example.org');
      expect(await other.services.accounts.ensureAdmin('admin@example.org', 'a strong password')).toEqual({ created: false });
      expect((await other.services.accountsRepo.findAuthById(member.id))?.role).toBe('member');
    } finally {
      await other.close();
    }
  });

  it('stores the configured scrypt parameters with the hash', async () => {
    const user = await t.services.accountsRepo.findByEmail('boss@example.org');
    const N = 2 ** t.config.passwordHashCost;
    expect(user!.password_hash).toMatch(new RegExp(`^scrypt\\$${N}\\$8\\$1\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{88}$`));
  });
});

describe('the stand-in hash for unknown accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is made again when making it failed, so unknown accounts still get 401 and not 500', async () => {
    const { accountsService } = await import('./accounts.service');
    const { auditTrail } = await import('../../audit/audit-trail');
    const real = t.services.passwords;
    let hashes = 0;
    // The first hash (made at start) fails, as when a password thread dies.
    const flaky = {
      ...real,
      hash: (password: string) => (++hashes === 1 ? Promise.reject(new Error('worker died')) : real.hash(password)),
    };
    const accounts = accountsService({
      db: t.db.db,
      repo: t.services.accountsRepo,
      passwords: flaky,
      factors: t.services.secondFactors,
      sessions: t.services.sessions,
      audit: auditTrail(t.db.db, () => new Date()),
      clock: () => new Date(),
      bootstrapOnce: () => Promise.resolve(false),
    });
    for (const ip of ['10.8.0.1', '10.8.0.2']) {
      await expect(accounts.signIn('nobody@example.org', 'a wrong password', { ip })).rejects.toMatchObject({ status: 401 });
    }
    expect(hashes).toBe(2);
  });
});
