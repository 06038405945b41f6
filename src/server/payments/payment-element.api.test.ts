import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsApi } from '../../shared/api/payments';
import { DELAYED_METHODS } from '../integrations/payments/stripe-provider';
import { AUTHENTICATION_FAILED } from '../integrations/payments/test-provider';
import { outboxFor, proceed, registrationForm } from '../testing/membership';
import { stripeTestApp, stripeWebhooks } from '../testing/stripe-webhooks';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The outcomes the Payment Element produces (decision 145): wallets, a card that asks for 3-D
 * Secure, a method that leaves the page and comes back to the return address (which settles),
 * a payment the bank is still processing. Each is fulfilled exactly once, whether the return's
 * settle comes once, again on a reload, in two tabs at once, or before or after the webhook.
 */
describe('the Payment Element on Stripe', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  let webhooks: ReturnType<typeof stripeWebhooks>;
  let ip = 0;
  beforeAll(async () => {
    stripe = await stripeTestApp();
    t = stripe.t;
    webhooks = stripeWebhooks(t);
  });
  afterAll(() => stripe.close());

  const members = async (email: string) => (await t.db.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;
  /** A paid registration (£50) started, not yet paid. */
  const start = async () => {
    const form = registrationForm({ tier_index: 0 });
    const body = (await proceed(t, form, `10.61.${Math.floor(++ip / 250)}.${ip % 250}`)).json<{ client_secret: string }>();
    return { form, secret: body.client_secret, intentId: body.client_secret.split('_secret_')[0]! };
  };
  /** What Stripe.js sends from the browser (the fake Stripe.js does the same). */
  const browser = (path: string, fields: Record<string, string>) =>
    fetch(`${stripe.standIn.url}${path}`, { method: 'POST', body: new URLSearchParams({ key: 'pk_test_suite', ...fields }) });
  const confirm = (intentId: string, secret: string, card: string, wallet?: string) =>
    browser(`/v1/payment_intents/${intentId}/confirm`, {
      client_secret: secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card,
      ...(wallet ? { 'payment_method_data[card][wallet][type]': wallet } : {}),
      return_url: 'http://localhost/register/thanks',
    });
  const authenticate = (intentId: string, secret: string, outcome: 'complete' | 'fail') =>
    browser(`/v1/payment_intents/${intentId}/authenticate`, { client_secret: secret, outcome });
  const settle = (secret: string) => t.app.inject({ method: 'POST', url: paymentsApi.settle.path, payload: { client_secret: secret } });
  const status = async (secret: string) => (await settle(secret)).json<{ status: string }>().status;
  const succeededEvent = (intentId: string) => webhooks.send('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });

  it('creates intents for the methods the account offers, but none that settle days later except Bacs for a membership', async () => {
    const { intentId } = await start();
    const created = stripe.standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!;
    expect(created.body.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(created.body.has('allowed_payment_method_types[0]')).toBe(false);
    expect(stripe.standIn.intents.get(intentId)).toMatchObject({
      automatic_payment_methods: { enabled: true },
      // A membership may be paid by Bacs Direct Debit (decision 175); nothing else that settles days later.
      excluded_payment_method_types: DELAYED_METHODS.filter((method) => method !== 'bacs_debit'),
    });
    expect(DELAYED_METHODS).toContain('bacs_debit');
  });

  it('fulfils a wallet payment once', async () => {
    const { form, intentId, secret } = await start();
    expect((await confirm(intentId, secret, '4242424242424242', 'google_pay')).status).toBe(200);
    expect(await status(secret)).toBe('succeeded');
    expect(await members(form.email)).toBe(1);
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });

  it('settles a return exactly once: before authentication nothing, then repeated and at once in two tabs, and the webhook after it', async () => {
    const { form, intentId, secret } = await start();
    const asked = (await (await confirm(intentId, secret, '4000002500003155')).json()) as { status: string; next_action: unknown };
    expect(asked).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    // The return address opened before the bank's check is done (or by a scanner's script): nothing.
    expect(await status(secret)).toBe('requires_action');
    expect(await members(form.email)).toBe(0);

    expect((await authenticate(intentId, secret, 'complete')).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => settle(secret)));
    expect(answers.map((a) => a.json<{ status: string }>().status)).toEqual(Array(6).fill('succeeded'));
    const calls = stripe.standIn.calls;
    // A reload of the return page: answered from the database, Stripe not asked again.
    expect(await status(secret)).toBe('succeeded');
    expect(stripe.standIn.calls).toBe(calls);
    expect((await succeededEvent(intentId)).statusCode).toBe(200);
    expect(await members(form.email)).toBe(1);
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });

  it('settles a return that comes after the webhook without fulfilling again', async () => {
    const { form, intentId, secret } = await start();
    await confirm(intentId, secret, '4000002500003155');
    await authenticate(intentId, secret, 'complete');
    expect((await succeededEvent(intentId)).statusCode).toBe(200);
    expect(await members(form.email)).toBe(1);
    expect(await status(secret)).toBe('succeeded');
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });

  it('fulfils nothing on a return whose authentication failed, and once when paid again', async () => {
    const { form, intentId, secret } = await start();
    await confirm(intentId, secret, '4000002500003155');
    const failed = (await (await authenticate(intentId, secret, 'fail')).json()) as {
      status: string;
      last_payment_error: { message: string };
    };
    expect(failed).toMatchObject({ status: 'requires_payment_method', last_payment_error: { message: AUTHENTICATION_FAILED } });
    expect(await status(secret)).toBe('requires_payment_method');
    expect(await members(form.email)).toBe(0);
    // A second answer to a check already over is refused, as Stripe refuses it.
    expect((await authenticate(intentId, secret, 'complete')).status).toBe(400);

    expect((await confirm(intentId, secret, '4242424242424242')).status).toBe(200);
    expect(await status(secret)).toBe('succeeded');
    expect(await status(secret)).toBe('succeeded');
    expect(await members(form.email)).toBe(1);
  });

  it('leaves a payment the bank is processing pending until the webhook says it succeeded', async () => {
    const { form, intentId, secret } = await start();
    stripe.standIn.intents.get(intentId)!.status = 'processing';
    expect(await status(secret)).toBe('processing');
    expect(await status(secret)).toBe('processing');
    expect(await members(form.email)).toBe(0);
    stripe.standIn.intents.get(intentId)!.status = 'succeeded';
    expect((await succeededEvent(intentId)).statusCode).toBe(200);
    expect(await status(secret)).toBe('succeeded');
    expect(await members(form.email)).toBe(1);
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });
});

describe("the test provider's methods", () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const start = async () => {
    const remoteAddress = `10.62.${Math.floor(++ip / 250)}.${ip % 250}`;
    const form = registrationForm({ tier_index: 0 });
    const body = (await proceed(t, form, remoteAddress)).json<{ client_secret: string }>();
    return { form, secret: body.client_secret, remoteAddress };
  };
  const confirm = (secret: string, remoteAddress: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: paymentsApi.testConfirm.path, payload: { client_secret: secret, ...body }, remoteAddress });
  const authenticate = (secret: string, outcome: string) =>
    t.app.inject({ method: 'POST', url: paymentsApi.testAuthenticate.path, payload: { client_secret: secret, outcome } });
  const members = async (email: string) => (await t.db.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;
  const intentStatus = async (secret: string) =>
    (await t.db.db.selectFrom('test_payment_intents').select('status').where('client_secret', '=', secret).executeTakeFirstOrThrow())
      .status;

  it('pays by the wallet at once, nothing typed', async () => {
    const { form, secret, remoteAddress } = await start();
    const res = await confirm(secret, remoteAddress, { method: 'wallet' });
    expect(res.json()).toEqual({ status: 'succeeded' });
    expect(await members(form.email)).toBe(1);
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });

  it('waits for the bank’s authentication; completed twice at once, it pays once', async () => {
    const { form, secret, remoteAddress } = await start();
    expect((await confirm(secret, remoteAddress, { method: 'bank' })).json()).toEqual({ status: 'requires_action' });
    const settle = await t.app.inject({ method: 'POST', url: paymentsApi.settle.path, payload: { client_secret: secret } });
    expect(settle.json()).toEqual({ status: 'requires_action' });
    expect(await members(form.email)).toBe(0);

    const answers = await Promise.all([authenticate(secret, 'complete'), authenticate(secret, 'complete')]);
    expect(answers.map((a) => a.json())).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
    expect(await members(form.email)).toBe(1);
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });

  it('takes nothing when the payer cancels, refuses an answer to no check, and pays when asked again and completed', async () => {
    const { form, secret, remoteAddress } = await start();
    await confirm(secret, remoteAddress, { method: 'bank' });
    const cancelled = await authenticate(secret, 'cancel');
    expect(cancelled.statusCode).toBe(402);
    expect(cancelled.json()).toEqual({ detail: AUTHENTICATION_FAILED });
    expect(await intentStatus(secret)).toBe('requires_payment_method');
    const late = await authenticate(secret, 'complete');
    expect(late.statusCode).toBe(409);
    expect(await members(form.email)).toBe(0);

    // Stripe's 3-D Secure test card asks as the bank does.
    expect(
      (await confirm(secret, remoteAddress, { card_number: '4000 0025 0000 3155', exp_month: 12, exp_year: 34, cvc: '123' })).json(),
    ).toEqual({
      status: 'requires_action',
    });
    expect((await authenticate(secret, 'complete')).json()).toEqual({ status: 'succeeded' });
    expect(await members(form.email)).toBe(1);
    // Once paid, another answer or confirmation changes nothing.
    expect((await authenticate(secret, 'cancel')).json()).toEqual({ status: 'succeeded' });
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });

  it('refuses bad input, naming the field, and changes nothing', async () => {
    const { form, secret, remoteAddress } = await start();
    const noCard = await confirm(secret, remoteAddress, { method: 'card', exp_month: 12, exp_year: 34, cvc: '123' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toEqual({ field: 'card_number', detail: 'card_number: Enter a card number' });
    const unknownMethod = await confirm(secret, remoteAddress, { method: 'cheque' });
    expect(unknownMethod.statusCode).toBe(400);
    expect(unknownMethod.json()).toMatchObject({ field: 'method' });
    const badOutcome = await authenticate(secret, 'maybe');
    expect(badOutcome.statusCode).toBe(400);
    expect(badOutcome.json()).toMatchObject({ field: 'outcome' });
    expect((await authenticate('pi_test0_secret_nothing', 'complete')).statusCode).toBe(404);
    expect(await intentStatus(secret)).toBe('requires_payment_method');
    expect(await members(form.email)).toBe(0);
  });
});
