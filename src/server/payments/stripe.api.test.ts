import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor, proceed, registrationForm } from '../testing/membership';
import { stripeTestApp, stripeWebhooks } from '../testing/stripe-webhooks';
import type { TestApp } from '../testing/test-app';

describe('Stripe', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  let standIn: typeof stripe.standIn;
  let webhooks: ReturnType<typeof stripeWebhooks>;

  beforeAll(async () => {
    stripe = await stripeTestApp();
    ({ t, standIn } = stripe);
    webhooks = stripeWebhooks(t);
  });
  afterAll(() => stripe.close());

  const memberCount = async (email: string) => (await t.db.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;
  const succeededEvent = (intentId: string, eventId?: string) =>
    webhooks.event('payment_intent.succeeded', { id: intentId, object: 'payment_intent', status: 'succeeded' }, eventId);
  const deliver = (payload: string, signature?: string) => webhooks.deliver(payload, signature);
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) => webhooks.sign(payload, options);
  const start = async () => {
    const form = registrationForm({ tier_index: 0 });
    const body = (await proceed(t, form)).json();
    const intentId = body.client_secret.split('_secret_')[0] as string;
    return { form, body, intentId };
  };

  it('tells the browser to use Stripe with the publishable key, and has no simulated card step', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
      provider: 'stripe',
      publishable_key: 'pk_test_suite',
    });
    const csp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    const permissions = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['permissions-policy'];
    // Wallets are allowed on the card step's pages alone (decision 145; permissions-policy.api.test.ts).
    expect(permissions).toContain('payment=()');
    const simulated = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test_confirm',
      payload: { client_secret: 'x', card_number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    expect(simulated.statusCode).toBe(404);
  });

  it('creates a payment intent priced on the server, with an idempotency key', async () => {
    const { body, intentId } = await start();
    const created = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!;
    expect(created.body.get('amount')).toBe('5000');
    expect(created.body.get('currency')).toBe('gbp');
    expect(created.idempotencyKey).toBe(`payment-${body.payment_id}`);
    expect(standIn.intents.get(intentId)?.client_secret).toBe(body.client_secret);
  });

  it('settles a payment confirmed in the browser as Stripe.js confirms it (through the stand-in), once', async () => {
    const { form, body, intentId } = await start();
    const confirm = (card: string) =>
      fetch(`${standIn.url}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        body: new URLSearchParams({ key: 'pk_test_suite', client_secret: body.client_secret, 'payment_method_data[card][number]': card }),
      });
    const settle = () => t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: body.client_secret } });

    const declined = await confirm('4000000000000002');
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: { message: string } }).error.message).toBe('Your card was declined.');
    expect((await settle()).json()).toEqual({ status: 'requires_payment_method' });
    expect(await memberCount(form.email)).toBe(0);

    expect((await confirm('4242424242424242')).status).toBe(200);
    expect((await settle()).json()).toEqual({ status: 'succeeded' });
    expect((await settle()).json()).toEqual({ status: 'succeeded' });
    expect(await memberCount(form.email)).toBe(1);
    expect(await outboxFor(t, form.email)).toHaveLength(1);
    // Confirming again is refused, as Stripe refuses it.
    expect((await confirm('4242424242424242')).status).toBe(400);
  });

  it('fulfils on a verified webhook', async () => {
    const { form, intentId } = await start();
    standIn.succeed(intentId);
    const payload = succeededEvent(intentId);
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(await memberCount(form.email)).toBe(1);
  });

  it('refuses tampered, wrongly signed, stale and unsigned events, changing nothing', async () => {
    const { form, intentId } = await start();
    const payload = succeededEvent(intentId);
    const tampered = payload.replace('"status":"succeeded"', '"status":"succeeded" ');
    const cases = [
      [tampered, sign(payload)],
      [payload, sign(payload, { secret: 'whsec_someone_else' })],
      [payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })],
      [payload, undefined],
    ] as const;
    for (const [body, signature] of cases) {
      const res = await deliver(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Invalid or missing webhook signature' });
    }
    expect(await memberCount(form.email)).toBe(0);
    expect(await t.db.db.selectFrom('webhook_events').select('event_id').where('event_id', '=', JSON.parse(payload).id).execute()).toEqual(
      [],
    );
  });

  it('creates one member when the same event arrives 20 times at once', async () => {
    const { form, intentId } = await start();
    const payload = succeededEvent(intentId, 'evt_delivered_twenty_times');
    const signature = sign(payload);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(payload, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await memberCount(form.email)).toBe(1);
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });

  it('settles from the browser when webhooks are not set up, once the intent has succeeded', async () => {
    const { form, body, intentId } = await start();
    const settle = (client_secret: string) => t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret } });
    expect((await settle(body.client_secret)).json()).toEqual({ status: 'requires_payment_method' });
    expect(await memberCount(form.email)).toBe(0);

    standIn.succeed(intentId);
    expect((await settle(`${intentId}_secret_guessed`)).statusCode).toBe(404);
    expect((await settle(body.client_secret)).json()).toEqual({ status: 'succeeded' });
    expect((await settle(body.client_secret)).json()).toEqual({ status: 'succeeded' });
    expect(await memberCount(form.email)).toBe(1);

    // A webhook for the same intent afterwards changes nothing more.
    const payload = succeededEvent(intentId);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });
});
