import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember, proceed, registrationForm, signIn } from '../testing/membership';
import { stripeTestApp } from '../testing/stripe-webhooks';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Erasure reaches the payment provider (decision 220): the customer kept for an erased person's
 * automatic renewal is deleted there with its cards, once, and retried while the provider fails.
 */
const erase = (t: TestApp, authorization: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/delete', headers: { authorization }, payload: { password } });
const queued = (t: TestApp) => t.db.db.selectFrom('provider_erasures').selectAll().execute();
const customerOf = async (t: TestApp, email: string) =>
  (
    await t.db.db
      .selectFrom('auto_renewals')
      .innerJoin('users', 'users.id', 'auto_renewals.user_id')
      .select('auto_renewals.customer_id')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow()
  ).customer_id;

describe('erasure at the test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("forgets the erased member's saved card, and leaves other members' cards alone", async () => {
    const erased = await registeredMember(t, { tier_index: 0, auto_renew: true });
    const other = await registeredMember(t, { tier_index: 0, auto_renew: true });
    const customer = await customerOf(t, erased.form.email);
    const cards = (id: string) => t.db.db.selectFrom('test_payment_methods').select('id').where('customer_id', '=', id).execute();
    expect(await cards(customer)).toHaveLength(1);

    expect((await erase(t, erased.authorization, erased.form.plain_pw)).statusCode).toBe(200);
    expect(await cards(customer)).toEqual([]);
    expect(await cards(await customerOf(t, other.form.email))).toHaveLength(1);
    expect(await queued(t)).toEqual([]);
  });
});

describe('erasure at Stripe', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await stripeTestApp();
    t = stripe.t;
    stripe.standIn.useClock(() => t.clock.now);
  });
  afterAll(() => stripe.close());

  /** Joins paying by card with "Renew automatically each year" ticked: Stripe keeps the card on a customer. */
  async function joinKeepingCard() {
    const form = registrationForm({ tier_index: 0, auto_renew: true });
    const started = (await proceed(t, form)).json();
    const intentId = started.client_secret.split('_secret_')[0] as string;
    const confirmed = await fetch(`${stripe.standIn.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: 'pk_test_suite',
        client_secret: started.client_secret,
        'payment_method_data[card][number]': '4242424242424242',
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': '2034',
      }),
    });
    expect(confirmed.status).toBe(200);
    const settled = await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: started.client_secret } });
    expect(settled.json()).toEqual({ status: 'succeeded' });
    const authorization = `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
    return { form, authorization, customer: await customerOf(t, form.email) };
  }
  const deletions = (customer: string) =>
    stripe.standIn.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/customers/${customer}`).length;

  it('deletes the customer, whose card Stripe then detaches', async () => {
    const { form, authorization, customer } = await joinKeepingCard();
    expect(stripe.standIn.customers.has(customer)).toBe(true);
    expect((await erase(t, authorization, form.plain_pw)).statusCode).toBe(200);
    expect(stripe.standIn.customers.has(customer)).toBe(false);
    expect([...stripe.standIn.paymentMethods.values()].filter((m) => m.customer === customer)).toEqual([]);
    expect(deletions(customer)).toBe(1);
    expect(await queued(t)).toEqual([]);
  });

  it('erases at once while Stripe fails, and deletes the customer once Stripe answers again, from one server of two', async () => {
    const { form, authorization, customer } = await joinKeepingCard();
    stripe.standIn.fail(500);
    try {
      expect((await erase(t, authorization, form.plain_pw)).statusCode).toBe(200);
    } finally {
      stripe.standIn.recover();
    }
    expect(await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).execute()).toEqual([]);
    const [waiting] = await queued(t);
    expect(waiting).toMatchObject({ customer_id: customer, attempts: 1 });
    expect(waiting!.last_error).toBeTruthy();
    expect(stripe.standIn.customers.has(customer)).toBe(true);

    // Not before its hour; then once, however many servers run the jobs at that moment.
    expect(await t.services.erasuresAtProvider.runDue()).toBe(0);
    t.clock.now = new Date(t.clock.now.getTime() + 61 * 60 * 1000);
    const before = deletions(customer);
    const done = await Promise.all([t.services.erasuresAtProvider.runDue(), t.services.erasuresAtProvider.runDue()]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(1);
    expect(deletions(customer) - before).toBe(1);
    expect(stripe.standIn.customers.has(customer)).toBe(false);
    expect(await queued(t)).toEqual([]);
  });

  it('counts a customer Stripe no longer has as deleted', async () => {
    const { form, authorization, customer } = await joinKeepingCard();
    stripe.standIn.customers.delete(customer);
    expect((await erase(t, authorization, form.plain_pw)).statusCode).toBe(200);
    expect(await queued(t)).toEqual([]);
  });
});
