import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { createLogger } from '../../logger';
import { createServices } from '../../services';
import { autoRenewalApi } from '../../../shared/api/auto-renewal';
import { pathOf } from '../../../shared/api/contract';
import { membershipApi } from '../../../shared/api/membership';
import { paymentsApi } from '../../../shared/api/payments';
import { savedCardsApi } from '../../../shared/api/saved-cards';
import { outboxFor, payWithCard, proceed, registrationForm, signIn } from '../../testing/membership';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { siteTextHy } from '../../../shared/domain/site-text-hy';

/**
 * Automatic renewal with the test provider (decisions 140 and 141), the clock moved: told 14 days
 * ahead, charged once on the expiry date (two servers, a crash), authentication, declines and
 * retries, the card expiring, a renewal by hand at the same moment, and what is refused.
 */
describe('automatic renewal', () => {
  let t: TestApp;
  let ip = 0;
  const JOINED = '2026-11-21T12:00:00Z';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // Each test's members are the only ones renewing automatically: what a run charges is theirs.
  beforeEach(async () => {
    await t.db.db.updateTable('auto_renewals').set({ status: 'off' }).execute();
    await t.db.db
      .updateTable('auto_renewal_charges')
      .set({ status: 'superseded' })
      .where('status', 'in', ['noticed', 'charging', 'requires_action', 'declined'])
      .execute();
  });

  /**
   * Another server on the same database: its own services (and, on PostgreSQL, its own pool of
   * connections) with its own name; on SQLite the one file's connection is shared, as one process would.
   */
  function secondServer() {
    const db = t.config.databaseUrl ? openDatabase({ ...t.config, onConnectionError: () => undefined }) : t.db;
    const services = createServices({
      db,
      clock: () => t.clock.now,
      config: { ...t.config, port: 8001 },
      jwtSecret: randomBytes(32).toString('hex'),
      log: createLogger('silent'),
    });
    return {
      services,
      async close() {
        await services.close();
        if (db !== t.db) await db.close();
      },
    };
  }

  const at = (iso: string) => (t.clock.now = new Date(iso));
  const run = async (iso: string) => {
    at(iso);
    return t.services.autoRenewal.runDue();
  };
  const userIdOf = async (email: string) =>
    (await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const lastRenewed = async (email: string) =>
    (await t.db.db.selectFrom('users').select('last_renewed_date').where('email', '=', email).executeTakeFirstOrThrow()).last_renewed_date;
  const mails = async (email: string, kind: string) => (await outboxFor(t, email)).filter((m) => m.kind === kind);
  const bearer = async (form: { email: string; plain_pw: string }) =>
    `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
  const call = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: object) =>
    t.app.inject({ method, url, ...(authorization ? { headers: { authorization } } : {}), ...(payload ? { payload } : {}) });
  const state = async (authorization: string) => (await call('GET', autoRenewalApi.state.path, authorization)).json();

  /** Joins on 21 November 2026 (membership until 21 November 2027), ticking "Renew automatically each year" or not. */
  async function join(options: { auto?: boolean; tier_index?: number; card?: string; language?: string } = {}) {
    at(JOINED);
    const form = registrationForm({
      tier_index: options.tier_index ?? 0,
      auto_renew: options.auto ?? true,
      ...(options.language ? { language: options.language } : {}),
    });
    const started = await proceed(t, form);
    expect(started.statusCode, started.body).toBe(200);
    if (started.json().client_secret) {
      const paid = await payWithCard(t, started.json().client_secret, options.card ?? '4242424242424242');
      expect(paid.statusCode, paid.body).toBe(200);
    } else {
      await t.app.inject({ method: 'POST', url: membershipApi.registerConfirmSimple.path, payload: started.json() });
    }
    return { form, userId: await userIdOf(form.email), authorization: await bearer(form) };
  }

  /** The card step's setup flow: a card saved with the provider, nothing charged. */
  async function saveCard(authorization: string, card: string, expiry = { exp_month: 12, exp_year: 2034 }) {
    const setup = await call('POST', autoRenewalApi.setup.path, authorization);
    expect(setup.statusCode, setup.body).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: savedCardsApi.testConfirmSetup.path,
      payload: { client_secret: setup.json().client_secret, card_number: card, cvc: '123', ...expiry },
      remoteAddress: `10.77.${Math.floor(++ip / 250)}.${ip % 250}`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().setup_intent_id).toBe(setup.json().setup_intent_id);
    return setup.json().setup_intent_id as string;
  }

  /** A member who joined without it and turns it on in My Profile with `card`. */
  async function memberWithCard(card: string, expiry?: { exp_month: number; exp_year: number }, language?: string) {
    const member = await join({ auto: false, ...(language ? { language } : {}) });
    const setupIntentId = await saveCard(member.authorization, card, expiry);
    const on = await call('POST', autoRenewalApi.set.path, member.authorization, { on: true, setup_intent_id: setupIntentId });
    expect(on.statusCode, on.body).toBe(200);
    return member;
  }

  it('is chosen at joining: told 14 days ahead, charged once on the expiry date, and the receipt sent', async () => {
    const { form, authorization } = await join();
    expect(await state(authorization)).toEqual({
      on: true,
      method: { type: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      next_charge: { date: '2027-11-21', pence: 5000 },
    });

    // The 30-day reminder to renew by hand is not for someone renewing automatically.
    at('2027-10-22T09:00:00Z');
    await t.services.runScheduledJobs();
    expect(await mails(form.email, 'reminder-30-days')).toHaveLength(0);

    await run('2027-11-06T09:00:00Z');
    expect(await mails(form.email, 'auto-renewal-notice')).toHaveLength(0);
    await run('2027-11-07T09:00:00Z');
    await run('2027-11-07T10:00:00Z');
    const notices = await mails(form.email, 'auto-renewal-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text_body).toContain('renews automatically on 21 November 2027');
    expect(notices[0]!.text_body).toContain('£50.00');
    expect(notices[0]!.text_body).toContain('card ending 4242');
    expect(notices[0]!.text_body).toMatch(/To stop it.*My Profile/);

    // Not a day early.
    expect((await run('2027-11-20T23:00:00Z')).charged).toBe(0);
    expect((await run('2027-11-21T06:00:00Z')).charged).toBe(1);
    expect((await run('2027-11-21T07:00:00Z')).charged).toBe(0);
    expect((await run('2027-11-25T07:00:00Z')).charged).toBe(0);
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    const receipts = await mails(form.email, 'renewal-receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text_body).toContain('Membership until: 21 November 2028');
    const payments = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('email', '=', form.email)
      .where('kind', '=', 'renewal')
      .execute();
    expect(payments).toMatchObject([{ status: 'succeeded', amount_pence: 5000, period_start: '2027-11-21', period_end: '2028-11-21' }]);
    // Next year's charge is already in view.
    expect((await state(await bearer(form))).next_charge).toEqual({ date: '2028-11-21', pence: 5000 });
  });

  it('writes every mail of it in the member’s language: the notice, the receipt, a decline, the bank’s question and the lapse (decision 191)', async () => {
    const hy = siteTextHy;
    const armenian = (mail: { text_body: string; html_body: string } | undefined) => {
      expect(mail).toBeDefined();
      expect(mail!.html_body).toContain('<html lang="hy">');
      expect(mail!.text_body).toContain('Հարգելի Ani,');
      for (const english of ['Dear ', 'With best wishes', 'November', '£50.00']) expect(mail!.text_body).not.toContain(english);
    };
    const { form } = await join({ language: 'hy' });
    await run('2027-11-07T09:00:00Z');
    const [notice] = await mails(form.email, 'auto-renewal-notice');
    armenian(notice);
    expect(notice!.subject).toBe('Ձեր անդամակցությունն ինքնաշխատ կերկարաձգվի 21 նոյեմբերի, 2027 թ.');
    expect(notice!.text_body).toContain(`(${hy['tier.0.name']})`);
    expect(notice!.text_body).toContain('50,00\u00a0£');
    expect(notice!.text_body).toContain('ձեր Visa քարտը (վերջին թվերը՝ 4242)');
    expect(notice!.text_body).toContain(`${hy['mail.profile_action']}: http://localhost:8000/hy/profile`);
    await run('2027-11-21T06:00:00Z');
    const [receipt] = await mails(form.email, 'renewal-receipt');
    armenian(receipt);
    expect(receipt!.subject).toBe(hy['mail.renewal.subject']);
    expect(receipt!.text_body).toContain(`${hy['mail.receipt.until']}: 21 նոյեմբերի, 2028 թ.`);

    const declining = await memberWithCard('4000000000000341', undefined, 'hy');
    await run('2027-11-07T09:00:00Z');
    await run('2027-11-21T09:00:00Z');
    const [declined] = await mails(declining.form.email, 'auto-renewal-declined');
    armenian(declined);
    expect(declined!.subject).toBe(hy['mail.auto.declined.subject']);
    expect(declined!.text_body).toContain('Մենք կրկին կփորձենք 24 նոյեմբերի, 2027 թ.');
    await run('2027-11-24T09:00:00Z');
    await run('2027-11-28T09:00:00Z');
    const [lapsed] = await mails(declining.form.email, 'auto-renewal-lapsed');
    armenian(lapsed);
    expect(lapsed!.text_body).toContain(`${hy['mail.renew_action']}: http://localhost:8000/hy/renew`);

    const asked = await memberWithCard('4000002760003184', undefined, 'hy');
    await run('2027-11-07T09:00:00Z');
    await run('2027-11-21T09:00:00Z');
    const [action] = await mails(asked.form.email, 'auto-renewal-action-required');
    armenian(action);
    expect(action!.text_body).toMatch(/http:\/\/localhost:8000\/hy\/profile\/auto-renew\/[\w-]+/);
  });

  it('catches up when the servers were down over the expiry date, and past the retries tells of the lapse instead', async () => {
    const late = await join();
    // No run from the joining until two days after the expiry: told and charged at once, the year from that day (decision 011).
    at('2027-11-23T09:00:00Z');
    await t.services.runScheduledJobs();
    expect(await mails(late.form.email, 'auto-renewal-notice')).toHaveLength(1);
    expect(await mails(late.form.email, 'renewal-receipt')).toHaveLength(1);
    expect(await mails(late.form.email, 'reminder-lapsed')).toHaveLength(0);
    expect(await lastRenewed(late.form.email)).toBe('2027-11-23');

    const tooLate = await join();
    at('2027-11-29T09:00:00Z');
    await t.services.runScheduledJobs();
    expect(await mails(tooLate.form.email, 'auto-renewal-notice')).toHaveLength(0);
    expect(await mails(tooLate.form.email, 'reminder-lapsed')).toHaveLength(1);
    expect(await lastRenewed(tooLate.form.email)).toBe('2026-11-21');
  });

  it('charges once when two servers run the jobs at the same moment on one database', async () => {
    const { form, userId } = await join();
    const second = secondServer();
    try {
      at('2027-11-07T09:00:00Z');
      await Promise.all([t.services.autoRenewal.runDue(), second.services.autoRenewal.runDue()]);
      at('2027-11-21T09:00:00Z');
      const [first, other] = await Promise.all([
        t.services.autoRenewal.runDue(),
        second.services.autoRenewal.runDue(),
        t.services.runScheduledJobs(),
        second.services.runScheduledJobs(),
      ]);
      // The other two runs (each server's hourly jobs) may be the one that charged.
      expect(first.charged + other.charged).toBeLessThanOrEqual(1);
    } finally {
      await second.close();
    }
    expect(await mails(form.email, 'auto-renewal-notice')).toHaveLength(1);
    expect(await mails(form.email, 'renewal-receipt')).toHaveLength(1);
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    const intents = await t.db.db
      .selectFrom('test_payment_intents')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `auto-renewal-${userId}-%`)
      .execute();
    expect(intents).toEqual([{ idempotency_key: `auto-renewal-${userId}-2027-11-21-1` }]);
  });

  it('charges once when the server dies after the provider charged: the next run repeats the same key', async () => {
    const { form, userId } = await join();
    await run('2027-11-07T09:00:00Z');
    const provider = t.services.testPayments!;
    const real = provider.chargeOffSession.bind(provider);
    // As a kill -9 between the provider's answer and the outcome being written down.
    provider.chargeOffSession = async (charge) => {
      await real(charge);
      throw new Error('killed');
    };
    try {
      at('2027-11-21T09:00:00Z');
      await expect(t.services.autoRenewal.runDue()).rejects.toThrow('killed');
    } finally {
      provider.chargeOffSession = real;
    }
    expect(await lastRenewed(form.email)).toBe('2026-11-21');
    // Within the lease nobody else takes it; after it, the same key answers the first outcome.
    expect((await run('2027-11-21T09:05:00Z')).charged).toBe(0);
    expect((await run('2027-11-21T09:11:00Z')).charged).toBe(1);
    expect((await run('2027-11-21T09:30:00Z')).charged).toBe(0);
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    expect(await mails(form.email, 'renewal-receipt')).toHaveLength(1);
    const intents = await t.db.db
      .selectFrom('test_payment_intents')
      .select('status')
      .where('idempotency_key', 'like', `auto-renewal-${userId}-%`)
      .execute();
    expect(intents).toEqual([{ status: 'succeeded' }]);
  });

  it('asks the member to confirm when the bank wants them, on a page whose button confirms', async () => {
    const { form, authorization } = await memberWithCard('4000002760003184');
    expect((await state(authorization)).method).toMatchObject({ last4: '3184' });
    await run('2027-11-07T09:00:00Z');
    expect((await run('2027-11-21T09:00:00Z')).failed).toBe(1);
    expect(await lastRenewed(form.email)).toBe('2026-11-21');
    const [asked] = await mails(form.email, 'auto-renewal-action-required');
    expect(asked!.text_body).toContain('confirm the £50.00 payment');
    expect(asked!.text_body).toContain('try the card again on 24 November 2027');
    const paymentId = /\/profile\/auto-renew\/([0-9a-f-]{36})/.exec(asked!.text_body)![1]!;

    const member = await bearer(form);
    const page = pathOf(autoRenewalApi.payment, { payment_id: paymentId });
    // Opening the link (as a mail scanner does) changes nothing.
    for (let i = 0; i < 3; i++)
      expect((await call('GET', page, member)).json()).toEqual({
        payment_id: paymentId,
        pence: 5000,
        period: { start: '2027-11-21', end: '2028-11-21' },
        status: 'requires_action',
      });
    const someoneElse = await join({ auto: false });
    expect((await call('GET', page, someoneElse.authorization)).statusCode).toBe(404);
    const authenticatePath = pathOf(autoRenewalApi.authenticate, { payment_id: paymentId });
    expect((await call('POST', authenticatePath, someoneElse.authorization)).statusCode).toBe(404);
    expect((await call('GET', page)).statusCode).toBe(401);

    const opened = await call('POST', authenticatePath, member);
    expect(opened.statusCode, opened.body).toBe(200);
    // As Stripe.js confirms with the saved card, then the bank's check: cancelled once, then completed.
    const clientSecret = opened.json().client_secret as string;
    const confirmSaved = () =>
      t.app.inject({ method: 'POST', url: savedCardsApi.testConfirmSaved.path, payload: { client_secret: clientSecret } });
    const bank = (outcome: 'complete' | 'cancel') =>
      t.app.inject({ method: 'POST', url: paymentsApi.testAuthenticate.path, payload: { client_secret: clientSecret, outcome } });
    expect((await confirmSaved()).json()).toEqual({ status: 'requires_action' });
    expect((await bank('cancel')).statusCode).toBe(402);
    expect(await lastRenewed(form.email)).toBe('2026-11-21');
    expect((await call('GET', page, member)).json().status).toBe('requires_action');
    expect((await confirmSaved()).json()).toEqual({ status: 'requires_action' });
    expect((await bank('complete')).json()).toEqual({ status: 'succeeded' });
    expect((await confirmSaved()).json()).toEqual({ status: 'succeeded' });
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    expect(await mails(form.email, 'renewal-receipt')).toHaveLength(1);
    expect((await call('GET', page, member)).json().status).toBe('succeeded');
    expect((await call('POST', authenticatePath, member)).statusCode).toBe(409);
    // The retry date passes with nothing more to do.
    expect(await run('2027-11-24T09:00:00Z')).toMatchObject({ charged: 0, failed: 0 });
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
  });

  it('cancels each unconfirmed payment before the next try, and lapses after three the member never confirmed', async () => {
    const { form, userId } = await memberWithCard('4000002760003184');
    await run('2027-11-07T09:00:00Z');
    expect((await run('2027-11-21T09:00:00Z')).failed).toBe(1);
    expect((await run('2027-11-24T09:00:00Z')).failed).toBe(1);
    expect((await run('2027-11-28T09:00:00Z')).failed).toBe(1);
    expect(await mails(form.email, 'auto-renewal-action-required')).toHaveLength(2);
    expect(await mails(form.email, 'auto-renewal-lapsed')).toHaveLength(1);
    const attempts = await t.db.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'renewal')
      .orderBy('created_at')
      .execute();
    expect(attempts.map((p) => p.status)).toEqual(['canceled', 'canceled', 'canceled']);
    // The first link's page now says there is nothing to confirm, and its button is refused.
    const member = await bearer(form);
    expect((await call('GET', pathOf(autoRenewalApi.payment, { payment_id: attempts[0]!.id }), member)).json().status).toBe('closed');
    expect((await call('POST', pathOf(autoRenewalApi.authenticate, { payment_id: attempts[0]!.id }), member)).statusCode).toBe(409);
    expect(await lastRenewed(form.email)).toBe('2026-11-21');
  });

  it('tries a declined card again after 3 and 7 days with a mail each time, then lets it lapse and turns itself off', async () => {
    const { form, userId } = await memberWithCard('4000000000000341');
    await run('2027-11-07T09:00:00Z');
    expect((await run('2027-11-21T09:00:00Z')).failed).toBe(1);
    let declined = await mails(form.email, 'auto-renewal-declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text_body).toContain('Your card was declined.');
    expect(declined[0]!.text_body).toContain('We will try again on 24 November 2027');
    expect(await run('2027-11-23T09:00:00Z')).toMatchObject({ failed: 0 });
    expect((await run('2027-11-24T09:00:00Z')).failed).toBe(1);
    declined = await mails(form.email, 'auto-renewal-declined');
    expect(declined).toHaveLength(2);
    expect(declined[1]!.text_body).toContain('We will try again on 28 November 2027');
    const admin = await t.userWithRole('admin');
    const list = await call('GET', autoRenewalApi.adminList.path, admin.authorization);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().members.find((m: { user_id: string }) => m.user_id === userId);
    expect(listed).toMatchObject({ on: true, next_charge: { date: '2027-11-28', pence: 5000 } });
    expect(listed.failures).toEqual([
      expect.objectContaining({
        period: '2027-11-21',
        attempts: 2,
        status: 'declined',
        message: 'Your card was declined.',
        next_attempt_at: '2027-11-28',
      }),
    ]);

    expect((await run('2027-11-28T09:00:00Z')).failed).toBe(1);
    expect(await mails(form.email, 'auto-renewal-declined')).toHaveLength(2);
    const [lapsed] = await mails(form.email, 'auto-renewal-lapsed');
    expect(lapsed!.text_body).toContain('ran until 21 November 2027');
    expect(lapsed!.text_body).toContain('Automatic renewal is turned off');
    expect(await lastRenewed(form.email)).toBe('2026-11-21');
    expect(await state(await bearer(form))).toEqual({ on: false, method: null, next_charge: null });
    // Not tried again, and the usual "your membership has ended" is not sent on top.
    expect(await run('2027-12-05T09:00:00Z')).toMatchObject({ charged: 0, failed: 0 });
    await t.services.runScheduledJobs();
    expect(await mails(form.email, 'reminder-lapsed')).toHaveLength(0);
    const failed = (await call('GET', autoRenewalApi.adminList.path, (await t.userWithRole('admin')).authorization))
      .json()
      .members.find((m: { user_id: string }) => m.user_id === userId);
    expect(failed).toMatchObject({
      on: false,
      turned_off_by: 'declines',
      failures: [expect.objectContaining({ status: 'failed', attempts: 3 })],
    });
    const attempts = await t.db.db
      .selectFrom('payments')
      .select('status')
      .where('user_id', '=', userId)
      .where('kind', '=', 'renewal')
      .execute();
    expect(attempts.map((p) => p.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('tells the member 30 days ahead when the card will have expired by the charge, and charges the card they change to', async () => {
    const { form } = await memberWithCard('4242424242424242', { exp_month: 10, exp_year: 2027 });
    await run('2027-10-21T09:00:00Z');
    expect(await mails(form.email, 'auto-renewal-card-expiring')).toHaveLength(0);
    await run('2027-10-22T09:00:00Z');
    await run('2027-10-23T09:00:00Z');
    const [expiring] = await mails(form.email, 'auto-renewal-card-expiring');
    expect(expiring!.text_body).toContain('card ending 4242 will have expired');
    expect(await mails(form.email, 'auto-renewal-card-expiring')).toHaveLength(1);

    at('2026-11-22T09:00:00Z');
    const now = await bearer(form);
    const fresh = await saveCard(now, '5555555555554444');
    const changed = await call('POST', autoRenewalApi.changeMethod.path, now, { setup_intent_id: fresh });
    expect(changed.json().method).toEqual({ type: 'card', brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034 });
    await run('2027-11-07T09:00:00Z');
    expect((await run('2027-11-21T09:00:00Z')).charged).toBe(1);
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
  });

  it('declines a card that has expired by the charge, as the bank would', async () => {
    const { form } = await memberWithCard('4242424242424242', { exp_month: 10, exp_year: 2027 });
    await run('2027-11-07T09:00:00Z');
    expect((await run('2027-11-21T09:00:00Z')).failed).toBe(1);
    expect((await mails(form.email, 'auto-renewal-declined'))[0]!.text_body).toContain('Your card has expired.');
  });

  it('never charges twice for one year when the member renews by hand while it is on', async () => {
    // By hand first: the automatic charge for that year is closed, never made.
    const early = await join();
    await run('2027-11-07T09:00:00Z');
    const byHand = (await call('POST', membershipApi.renewProceed.path, await bearer(early.form), { tier_index: 0 })).json();
    expect(byHand.date_effective).toBe('2027-11-21');
    expect((await payWithCard(t, byHand.client_secret, '4242424242424242')).statusCode).toBe(200);
    expect(await run('2027-11-21T09:00:00Z')).toMatchObject({ charged: 0, failed: 0 });
    expect(await lastRenewed(early.form.email)).toBe('2027-11-21');

    // Automatically first: the payment by hand, started for the same year, is refunded and places nothing.
    const late = await join();
    await run('2027-11-07T09:00:00Z');
    const started = (await call('POST', membershipApi.renewProceed.path, await bearer(late.form), { tier_index: 0 })).json();
    await run('2027-11-21T09:00:00Z');
    expect((await payWithCard(t, started.client_secret, '4242424242424242')).statusCode).toBe(200);
    expect(await lastRenewed(late.form.email)).toBe('2027-11-21');
    expect(await mails(late.form.email, 'auto-renewal-refunded')).toHaveLength(1);
    const second = await t.db.db.selectFrom('payments').selectAll().where('id', '=', started.payment_id).executeTakeFirstOrThrow();
    expect(second).toMatchObject({ status: 'refunded', refunded_pence: 5000, review: 'kept', period_end: null });
  });

  it('places one year when the card step by hand and the automatic charge complete at the same moment', async () => {
    const { form } = await join();
    await run('2027-11-07T09:00:00Z');
    const started = (await call('POST', membershipApi.renewProceed.path, await bearer(form), { tier_index: 0 })).json();
    at('2027-11-21T09:00:00Z');
    const [byHand] = await Promise.all([payWithCard(t, started.client_secret, '4242424242424242'), t.services.autoRenewal.runDue()]);
    expect(byHand.statusCode).toBe(200);
    // Whichever came second is refunded (the refund job makes up for one that failed).
    await t.services.autoRenewal.runDue();
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    const renewals = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('email', '=', form.email)
      .where('kind', '=', 'renewal')
      .execute();
    const kept = renewals.filter((p) => p.status === 'succeeded');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.period_start).toBe('2027-11-21');
    expect(
      renewals
        .filter((p) => p.status !== 'succeeded')
        .every((p) => p.status === 'refunded' || p.status === 'canceled' || p.status === 'pending'),
    ).toBe(true);
    expect(await mails(form.email, 'renewal-receipt')).toHaveLength(1);
  });

  it('charges the amount the notice told, and the tier price of the day for the notice', async () => {
    const { form, userId } = await join();
    await run('2027-11-07T09:00:00Z');
    // As if the price had been £55 when the notice went: the charge keeps to what the member was told.
    await t.db.db.updateTable('auto_renewal_charges').set({ amount_pence: 5500 }).where('user_id', '=', userId).execute();
    expect((await state(await bearer(form))).next_charge).toEqual({ date: '2027-11-21', pence: 5500 });
    await run('2027-11-21T09:00:00Z');
    const paid = await t.db.db
      .selectFrom('payments')
      .select('amount_pence')
      .where('user_id', '=', userId)
      .where('kind', '=', 'renewal')
      .execute();
    expect(paid).toEqual([{ amount_pence: 5500 }]);
  });

  it('is turned off by the member or the admin: nothing is charged, and the member is told when the admin did it', async () => {
    const byMember = await join();
    const off = await call('POST', autoRenewalApi.set.path, byMember.authorization, { on: false });
    expect(off.json()).toEqual({ on: false, method: null, next_charge: null });
    expect((await call('POST', autoRenewalApi.set.path, byMember.authorization, { on: false })).statusCode).toBe(409);

    const byAdmin = await join();
    await run('2027-11-07T09:00:00Z');
    const admin = await t.userWithRole('admin');
    const list = (await call('GET', autoRenewalApi.adminList.path, admin.authorization)).json();
    expect(list.members.find((m: { user_id: string }) => m.user_id === byAdmin.userId)).toMatchObject({
      on: true,
      email: byAdmin.form.email,
      next_charge: { date: '2027-11-21', pence: 5000 },
      method: { last4: '4242' },
    });
    const turnOff = (user_id: string) => call('POST', autoRenewalApi.adminTurnOff.path, admin.authorization, { user_id });
    expect((await turnOff(byAdmin.userId)).json()).toEqual({ succeeded: true });
    expect((await turnOff(byAdmin.userId)).statusCode).toBe(409);
    expect((await turnOff('no-such-member')).statusCode).toBe(404);
    expect(
      (await call('POST', autoRenewalApi.adminTurnOff.path, await bearer(byMember.form), { user_id: byAdmin.userId })).statusCode,
    ).toBe(403);
    expect(await mails(byAdmin.form.email, 'auto-renewal-turned-off')).toHaveLength(1);
    const audit = await t.db.db.selectFrom('audit_log').select('summary').where('subject_id', '=', byAdmin.userId).execute();
    expect(audit.map((a) => a.summary)).toContain(`Automatic renewal turned off for ${byAdmin.form.email} by an admin`);

    expect(await run('2027-11-21T09:00:00Z')).toMatchObject({ charged: 0 });
    expect(await lastRenewed(byAdmin.form.email)).toBe('2026-11-21');
    expect(await lastRenewed(byMember.form.email)).toBe('2026-11-21');
    // Back to renewing by hand: the usual reminder comes for the lapse.
    at('2027-11-22T09:00:00Z');
    await t.services.runScheduledJobs();
    expect(await mails(byAdmin.form.email, 'reminder-lapsed')).toHaveLength(1);
  });

  it('refuses a free tier, twice, someone else’s card and bad input with a clear 4xx, changing nothing', async () => {
    // A free tier cannot be charged: not at joining, not in My Profile.
    at(JOINED);
    const student = registrationForm({ tier_index: 2, auto_renew: true });
    const refused = await proceed(t, student);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'auto_renew', detail: expect.stringContaining('free membership') });
    const free = await join({ tier_index: 2, auto: false });
    const freeSetup = await call('POST', autoRenewalApi.setup.path, free.authorization);
    expect(freeSetup.statusCode).toBe(409);
    expect(freeSetup.json().detail).toContain('free membership');
    expect((await call('POST', autoRenewalApi.set.path, free.authorization, { on: true, setup_intent_id: 'seti_x' })).statusCode).toBe(409);
    expect(
      (await call('POST', membershipApi.renewProceed.path, free.authorization, { tier_index: 2, auto_renew: true })).json(),
    ).toMatchObject({ field: 'auto_renew' });

    const member = await join({ auto: false });
    const other = await join({ auto: false });
    const othersCard = await saveCard(other.authorization, '4242424242424242');
    // Someone else's saved card is no card of theirs.
    expect((await call('POST', autoRenewalApi.set.path, member.authorization, { on: true, setup_intent_id: othersCard })).statusCode).toBe(
      404,
    );
    // Not saved yet (the card step not done), or no card at all.
    const unsaved = (await call('POST', autoRenewalApi.setup.path, member.authorization)).json().setup_intent_id;
    expect((await call('POST', autoRenewalApi.set.path, member.authorization, { on: true, setup_intent_id: unsaved })).statusCode).toBe(
      409,
    );
    expect((await call('POST', autoRenewalApi.set.path, member.authorization, { on: true })).statusCode).toBe(409);
    // Bad input names the field.
    for (const body of [{ on: 'yes' }, {}, { on: true, setup_intent_id: '' }, { on: true, setup_intent_id: 'x'.repeat(300) }]) {
      const bad = await call('POST', autoRenewalApi.set.path, member.authorization, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().field).toBeDefined();
    }
    expect((await call('POST', autoRenewalApi.changeMethod.path, member.authorization, { setup_intent_id: othersCard })).statusCode).toBe(
      409,
    );
    expect(await state(member.authorization)).toEqual({ on: false, method: null, next_charge: null });
    // A declined card is not saved.
    const setup = (await call('POST', autoRenewalApi.setup.path, member.authorization)).json();
    const declined = await t.app.inject({
      method: 'POST',
      url: savedCardsApi.testConfirmSetup.path,
      payload: { client_secret: setup.client_secret, card_number: '4000000000000002', exp_month: 12, exp_year: 2034, cvc: '123' },
      remoteAddress: '10.78.0.1',
    });
    expect(declined.statusCode).toBe(402);

    // Twice on is refused.
    const mine = await saveCard(member.authorization, '4242424242424242');
    expect((await call('POST', autoRenewalApi.set.path, member.authorization, { on: true, setup_intent_id: mine })).statusCode).toBe(200);
    expect((await call('POST', autoRenewalApi.set.path, member.authorization, { on: true, setup_intent_id: mine })).statusCode).toBe(409);
    // Signed out, and the admin's list for a member: refused.
    expect((await call('GET', autoRenewalApi.state.path)).statusCode).toBe(401);
    expect((await call('GET', autoRenewalApi.adminList.path, member.authorization)).statusCode).toBe(403);
    expect((await call('GET', pathOf(autoRenewalApi.payment, { payment_id: 'nope' }), member.authorization)).statusCode).toBe(404);
  });

  it('keeps the card at a renewal by hand that ticks the box, and charges it the year after', async () => {
    const { form } = await join({ auto: false });
    at('2027-11-01T09:00:00Z');
    const started = await call('POST', membershipApi.renewProceed.path, await bearer(form), { tier_index: 1, auto_renew: 'on' });
    expect(started.statusCode, started.body).toBe(200);
    expect((await payWithCard(t, started.json().client_secret, '5555555555554444')).statusCode).toBe(200);
    expect(await lastRenewed(form.email)).toBe('2027-11-21');
    const now = await bearer(form);
    expect(await state(now)).toEqual({
      on: true,
      method: { type: 'card', brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034 },
      next_charge: { date: '2028-11-21', pence: 3500 },
    });
  });
});
