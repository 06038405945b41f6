import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyGiftsApi } from '../../../shared/api/monthly-gifts';
import { PAYMENTS_UNAVAILABLE } from '../../../shared/api/payments';
import { outboxFor } from '../../testing/membership';
import { giftLinkToken } from '../../testing/monthly-gifts';
import { stripeTestApp, stripeWebhooks } from '../../testing/stripe-webhooks';
import type { TestApp } from '../../testing/test-app';

/**
 * Monthly giving through the real Stripe SDK against the local stand-in (decisions 143, 171): the
 * card saved by a setup intent, each month charged off-session once whatever webhooks come twice
 * or late, Stripe failing mid-charge (the same key after the lease), and a card Stripe declines.
 */
describe('monthly giving with Stripe', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  let standIn: typeof stripe.standIn;
  let webhooks: ReturnType<typeof stripeWebhooks>;
  let n = 0;
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
    return t.services.monthlyGifts.runDue();
  };
  const mails = async (email: string, kind: string) => (await outboxFor(t, email)).filter((m) => m.kind === kind);
  /** What Stripe.js sends from the browser: a confirmation with the publishable key. */
  const browser = (path: string, fields: Record<string, string>) =>
    fetch(`${standIn.url}${path}`, { method: 'POST', body: new URLSearchParams({ key: 'pk_test_suite', ...fields }) });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.91.${Math.floor(++n / 250)}.${n % 250}` });

  async function give(number: string) {
    at('2026-11-12T10:00:00Z');
    const email = `stripe-donor-${++n}@example.org`;
    const started = await post(monthlyGiftsApi.start.path, { amount: 1500, name: 'Ani Petrosyan', email });
    expect(started.statusCode, started.body).toBe(200);
    const { gift_id, client_secret, setup_intent_id } = started.json();
    const saved = await browser(`/v1/setup_intents/${setup_intent_id}/confirm`, {
      client_secret,
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
    });
    expect(saved.status).toBe(200);
    const confirmed = await post(monthlyGiftsApi.confirm.path, { gift_id, setup_intent_id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { email, giftId: gift_id as string, confirmed: confirmed.json() };
  }
  const chargesOf = (giftId: string) =>
    standIn.requests.filter((r) => r.body.get('off_session') === 'true' && r.idempotencyKey?.includes(giftId));

  it('charges each month off-session once, whatever webhooks come twice or late', async () => {
    const { email, giftId, confirmed } = await give('4242424242424242');
    expect(confirmed).toMatchObject({ first_payment: { status: 'succeeded' }, gift: { card: { brand: 'visa', last4: '4242' } } });
    const before = standIn.events.length;
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 1, failed: 0 });
    const sent = standIn.events.slice(before);
    expect(sent.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    const late = webhooks.event('payment_intent.payment_failed', sent[0]!.data.object as Record<string, unknown>);
    for (const round of [sent, [...sent].reverse()]) {
      for (const event of round)
        expect((await webhooks.deliver(JSON.stringify(event), webhooks.sign(JSON.stringify(event)))).statusCode).toBe(200);
      expect((await webhooks.deliver(late, webhooks.sign(late))).statusCode).toBe(200);
    }
    expect(await run('2026-12-12T10:00:00Z')).toEqual({ charged: 0, failed: 0 });
    expect(chargesOf(giftId).map((r) => [r.idempotencyKey, r.body.get('amount'), r.body.get('confirm')])).toEqual([
      [`monthly-gift-${giftId}-2026-11-1`, '1500', 'true'],
      [`monthly-gift-${giftId}-2026-12-1`, '1500', 'true'],
    ]);
    expect(await mails(email, 'donation-receipt')).toHaveLength(2);
  });

  it('is charged once when Stripe fails mid-charge: nothing is recorded as failed, and the same key is used after the lease', async () => {
    const { email, giftId } = await give('4242424242424242');
    standIn.fail(500);
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
    standIn.recover();
    expect(await run('2026-12-12T09:05:00Z')).toEqual({ charged: 0, failed: 0 });
    expect(await run('2026-12-12T09:11:00Z')).toEqual({ charged: 1, failed: 0 });
    expect(new Set(chargesOf(giftId).map((r) => r.idempotencyKey))).toEqual(
      new Set([`monthly-gift-${giftId}-2026-11-1`, `monthly-gift-${giftId}-2026-12-1`]),
    );
    expect(await mails(email, 'donation-receipt')).toHaveLength(2);
  });

  it('takes a new card through a setup intent: later months are charged to it, the old card detached; Stripe failing changes nothing', async () => {
    const { email, giftId } = await give('4242424242424242');
    const token = await giftLinkToken(t, email, giftId);
    at('2026-11-20T10:00:00Z');
    // A wrong key, a rate limit or an outage at Stripe: the same 502 for the donor, nothing started.
    for (const status of [401, 429, 500] as const) {
      standIn.fail(status);
      const failed = await post(monthlyGiftsApi.cardSetupByLink.path, { gift_id: giftId, token });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ detail: PAYMENTS_UNAVAILABLE });
    }
    standIn.recover();
    const setup = await post(monthlyGiftsApi.cardSetupByLink.path, { gift_id: giftId, token });
    expect(setup.statusCode, setup.body).toBe(200);
    const { client_secret, setup_intent_id } = setup.json();
    const saved = await browser(`/v1/setup_intents/${setup_intent_id}/confirm`, {
      client_secret,
      'payment_method_data[card][number]': '5555555555554444',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
    });
    expect(saved.status).toBe(200);
    // Stripe failing as the saved card is handed over: 502, the gift keeps its card and nobody is mailed.
    for (const status of [401, 429, 500] as const) {
      standIn.fail(status);
      const failed = await post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token, setup_intent_id });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ detail: PAYMENTS_UNAVAILABLE });
    }
    standIn.recover();
    expect((await post(monthlyGiftsApi.byLink.path, { gift_id: giftId, token })).json()).toMatchObject({ card: { last4: '4242' } });
    expect(await mails(email, 'monthly-gift-card-changed')).toHaveLength(0);
    const changed = await post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token, setup_intent_id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ gift: { card: { brand: 'mastercard', last4: '4444' } }, retried: null });
    const [first] = chargesOf(giftId);
    expect(standIn.requests.some((r) => r.path === `/v1/payment_methods/${first!.body.get('payment_method')}/detach`)).toBe(true);
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 1, failed: 0 });
    const december = chargesOf(giftId).at(-1)!;
    expect(december.body.get('payment_method')).not.toBe(first!.body.get('payment_method'));
    expect(await mails(email, 'donation-receipt')).toHaveLength(2);
    expect(await mails(email, 'monthly-gift-card-changed')).toHaveLength(1);
  });

  it('does not start a gift on a card Stripe saves but will not charge, and says why', async () => {
    const { email, confirmed } = await give('4000000000000341');
    expect(confirmed).toMatchObject({
      first_payment: { status: 'declined', message: 'Your card was declined.' },
      gift: { status: 'ended' },
    });
    expect(await mails(email, 'donation-receipt')).toHaveLength(0);
  });
});
