import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRenewalApi } from '../../../shared/api/auto-renewal';
import { pathOf } from '../../../shared/api/contract';
import { outboxFor, proceed, registrationForm, signIn } from '../../testing/membership';
import { stripeTestApp, stripeWebhooks } from '../../testing/stripe-webhooks';
import type { TestApp } from '../../testing/test-app';

/**
 * Automatic renewal through the real Stripe SDK against the local stand-in (decision 143): the
 * card kept at joining (setup_future_usage) and by a setup intent, off-session charges that
 * succeed, ask for authentication or are declined, Stripe failing mid-charge, and webhooks
 * delivered twice and out of order.
 */
describe('automatic renewal with Stripe', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  let standIn: typeof stripe.standIn;
  let webhooks: ReturnType<typeof stripeWebhooks>;
  beforeAll(async () => {
    stripe = await stripeTestApp();
    ({ t, standIn } = stripe);
    standIn.useClock(() => t.clock.now);
    webhooks = stripeWebhooks(t);
  });
  afterAll(() => stripe.close());

  const at = (iso: string) => (t.clock.now = new Date(iso));
  const run = async (iso: string) => {
    at(iso);
    return t.services.autoRenewal.runDue();
  };
  const lastRenewed = async (email: string) =>
    (await t.db.db.selectFrom('users').select('last_renewed_date').where('email', '=', email).executeTakeFirstOrThrow()).last_renewed_date;
  const mails = async (email: string, kind: string) => (await outboxFor(t, email)).filter((m) => m.kind === kind);
  const bearer = async (form: { email: string; plain_pw: string }) =>
    `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
  /** What Stripe.js sends from the browser: a confirmation with the publishable key. */
  const browser = (path: string, fields: Record<string, string>) =>
    fetch(`${standIn.url}${path}`, { method: 'POST', body: new URLSearchParams({ key: 'pk_test_suite', ...fields }) });
  const card = (number: string) => ({
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2034',
  });

  async function join(auto: boolean) {
    at('2026-11-21T12:00:00Z');
    const form = registrationForm({ tier_index: 0, auto_renew: auto });
    const started = (await proceed(t, form)).json();
    const intentId = started.client_secret.split('_secret_')[0] as string;
    expect(
      (await browser(`/v1/payment_intents/${intentId}/confirm`, { client_secret: started.client_secret, ...card('4242424242424242') }))
        .status,
    ).toBe(200);
    const settled = await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: started.client_secret } });
    expect(settled.json()).toEqual({ status: 'succeeded' });
    const userId = (await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow()).id;
    return { form, userId, intentId, authorization: await bearer(form) };
  }

  /** Turns it on in My Profile through a setup intent confirmed as Stripe.js confirms it. */
  async function turnOnWith(authorization: string, number: string) {
    const setup = (await t.app.inject({ method: 'POST', url: autoRenewalApi.setup.path, headers: { authorization } })).json();
    const confirmed = await browser(`/v1/setup_intents/${setup.setup_intent_id}/confirm`, {
      client_secret: setup.client_secret,
      ...card(number),
    });
    expect(confirmed.status).toBe(200);
    const on = await t.app.inject({
      method: 'POST',
      url: autoRenewalApi.set.path,
      headers: { authorization },
      payload: { on: true, setup_intent_id: setup.setup_intent_id },
    });
    expect(on.statusCode, on.body).toBe(200);
    return on.json();
  }

  it('keeps the card paid with at joining and charges it off-session once, whatever webhooks come twice or late', async () => {
    const { form, userId, intentId, authorization } = await join(true);
    const created = standIn.requests.find((r) => r.path === '/v1/payment_intents' && r.body.get('setup_future_usage'))!;
    expect(created.body.get('setup_future_usage')).toBe('off_session');
    expect(standIn.customers.get(created.body.get('customer')!)?.email).toBe(form.email);
    expect(standIn.intents.get(intentId)?.payment_method).toMatch(/^pm_/);
    const state = (await t.app.inject({ method: 'GET', url: autoRenewalApi.state.path, headers: { authorization } })).json();
    expect(state).toEqual({
      on: true,
      method: { type: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      next_charge: { date: '2027-11-21', pence: 5000 },
    });

    await run('2027-11-07T09:00:00Z');
    const before = standIn.events.length;
    expect((await run('2027-11-21T09:00:00Z')).charged).toBe(1);
    const charge = standIn.requests.find((r) => r.body.get('off_session') === 'true')!;
    expect(charge.idempotencyKey).toBe(`auto-renewal-${userId}-2027-11-21-1`);
    expect(Object.fromEntries(['amount', 'currency', 'confirm', 'customer', 'payment_method'].map((k) => [k, charge.body.get(k)]))).toEqual(
      {
        amount: '5000',
        currency: 'gbp',
        confirm: 'true',
        customer: created.body.get('customer'),
        payment_method: standIn.intents.get(intentId)?.payment_method,
      },
    );
    // Stripe's events for the charge, delivered twice and the second time in reverse order.
    const sent = standIn.events.slice(before);
    expect(sent.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    const late = webhooks.event('payment_intent.payment_failed', sent[0]!.data.object as Record<string, unknown>);
    for (const round of [sent, [...sent].reverse()]) {
      for (const event of round)
        expect((await webhooks.deliver(JSON.stringify(event), webhooks.sign(JSON.stringify(event)))).statusCode).toBe(200);
      expect((await webhooks.deliver(late, webhooks.sign(late))).statusCode).toBe(200);
    }
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    expect(await mails(form.email, 'renewal-receipt')).toHaveLength(1);
  });

  it('asks for authentication, and the member confirms the same intent with the saved card', async () => {
    const { form, userId } = await join(false);
    const on = await turnOnWith(await bearer(form), '4000002760003184');
    expect(on.method).toMatchObject({ last4: '3184' });
    await run('2027-11-07T09:00:00Z');
    // Stripe is down at the charge: nothing is recorded as failed, and the same key is used once it is back.
    standIn.fail(500);
    expect(await run('2027-11-21T09:00:00Z')).toMatchObject({ charged: 0, failed: 0 });
    standIn.recover();
    expect(await run('2027-11-21T09:05:00Z')).toMatchObject({ charged: 0, failed: 0 });
    expect((await run('2027-11-21T09:11:00Z')).failed).toBe(1);
    const keys = standIn.requests
      .filter((r) => r.body.get('off_session') === 'true' && r.idempotencyKey?.includes(userId))
      .map((r) => r.idempotencyKey);
    // Three calls (the SDK retried the 500 twice) and the call after the lease: one key.
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys)).toEqual(new Set([`auto-renewal-${userId}-2027-11-21-1`]));

    const [asked] = await mails(form.email, 'auto-renewal-action-required');
    const paymentId = /\/profile\/auto-renew\/([0-9a-f-]{36})/.exec(asked!.text_body)![1]!;
    const authorization = await bearer(form);
    const opened = await t.app.inject({
      method: 'POST',
      url: pathOf(autoRenewalApi.authenticate, { payment_id: paymentId }),
      headers: { authorization },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { client_secret, payment_method_id } = opened.json();
    const intentId = client_secret.split('_secret_')[0];
    // Stripe.js confirms with the saved card; the bank's check (3-D Secure's frame) is then completed.
    const confirmed = await browser(`/v1/payment_intents/${intentId}/confirm`, { client_secret, payment_method: payment_method_id });
    expect(((await confirmed.json()) as { status: string }).status).toBe('requires_action');
    expect((await browser(`/v1/payment_intents/${intentId}/authenticate`, { client_secret, outcome: 'complete' })).status).toBe(200);
    const settled = await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret } });
    expect(settled.json()).toEqual({ status: 'succeeded' });
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    // The failure event Stripe sent first, delivered after the success: nothing moves back.
    const failed = standIn.events.find(
      (e) => e.type === 'payment_intent.payment_failed' && (e.data.object as { id: string }).id === intentId,
    )!;
    expect((await webhooks.deliver(JSON.stringify(failed), webhooks.sign(JSON.stringify(failed)))).statusCode).toBe(200);
    expect(await run('2027-11-24T09:00:00Z')).toMatchObject({ charged: 0, failed: 0 });
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    expect(await mails(form.email, 'renewal-receipt')).toHaveLength(1);
    // A charge no browser started is no card testing: its decline counts nothing for the brake (decision 015).
    const declines = t.db.db.selectFrom('card_checks').select('id').where('intent_id', '=', intentId).where('outcome', '=', 'declined');
    expect(await declines.execute()).toEqual([]);
  });

  it('is declined by a card Stripe saves but will not charge, and tells the member the reason', async () => {
    const { form } = await join(false);
    await turnOnWith(await bearer(form), '4000000000000341');
    await run('2027-11-07T09:00:00Z');
    expect((await run('2027-11-21T09:00:00Z')).failed).toBe(1);
    const [declined] = await mails(form.email, 'auto-renewal-declined');
    expect(declined!.text_body).toContain('Your card was declined.');
    expect(await lastRenewed(form.email)).toBe('2026-11-21');
    // Turned off: the card is detached at Stripe.
    const authorization = await bearer(form);
    const method = (
      await t.db.db
        .selectFrom('auto_renewals')
        .select('payment_method_id')
        .where(
          'user_id',
          '=',
          (await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow()).id,
        )
        .executeTakeFirstOrThrow()
    ).payment_method_id!;
    await t.app.inject({ method: 'POST', url: autoRenewalApi.set.path, headers: { authorization }, payload: { on: false } });
    expect(standIn.paymentMethods.get(method)?.customer).toBeNull();
  });
});
