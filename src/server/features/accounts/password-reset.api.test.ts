import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor, signIn } from '../../testing/membership';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { captureLogs: true });
  });
  afterAll(() => t.close());

  /** Asks for a link and waits for it to be written (that happens after the answer). */
  const forgot = async (email: string, ip = '10.4.0.1') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email }, remoteAddress: ip });
    await t.services.background.idle();
    return res;
  };
  const validate = (uid: string) => t.app.inject({ method: 'GET', url: `/api/pw_reset_validate/${uid}` });
  const submit = (uid: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/pw_reset_submit', payload: { uid, newPassword } });
  const linkIn = (text: string) => /http:\/\/localhost:8000\/signIn\/pwReset\/([\w-]+)/.exec(text)?.[1];

  it('answers the same whether or not the address has an account', async () => {
    const unknown = await forgot('nobody@example.org');
    expect(unknown.json()).toEqual({ succeeded: true });
    expect(await outboxFor(t, 'nobody@example.org')).toEqual([]);
  });

  it('mails a single-use link that ends every session', async () => {
    const member = await t.userWithRole('member');
    expect((await forgot(member.email.toUpperCase())).json()).toEqual({ succeeded: true });
    const [mail] = await outboxFor(t, member.email);
    const uid = linkIn(mail!.text_body)!;
    expect(uid.length).toBeGreaterThanOrEqual(32);
    // Only a hash is stored.
    const stored = await t.db.db.selectFrom('password_resets').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(uid);

    // Opening the link (as a mail scanner would) uses nothing up.
    expect((await validate(uid)).json()).toEqual({ valid: true });
    expect((await validate(uid)).json()).toEqual({ valid: true });

    expect((await submit(uid, 'short')).statusCode).toBe(400);
    expect((await submit(uid, 'my new long password')).json()).toEqual({ succeeded: true });
    // The old token no longer works, the old password neither; the new one does.
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: member.authorization },
      payload: {},
    });
    expect(me.statusCode).toBe(401);
    expect((await signIn(t, member.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t, member.email, 'my new long password')).statusCode).toBe(200);

    expect((await validate(uid)).json()).toEqual({ valid: false });
    const reuse = await submit(uid, 'another long password');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ detail: 'Sorry, that password reset link has expired.' });
  });

  it('voids a link after an hour, when a newer one is sent, and for unknown ids', async () => {
    const member = await t.userWithRole('member');
    await forgot(member.email, '10.4.1.1');
    await forgot(member.email, '10.4.1.1');
    const [first, second] = (await outboxFor(t, member.email)).map((m) => linkIn(m.text_body)!);
    expect((await validate(first!)).json()).toEqual({ valid: false });
    expect((await validate(second!)).json()).toEqual({ valid: true });
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await validate(second!)).json()).toEqual({ valid: false });
    t.clock.advance(-(60 * 60 * 1000 + 1000));
    expect((await validate('made-up-id')).json()).toEqual({ valid: false });
  });

  it('allows 5 requests an hour for one address', async () => {
    const member = await t.userWithRole('member');
    for (let i = 0; i < 5; i++) expect((await forgot(member.email, `10.4.2.${i}`)).statusCode).toBe(200);
    const sixth = await forgot(member.email, '10.4.2.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    expect(await outboxFor(t, member.email)).toHaveLength(5);
  });

  it('allows 20 requests an hour from one address', async () => {
    for (let i = 0; i < 20; i++) expect((await forgot(`someone${i}@example.org`, '10.4.3.1')).statusCode).toBe(200);
    expect((await forgot('someone-else@example.org', '10.4.3.1')).statusCode).toBe(429);
  });

  it('lets exactly one of 10 submits of one link at once set the password', async () => {
    const member = await t.userWithRole('member');
    await forgot(member.email, '10.4.4.1');
    const [mail] = await outboxFor(t, member.email);
    const uid = linkIn(mail!.text_body)!;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(uid, `new password number ${i}`)));
    const won = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(lost.statusCode).toBe(400);
      expect(lost.json()).toEqual({ detail: 'Sorry, that password reset link has expired.' });
    }
    expect((await signIn(t, member.email, `new password number ${won[0]}`)).statusCode).toBe(200);
    // Only the winner's password works, and the version moved once.
    const others = [...Array(10).keys()].filter((i) => i !== won[0]);
    expect((await signIn(t, member.email, `new password number ${others[0]}`)).statusCode).toBe(401);
    const user = await t.db.db.selectFrom('users').select('token_version').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(user.token_version).toBe(1);
  });

  it('never writes a reset link to the log, only that a mail is in the outbox', async () => {
    const member = await t.userWithRole('member');
    t.logs.length = 0;
    await forgot(member.email, '10.4.5.1');
    const [mail] = await outboxFor(t, member.email);
    const uid = linkIn(mail!.text_body)!;
    await validate(uid);
    expect(JSON.stringify(t.logs)).not.toContain(uid);
    expect(JSON.stringify(t.logs)).not.toMatch(/pwReset\/[\w-]{8}/);
    expect(t.logs.find((line) => line.msg?.toString().startsWith('E-mail kept in the outbox'))).toMatchObject({ to: member.email });
  });
});
