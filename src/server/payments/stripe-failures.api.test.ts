import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENTS_UNAVAILABLE, paymentsApi } from '../../shared/api/payments';
import { proceed, registeredMember, registrationForm } from '../testing/membership';
import { stripeTestApp } from '../testing/stripe-webhooks';
import type { TestApp } from '../testing/test-app';
import { SETTLE_LIMIT } from './payments.service';

describe('Stripe failing', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await stripeTestApp({ captureLogs: true });
    t = stripe.t;
  });
  afterAll(() => stripe.close());
  beforeEach(async () => {
    stripe.standIn.recover();
    await t.db.db.deleteFrom('rate_limit_hits').execute();
  });

  const donate = (ip = '10.20.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      payload: { amount: 1000, name: null, email: `giver-${randomBytes(3).toString('hex')}@example.org` },
      remoteAddress: ip,
      headers,
    });

  for (const status of [401, 429, 500] as const) {
    it(`answers Stripe's ${status} with 502 and a plain message, logged with both request ids`, async () => {
      stripe.standIn.fail(status);
      t.logs.length = 0;
      const res = await donate();
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: PAYMENTS_UNAVAILABLE });
      expect(res.body).not.toMatch(/stripe|sk_test|API Key|Too many requests|unknown error/i);

      const logged = t.logs.find((line) => line.msg === 'payment provider failed')!;
      expect(logged).toMatchObject({ level: 50, reqId: res.headers['x-request-id'], stripeStatus: status });
      expect(logged.stripeRequestId).toMatch(/^req_/);
      // Stripe's own words (which may quote part of the key) stay out of the log too.
      expect(JSON.stringify(t.logs)).not.toMatch(/Invalid API Key|sk_test_\*/);

      // Nothing is left waiting for a payment that can never be made.
      const payments = await t.db.db.selectFrom('payments').select('status').where('provider_ref', 'is', null).execute();
      expect(payments.map((p) => p.status)).not.toContain('pending');
    });
  }

  it('never signs a member out for it: the renewal answers 502 and the session lives on', async () => {
    stripe.standIn.recover();
    const { authorization } = await registeredMember(t, { tier_index: 2 });
    stripe.standIn.fail(401);
    const renew = await t.app.inject({
      method: 'POST',
      url: '/api/renew_proceed',
      headers: { authorization },
      payload: { tier_index: 0 },
      remoteAddress: '10.20.1.1',
    });
    expect(renew.statusCode).toBe(502);
    expect(renew.json()).toEqual({ detail: PAYMENTS_UNAVAILABLE });
    expect((await t.app.inject({ method: 'GET', url: '/api/member_info', headers: { authorization } })).statusCode).toBe(200);
  });

  it('works again once Stripe recovers', async () => {
    stripe.standIn.fail(500);
    expect((await donate('10.20.2.1')).statusCode).toBe(502);
    stripe.standIn.recover();
    expect((await donate('10.20.2.1')).statusCode).toBe(200);
  });
});

describe('settle', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await stripeTestApp();
    t = stripe.t;
  });
  afterAll(() => stripe.close());

  const settle = (client_secret: string, ip: string) =>
    t.app.inject({ method: 'POST', url: paymentsApi.settle.path, payload: { client_secret }, remoteAddress: ip });
  const madeUp = () => `pi_${randomBytes(12).toString('hex')}_secret_${randomBytes(12).toString('hex')}`;

  it('never asks Stripe about 1,000 secrets it does not know', async () => {
    const before = stripe.standIn.calls;
    for (let i = 0; i < 1000; i++) {
      const res = await settle(madeUp(), `10.30.${Math.floor(i / 250)}.${i % 250}`);
      expect(res.statusCode).toBe(404);
    }
    expect(stripe.standIn.calls).toBe(before);
  });

  it(`limits one address to ${SETTLE_LIMIT.max} settle calls in 10 minutes`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SETTLE_LIMIT.max + 5; i++) statuses.push((await settle(madeUp(), '10.31.0.1')).statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(SETTLE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect((await settle(madeUp(), '10.31.0.2')).statusCode).toBe(404);
  });

  it('asks Stripe about a pending payment once per call, and answers a settled one from the database', async () => {
    const form = registrationForm({ tier_index: 0 });
    const { client_secret } = (await proceed(t, form, '10.32.0.1')).json();
    const intentId = client_secret.split('_secret_')[0] as string;

    const before = stripe.standIn.calls;
    expect((await settle(client_secret, '10.32.0.1')).json()).toEqual({ status: 'requires_payment_method' });
    expect(stripe.standIn.calls).toBe(before + 1);

    stripe.standIn.succeed(intentId);
    expect((await settle(client_secret, '10.32.0.1')).json()).toEqual({ status: 'succeeded' });
    const settled = stripe.standIn.calls;
    for (let i = 0; i < 5; i++) expect((await settle(client_secret, '10.32.0.1')).json()).toEqual({ status: 'succeeded' });
    expect(stripe.standIn.calls).toBe(settled);

    // A secret for the same intent with another random part is not the payment's.
    expect((await settle(`${intentId}_secret_guessed`, '10.32.0.1')).statusCode).toBe(404);
  });
});
