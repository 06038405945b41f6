import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { payWithCard, proceed, registrationForm, signIn } from '../../testing/membership';
import { JOIN_SIGN_IN_NOT_YET, JOIN_SIGN_IN_USED } from './membership.service';

/** Decision 086: a new member is signed in once their payment has made the account, without typing the password again. */
describe('signing a new member in after joining', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signInAsNew = (payment_id: string, secret: string) =>
    t.app.inject({ method: 'POST', url: '/api/register_sign_in', payload: { payment_id, secret } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/member_info', headers: { authorization: `Bearer ${token}` } });

  async function joined(overrides: Record<string, unknown> = {}) {
    const form = registrationForm(overrides);
    const started = (await proceed(t, form)).json<{ payment_id: string; client_secret?: string; sign_in_secret: string }>();
    return { form, started };
  }

  it('signs in the account a paid registration made, once', async () => {
    const { form, started } = await joined({ tier_index: 1 });
    expect(started.sign_in_secret).toMatch(/^[\w-]{32}$/);

    // Before the card is charged there is no account yet: the browser is asked to try again.
    const early = await signInAsNew(started.payment_id, started.sign_in_secret);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: JOIN_SIGN_IN_NOT_YET });

    expect((await payWithCard(t, started.client_secret!, '4242 4242 4242 4242')).statusCode).toBe(200);
    const res = await signInAsNew(started.payment_id, started.sign_in_secret);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<{ access_token: string; username: string; role: string; token_type: string }>();
    expect(answer).toMatchObject({ token_type: 'bearer', username: form.email, role: 'member' });
    const info = await me(answer.access_token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email: form.email, first_name: 'Ani', tier_index: 1 });

    const again = await signInAsNew(started.payment_id, started.sign_in_secret);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: JOIN_SIGN_IN_USED });
  });

  it('signs in a free registration once it is confirmed', async () => {
    const { started } = await joined({ tier_index: 2, grad_year: 2030 });
    expect((await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: started })).statusCode).toBe(200);
    expect((await signInAsNew(started.payment_id, started.sign_in_secret)).statusCode).toBe(200);
  });

  it('gives one session however many ask at once', async () => {
    const { started } = await joined({ tier_index: 2, grad_year: 2030 });
    await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: started });
    const answers = await Promise.all(Array.from({ length: 5 }, () => signInAsNew(started.payment_id, started.sign_in_secret)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('refuses a wrong secret, another payment and a day-old secret; waits while a declined card may be replaced', async () => {
    const { started } = await joined({ tier_index: 2, grad_year: 2030 });
    await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: started });
    const other = await joined({ tier_index: 2, grad_year: 2030 });
    for (const [payment, secret] of [
      [started.payment_id, `${started.sign_in_secret}x`],
      [started.payment_id, other.started.sign_in_secret],
      ['no-such-payment', started.sign_in_secret],
    ] as const) {
      const res = await signInAsNew(payment, secret);
      expect(res.statusCode, `${payment} ${secret}`).toBe(400);
      expect(res.json()).toEqual({ detail: JOIN_SIGN_IN_USED });
    }

    const declined = await joined({ tier_index: 0 });
    expect((await payWithCard(t, declined.started.client_secret!, '4000 0000 0000 0002')).statusCode).toBe(402);
    // A decline leaves the payment open for another card: nothing to sign in to yet.
    expect((await signInAsNew(declined.started.payment_id, declined.started.sign_in_secret)).statusCode).toBe(409);

    // Still unused a day later: too late (the right secret, the account made).
    t.clock.advance(24 * 60 * 60 * 1000);
    try {
      expect((await signInAsNew(started.payment_id, started.sign_in_secret)).statusCode).toBe(400);
    } finally {
      t.clock.advance(-24 * 60 * 60 * 1000);
    }
  });

  it('opens nothing once the account has ended its sessions', async () => {
    const { form, started } = await joined({ tier_index: 2, grad_year: 2030 });
    await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: started });
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow();
    await t.services.accountsRepo.endAllSessions(user.id);
    expect((await signInAsNew(started.payment_id, started.sign_in_secret)).statusCode).toBe(400);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    for (const payload of [{}, { payment_id: 'x' }, { payment_id: '', secret: 's' }, { payment_id: 'x', secret: 'y'.repeat(201) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/register_sign_in', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('field');
    }
  });

  it("keeps no unused sign-in of an account erased at its holder's request", async () => {
    const { form, started } = await joined({ tier_index: 2, grad_year: 2030 });
    await t.app.inject({ method: 'POST', url: '/api/register_confirm_simple', payload: started });
    const token = (await signIn(t, form.email, form.plain_pw)).json<{ access_token: string }>().access_token;
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: form.plain_pw },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await t.db.db.selectFrom('join_sign_ins').select('payment_id').where('payment_id', '=', started.payment_id).execute();
    expect(left).toEqual([]);
    expect((await signInAsNew(started.payment_id, started.sign_in_secret)).statusCode).toBe(400);
  });

  it('forgets secrets once they have expired', async () => {
    const { started } = await joined({ tier_index: 2, grad_year: 2030 });
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    try {
      await t.services.membership.prunePending();
      const left = await t.db.db.selectFrom('join_sign_ins').select('payment_id').where('payment_id', '=', started.payment_id).execute();
      expect(left).toEqual([]);
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 1));
    }
  });
});
