import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../../audit/audit-trail';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';
import { accountRecovery } from './account-recovery';

/** `npm run admin -- reset-password | create-admin`: getting back in from the server's shell. */
describe('account recovery from the command line', () => {
  let t: TestApp;
  let recovery: ReturnType<typeof accountRecovery>;
  beforeAll(async () => {
    t = await createTestApp();
    const clock = () => t.clock.now;
    recovery = accountRecovery(t.db.db, t.services.passwords, auditTrail(t.db.db, clock), clock);
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, ip = '198.51.100.20', otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password, ...(otp ? { otp } : {}) }).toString(),
    });
  const memberInfo = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/member_info', headers: { authorization } });
  const auditSummaries = async () => (await t.db.db.selectFrom('audit_log').select('summary').execute()).map((row) => row.summary);

  it('resets a locked-out admin: new password works, the old one and every old session do not', async () => {
    const admin = await t.userWithRole('admin', 'Locked.Out@example.org');
    for (let i = 0; i < 6; i++) await signIn(admin.email, 'wrong password', `198.51.100.${30 + i}`);
    expect((await signIn(admin.email, TEST_PASSWORD)).statusCode).toBe(429);

    const result = await recovery.resetPassword('  locked.out@EXAMPLE.org ');
    if (!('password' in result)) throw new Error(result.error);
    expect(result.password.length).toBeGreaterThanOrEqual(16);

    expect((await memberInfo(admin.authorization)).statusCode).toBe(401);
    expect((await signIn(admin.email, TEST_PASSWORD)).statusCode).toBe(401);
    // The new password opens the account with its second factor, as before.
    expect((await signIn(admin.email, result.password)).json()).toMatchObject({ second_factor: ['totp', 'recovery_code'] });
    t.clock.advance(30_000);
    const fresh = await signIn(admin.email, result.password, undefined, t.totpCode(admin.totpSecret!));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().role).toBe('admin');
    expect(await auditSummaries()).toContain(`Password of "Locked.Out@example.org" reset from the server's command line`);
  });

  it('says so for an unknown address and changes nothing', async () => {
    const before = await t.db.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await recovery.resetPassword('nobody@example.org')).toEqual({ error: 'No account has the e-mail address nobody@example.org.' });
    const after = await t.db.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('creates a new admin, promotes a member (ending their sessions), and leaves an admin as it is', async () => {
    const created = await recovery.createAdmin('new.admin@example.org');
    if (!('created' in created)) throw new Error('expected a new account');
    const token = await signIn('new.admin@example.org', created.password);
    expect(token.json().role).toBe('admin');

    const member = await t.userWithRole('member', 'promote.me@example.org');
    expect(await recovery.createAdmin('Promote.Me@example.org')).toEqual({ promoted: true });
    expect((await memberInfo(member.authorization)).statusCode).toBe(401);
    expect((await signIn(member.email, TEST_PASSWORD)).json().role).toBe('admin');

    const again = await recovery.createAdmin('new.admin@example.org');
    expect(again).toHaveProperty('error');
    expect(await auditSummaries()).toEqual(
      expect.arrayContaining([
        `Admin account "new.admin@example.org" created from the server's command line`,
        `"promote.me@example.org" made admin from the server's command line`,
      ]),
    );
  });
});
