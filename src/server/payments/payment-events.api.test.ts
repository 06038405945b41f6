import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type MemberDetail, type MonthTotal } from '../../shared/api/admin';
import { pathOf } from '../../shared/api/contract';
import { outboxFor, proceed, registrationForm } from '../testing/membership';
import { stripeTestApp, stripeWebhooks } from '../testing/stripe-webhooks';
import type { TestApp } from '../testing/test-app';

describe('refunds, disputes and cancellations from Stripe', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  let webhooks: ReturnType<typeof stripeWebhooks>;
  let admin: string;
  let ip = 0;
  beforeAll(async () => {
    stripe = await stripeTestApp();
    t = stripe.t;
    webhooks = stripeWebhooks(t);
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => stripe.close());

  /** Starts a paid registration (£50) without paying for it yet. */
  const started = async () => {
    const form = registrationForm({ tier_index: 0 });
    const body = (await proceed(t, form, `10.40.${Math.floor(++ip / 250)}.${ip % 250}`)).json();
    return { form, paymentId: body.payment_id as string, intentId: (body.client_secret as string).split('_secret_')[0]! };
  };
  /** A registration paid and fulfilled through the success webhook. */
  const paid = async () => {
    const registration = await started();
    stripe.standIn.succeed(registration.intentId);
    expect((await webhooks.send('payment_intent.succeeded', { id: registration.intentId, object: 'payment_intent' })).statusCode).toBe(200);
    return registration;
  };
  const payment = (id: string) => t.db.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (id: string) => t.db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', id).orderBy('seq').execute();
  const member = (email: string) => t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const charge = (intentId: string, amountRefunded: number) => ({
    id: `ch_${intentId}`,
    object: 'charge',
    payment_intent: intentId,
    amount: 5000,
    amount_refunded: amountRefunded,
  });
  const dispute = (intentId: string, status: string) => ({
    id: `dp_${intentId}`,
    object: 'dispute',
    payment_intent: intentId,
    amount: 5000,
    status,
  });
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });

  it('records a refund once however often, and at once, it is delivered, and leaves the membership alone', async () => {
    const { form, paymentId, intentId } = await paid();
    const before = await member(form.email);
    const payload = webhooks.event('charge.refunded', charge(intentId, 5000));
    const signature = webhooks.sign(payload);
    const answers = await Promise.all(Array.from({ length: 8 }, () => webhooks.deliver(payload, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    // The same state in another event (Stripe sends charge.refunded again on later updates).
    expect((await webhooks.send('charge.refunded', charge(intentId, 5000))).statusCode).toBe(200);

    expect(await payment(paymentId)).toMatchObject({ status: 'refunded', refunded_pence: 5000, review: null });
    const entries = await auditOf(paymentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'payment', action: 'changed', actor_id: null, actor_email: 'Stripe' });
    expect(entries[0]!.summary).toMatch(/refunded £50.00 of the £50.00 registration/);
    expect(await member(form.email)).toEqual(before);
  });

  it('goes from partly refunded to refunded, and a late, smaller total changes nothing', async () => {
    const { paymentId, intentId } = await paid();
    await webhooks.send('charge.refunded', charge(intentId, 2000));
    expect(await payment(paymentId)).toMatchObject({ status: 'partly_refunded', refunded_pence: 2000 });
    await webhooks.send('charge.refunded', charge(intentId, 5000));
    await webhooks.send('charge.refunded', charge(intentId, 2000));
    expect(await payment(paymentId)).toMatchObject({ status: 'refunded', refunded_pence: 5000 });
    expect(await auditOf(paymentId)).toHaveLength(2);
  });

  it('follows a dispute to its end, in whatever order the events come', async () => {
    const lost = await paid();
    await webhooks.send('charge.dispute.created', dispute(lost.intentId, 'needs_response'));
    await webhooks.send('charge.dispute.created', dispute(lost.intentId, 'needs_response'));
    expect(await payment(lost.paymentId)).toMatchObject({ status: 'disputed' });
    await webhooks.send('charge.dispute.closed', dispute(lost.intentId, 'lost'));
    expect(await payment(lost.paymentId)).toMatchObject({ status: 'dispute_lost' });
    expect((await auditOf(lost.paymentId)).map((e) => e.summary)).toEqual([
      expect.stringMatching(/The cardholder disputed/),
      expect.stringMatching(/was lost/),
    ]);

    // The closing event overtakes the opening one: the opening, arriving late, changes nothing.
    const won = await paid();
    await webhooks.send('charge.dispute.closed', dispute(won.intentId, 'won'));
    await webhooks.send('charge.dispute.created', dispute(won.intentId, 'needs_response'));
    expect(await payment(won.paymentId)).toMatchObject({ status: 'dispute_won' });
  });

  it('cancels an unpaid payment, which then can never take effect', async () => {
    const { form, paymentId, intentId } = await started();
    await webhooks.send('payment_intent.canceled', { id: intentId, object: 'payment_intent', status: 'canceled' });
    expect(await payment(paymentId)).toMatchObject({ status: 'canceled' });
    await webhooks.send('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });
    expect(await payment(paymentId)).toMatchObject({ status: 'canceled' });
    expect(await member(form.email)).toBeUndefined();
    // A paid payment is not cancelled by a stray event.
    const done = await paid();
    await webhooks.send('payment_intent.canceled', { id: done.intentId, object: 'payment_intent' });
    expect(await payment(done.paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('completes a payment whose success event is late before recording its refund', async () => {
    const { form, paymentId, intentId } = await started();
    stripe.standIn.succeed(intentId);
    await webhooks.send('charge.refunded', charge(intentId, 5000));
    expect(await payment(paymentId)).toMatchObject({ status: 'refunded' });
    expect(await member(form.email)).toBeDefined();
    await webhooks.send('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });
    expect(await outboxFor(t, form.email)).toHaveLength(1);
  });

  it("shows the admin the refund on the member's page and lets them keep or end the year it paid for", async () => {
    const ended = await paid();
    const kept = await paid();
    for (const { intentId } of [ended, kept]) await webhooks.send('charge.refunded', charge(intentId, 5000));
    const endedMember = (await member(ended.form.email))!;

    const detail = (await asAdmin('GET', pathOf(adminApi.member, { id: endedMember.id }))).json<MemberDetail>();
    expect(detail.payments[0]).toMatchObject({
      status: 'refunded',
      refunded: 5000,
      review: null,
      period_start: '2026-11-21',
      period_end: '2027-11-21',
    });
    expect(detail.status).toBe('active');

    const end = await asAdmin('POST', adminApi.paymentReview.path, { payment_id: ended.paymentId, decision: 'end' });
    expect(end.json()).toEqual({ last_renewed_date: '2025-11-21', expiry_date: '2026-11-21' });
    expect(await member(ended.form.email)).toMatchObject({ last_renewed_date: '2025-11-21' });
    expect((await asAdmin('POST', adminApi.paymentReview.path, { payment_id: ended.paymentId, decision: 'keep' })).statusCode).toBe(409);

    expect((await asAdmin('POST', adminApi.paymentReview.path, { payment_id: kept.paymentId, decision: 'keep' })).statusCode).toBe(200);
    expect(await member(kept.form.email)).toMatchObject({ last_renewed_date: '2026-11-21' });
    expect(await payment(kept.paymentId)).toMatchObject({ review: 'kept' });

    const decisions = await t.db.db.selectFrom('audit_log').select('summary').where('kind', '=', 'membership').execute();
    expect(decisions.map((d) => d.summary)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Took off the year/), expect.stringMatching(/^Kept the membership/)]),
    );
    // A payment nobody refunded is not the admin's to end.
    const fine = await paid();
    expect((await asAdmin('POST', adminApi.paymentReview.path, { payment_id: fine.paymentId, decision: 'end' })).statusCode).toBe(409);
  });

  it('takes refunds and disputes off the monthly totals', async () => {
    const before = (await asAdmin('GET', adminApi.paymentTotals.path)).json<MonthTotal[]>()[0]!;
    const refunded = await paid();
    const disputed = await paid();
    await paid();
    await webhooks.send('charge.refunded', charge(refunded.intentId, 1500));
    await webhooks.send('charge.dispute.created', dispute(disputed.intentId, 'needs_response'));
    const after = (await asAdmin('GET', adminApi.paymentTotals.path)).json<MonthTotal[]>()[0]!;
    expect(after.registration - before.registration).toBe(15000);
    expect(after.refunded - before.refunded).toBe(1500);
    expect(after.disputed - before.disputed).toBe(5000);
    expect(after.total - before.total).toBe(15000 - 1500 - 5000);
  });

  it('counts each declined card once, however often Stripe delivers its event, against the address that started it', async () => {
    const { intentId } = await started();
    const payload = webhooks.event('payment_intent.payment_failed', { id: intentId, object: 'payment_intent' });
    for (let i = 0; i < 25; i++) expect((await webhooks.deliver(payload, webhooks.sign(payload))).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await webhooks.send('payment_intent.payment_failed', { id: intentId, object: 'payment_intent' });
    const declines = await t.db.db.selectFrom('card_checks').selectAll().where('intent_id', '=', intentId).execute();
    // One event delivered 25 times is one card; three more events are three more cards tried.
    expect(declines).toHaveLength(4);
    for (const decline of declines)
      expect(decline).toMatchObject({ outcome: 'declined', address: `10.40.0.${ip % 250}`, network: '10.40.0.0/24' });
  });

  it('claims Gift Aid only on what the donor kept given', async () => {
    await t.services.siteText.set('charity_number', '1234567', null);
    expect((await asAdmin('POST', '/api/admin/settings', { gift_aid_enabled: true })).statusCode).toBe(200);
    const give = async (amount: number, house: string) => {
      const body = (
        await t.app.inject({
          method: 'POST',
          url: '/api/donate_proceed',
          payload: {
            amount,
            name: 'Donor',
            email: `donor-${house}@example.org`,
            gift_aid: { first_name: 'Ani', last_name: 'Donor', house, postcode: 'N1 1AA', confirmed: true },
          },
          remoteAddress: `10.41.0.${house}`,
        })
      ).json();
      const intentId = (body.clientSecret as string).split('_secret_')[0]!;
      stripe.standIn.succeed(intentId);
      await webhooks.send('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });
      return intentId;
    };
    const kept = await give(4000, '1');
    const partly = await give(4000, '2');
    const refunded = await give(4000, '3');
    await webhooks.send('charge.refunded', { ...charge(partly, 1000), amount: 4000 });
    await webhooks.send('charge.refunded', { ...charge(refunded, 4000), amount: 4000 });
    expect(kept).toBeTruthy();
    const csv = (await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-11-01&to=2026-11-30')).body;
    const rows = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows.map((row) => [row[4], row.at(-1)])).toEqual([
      ['1', '40.00'],
      ['2', '30.00'],
    ]);
  });
});
