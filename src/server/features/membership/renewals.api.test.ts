import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApi } from '../../../shared/api/admin';
import { membershipApi } from '../../../shared/api/membership';
import { outboxFor, payWithCard, registeredMember, signIn } from '../../testing/membership';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * A renewal's year is placed when its payment succeeds, from the membership as it stands then:
 * each succeeded renewal adds exactly one year, whatever the order or overlap of payments.
 */
describe('renewals paid in any order', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  const renew = (authorization: string, tier_index: number | string) =>
    t.app.inject({
      method: 'POST',
      url: membershipApi.renewProceed.path,
      headers: { authorization },
      payload: { tier_index },
      remoteAddress: `10.50.${Math.floor(++ip / 250)}.${ip % 250}`,
    });
  const info = async (authorization: string) =>
    (await t.app.inject({ method: 'GET', url: membershipApi.memberInfo.path, headers: { authorization } })).json();
  /** A member of a year, signed in on `iso`, with their membership ending on 2027-11-21. */
  const memberOn = async (iso: string, tier_index = 1) => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const { form } = await registeredMember(t, { tier_index });
    t.clock.now = new Date(iso);
    const authorization = `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
    return { form, authorization };
  };

  it('adds three years for three renewals paid in the order 2, 3, 1, and never moves the year back', async () => {
    const { form, authorization } = await memberOn('2027-10-01T12:00:00Z');
    const started = [];
    for (let i = 0; i < 3; i++) started.push((await renew(authorization, 0)).json());
    // Each was quoted the same expected start: the current expiry.
    expect(started.map((s) => s.date_effective)).toEqual(['2027-11-21', '2027-11-21', '2027-11-21']);

    const seen: string[] = [];
    for (const index of [1, 2, 0]) {
      expect((await payWithCard(t, started[index].client_secret, '4242424242424242')).statusCode).toBe(200);
      seen.push((await info(authorization)).last_renewed_date);
    }
    expect(seen).toEqual(['2027-11-21', '2028-11-21', '2029-11-21']);

    // Each receipt states the year it really bought, in the order they were paid.
    const receipts = (await outboxFor(t, form.email)).filter((m) => m.kind === 'renewal-receipt').map((m) => m.text_body);
    expect(receipts.map((text) => /Membership from: (.+)/.exec(text)?.[1])).toEqual([
      '21 November 2027',
      '21 November 2028',
      '21 November 2029',
    ]);
    expect(receipts[2]).toContain('Membership until: 21 November 2030');
    const periods = await t.db.db
      .selectFrom('payments')
      .select(['id', 'period_start', 'period_end'])
      .where(
        'id',
        'in',
        started.map((s) => s.payment_id as string),
      )
      .execute();
    expect(new Set(periods.map((p) => p.period_start))).toEqual(new Set(['2027-11-21', '2028-11-21', '2029-11-21']));
    // The profile shows the year the latest renewal bought.
    expect((await info(authorization)).latest_period).toEqual({ start: '2029-11-21', end: '2030-11-21' });
  });

  it('adds two years for two renewals paid at the same moment', async () => {
    const { authorization } = await memberOn('2027-10-01T12:00:00Z');
    const [a, b] = [(await renew(authorization, 1)).json(), (await renew(authorization, 1)).json()];
    const answers = await Promise.all([a, b].map((s) => payWithCard(t, s.client_secret, '4242424242424242')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await info(authorization)).last_renewed_date).toBe('2028-11-21');
  });

  it('adds two years for a card renewal and one recorded by hand at the same moment', async () => {
    const { form, authorization } = await memberOn('2027-10-01T12:00:00Z');
    const admin = await t.userWithRole('admin');
    const memberId = (await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow()).id;
    const card = (await renew(authorization, 1)).json();
    const [byCard, byHand] = await Promise.all([
      payWithCard(t, card.client_secret, '4242424242424242'),
      t.app.inject({
        method: 'POST',
        url: adminApi.recordRenewal.path,
        headers: { authorization: admin.authorization },
        payload: { user_id: memberId, tier_index: 1, amount: 3500, note: 'Cheque 000123' },
      }),
    ]);
    expect([byCard.statusCode, byHand.statusCode]).toEqual([200, 200]);
    expect((await info(authorization)).last_renewed_date).toBe('2028-11-21');
  });

  it('starts a renewal paid after the membership lapsed on the day it is paid', async () => {
    const { form, authorization } = await memberOn('2027-11-10T12:00:00Z');
    const started = (await renew(authorization, 1)).json();
    expect(started.date_effective).toBe('2027-11-21');
    // Paid weeks later, after the expiry: the year runs from the day of payment, not the quote.
    t.clock.now = new Date('2027-12-05T12:00:00Z');
    expect((await payWithCard(t, started.client_secret, '4242424242424242')).statusCode).toBe(200);
    const later = `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
    expect((await info(later)).last_renewed_date).toBe('2027-12-05');
  });

  it('renews as a student only while the graduation year on record has not passed', async () => {
    const graduated = await memberOn('2027-11-01T12:00:00Z', 2);
    // Joined in 2026 expecting to graduate in 2026: by November 2027 that year has passed.
    await t.db.db.updateTable('users').set({ grad_year: 2026 }).where('email', '=', graduated.form.email).execute();
    const refused = await renew(graduated.authorization, 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'tier_index', detail: expect.stringContaining('2026 has passed') });
    // A paying tier is theirs to choose.
    expect((await renew(graduated.authorization, 1)).statusCode).toBe(200);
    // Still studying in 2027: the free year goes on.
    await t.db.db.updateTable('users').set({ grad_year: 2027 }).where('email', '=', graduated.form.email).execute();
    expect((await renew(graduated.authorization, 2)).statusCode).toBe(200);
  });

  it('accepts a free renewal only in the last 30 days or after the end, and only once', async () => {
    const early = await memberOn('2027-06-01T12:00:00Z', 2);
    const refused = await renew(early.authorization, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/last 30 days/);
    expect((await renew(early.authorization, '2')).statusCode).toBe(409);

    const due = await memberOn('2027-11-01T12:00:00Z', 2);
    const [first, second] = [(await renew(due.authorization, 2)).json(), (await renew(due.authorization, 2)).json()];
    const confirm = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: membershipApi.renewConfirmSimple.path,
        headers: { authorization: due.authorization },
        payload: body,
      });
    const firstAnswer = await confirm(first);
    expect(firstAnswer.json(), firstAnswer.body).toEqual({ succeeded: true });
    // The second, started while it was still due, would stack a free year on a year ahead.
    const again = await confirm(second);
    expect(again.statusCode).toBe(409);
    expect((await info(due.authorization)).last_renewed_date).toBe('2027-11-21');
    expect(await t.db.db.selectFrom('payments').select('status').where('id', '=', second.payment_id).executeTakeFirst()).toEqual({
      status: 'pending',
    });
  });
});
