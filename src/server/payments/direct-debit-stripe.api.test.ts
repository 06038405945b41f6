import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRenewalApi } from '../../shared/api/auto-renewal';
import { outboxFor, proceed, registrationForm, signIn } from '../testing/membership';
import { stripeTestApp, stripeWebhooks } from '../testing/stripe-webhooks';
import type { TestApp } from '../testing/test-app';

/**
 * Bacs Direct Debit through the Stripe SDK against the stand-in (decision 175): the Payment
 * Element's confirmation processes, Stripe's events (processing, succeeded, payment_failed,
 * mandate.updated) are delivered signed, repeated and out of order, and each applies once.
 */
describe('Bacs Direct Debit on Stripe', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  let webhooks: ReturnType<typeof stripeWebhooks>;
  let ip = 0;
  beforeAll(async () => {
    stripe = await stripeTestApp();
    t = stripe.t;
    webhooks = stripeWebhooks(t);
    stripe.standIn.useClock(() => t.clock.now);
    await t.userWithRole('admin', 'dd-admin@example.org');
  });
  afterAll(() => stripe.close());

  const at = (iso: string) => (t.clock.now = new Date(iso));
  const mails = async (email: string, kind: string) => (await outboxFor(t, email)).filter((m) => m.kind === kind);
  const account = (email: string) => t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  /** Delivers, signed, every event the stand-in emitted for this intent from `from` on, in the order given. */
  const deliver = async (events: { id: string; type: string; data: { object: unknown } }[]) => {
    for (const event of events) {
      const answer = await webhooks.send(event.type, event.data.object as Record<string, unknown>, event.id);
      expect(answer.statusCode, answer.body).toBe(200);
    }
  };
  const eventsFor = (intentId: string) => stripe.standIn.events.filter((event) => (event.data.object as { id?: string }).id === intentId);

  /** Joins on Saturday 21 November 2026 and confirms Bacs in the Payment Element (the browser's call). */
  async function joinByDebit(accountNumber: string, extra: Record<string, unknown> = {}) {
    at('2026-11-21T12:00:00Z');
    const form = registrationForm(extra);
    const started = await proceed(t, form, `10.62.0.${++ip}`);
    expect(started.statusCode, started.body).toBe(200);
    const secret = started.json().client_secret as string;
    const intentId = secret.split('_secret_')[0]!;
    const confirmed = await fetch(`${stripe.standIn.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: 'pk_test_suite',
        client_secret: secret,
        'payment_method_data[type]': 'bacs_debit',
        'payment_method_data[bacs_debit][sort_code]': '108800',
        'payment_method_data[bacs_debit][account_number]': accountNumber,
        'payment_method_data[billing_details][name]': 'Ani Sargsyan',
        'payment_method_data[billing_details][email]': form.email,
      }),
    });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe('processing');
    return { form, secret, intentId };
  }

  it('offers Bacs on a membership intent only, processes, and fulfils once whatever order the events come in', async () => {
    const { form, intentId } = await joinByDebit('00012345');
    const created = stripe.standIn.intents.get(intentId)!;
    expect(created.excluded_payment_method_types).toEqual(['sepa_debit', 'customer_balance']);
    const donation = await t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      payload: { amount: 500, name: 'Ani', email: 'dd-don@example.org' },
    });
    const donationIntent = stripe.standIn.intents.get((donation.json().clientSecret as string).split('_secret_')[0]!)!;
    expect(donationIntent.excluded_payment_method_types).toEqual(['bacs_debit', 'sepa_debit', 'customer_balance']);

    await deliver(eventsFor(intentId));
    expect(await t.db.db.selectFrom('payments').select('processing_since').where('provider_ref', '=', intentId).executeTakeFirst()).toEqual(
      {
        processing_since: '2026-11-21T12:00:00.000Z',
      },
    );
    stripe.standIn.settleDebits();
    expect(stripe.standIn.intents.get(intentId)!.status).toBe('processing');
    at('2026-11-25T12:00:00Z');
    stripe.standIn.settleDebits();
    const [processing, succeeded] = eventsFor(intentId);
    expect([processing!.type, succeeded!.type]).toEqual(['payment_intent.processing', 'payment_intent.succeeded']);
    // Success twice, then the processing report again, late: one member, one welcome.
    await deliver([succeeded!, succeeded!, processing!]);
    expect(await account(form.email)).toMatchObject({ registered_date: '2026-11-25' });
    expect(
      await t.db.db.selectFrom('payments').select(['status', 'processing_since']).where('provider_ref', '=', intentId).executeTakeFirst(),
    ).toEqual({
      status: 'succeeded',
      processing_since: null,
    });
    expect(await mails(form.email, 'welcome')).toHaveLength(1);
  });

  it('tells the payer and the admin once when the debit fails, the failure arriving before the processing report', async () => {
    const { form, intentId } = await joinByDebit('33333335');
    at('2026-11-25T12:00:00Z');
    stripe.standIn.settleDebits();
    const [processing, failed] = eventsFor(intentId);
    expect(failed!.type).toBe('payment_intent.payment_failed');
    await deliver([failed!, failed!, processing!]);
    expect(await account(form.email)).toBeUndefined();
    expect(
      await t.db.db
        .selectFrom('payments')
        .select(['status', 'processing_since', 'failure_message'])
        .where('provider_ref', '=', intentId)
        .executeTakeFirst(),
    ).toEqual({
      status: 'pending',
      processing_since: null,
      failure_message: 'The customer’s bank did not authorise this Direct Debit.',
    });
    expect(await mails(form.email, 'direct-debit-failed')).toHaveLength(1);
    expect((await mails('dd-admin@example.org', 'direct-debit-failed-admin')).filter((m) => m.subject.includes(form.email))).toHaveLength(
      1,
    );
  });

  it('turns automatic renewal off once when the mandate is cancelled (mandate.updated, repeated)', async () => {
    const { form, intentId } = await joinByDebit('00012345', { auto_renew: true });
    at('2026-11-25T12:00:00Z');
    stripe.standIn.settleDebits();
    await deliver(eventsFor(intentId));
    // The saved method is read from Stripe once the fulfilment has committed.
    await t.services.autoRenewal.fillMethods();
    const authorization = `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
    const on = await t.app.inject({ method: 'GET', url: autoRenewalApi.state.path, headers: { authorization } });
    expect(on.json()).toMatchObject({ on: true, method: { type: 'bacs_debit', last4: '2345' } });

    stripe.standIn.cancelMandate(stripe.standIn.intents.get(intentId)!.payment_method!);
    const cancelled = stripe.standIn.events.at(-1)!;
    expect(cancelled.type).toBe('mandate.updated');
    await deliver([cancelled, cancelled]);
    const off = await t.app.inject({ method: 'GET', url: autoRenewalApi.state.path, headers: { authorization } });
    expect(off.json()).toMatchObject({ on: false, method: null });
    expect(await mails(form.email, 'auto-renewal-mandate-ended')).toHaveLength(1);
  });
});
