import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { createLogger } from '../../logger';
import { createServices } from '../../services';
import { monthlyGiftsApi } from '../../../shared/api/monthly-gifts';
import { savedCardsApi } from '../../../shared/api/saved-cards';
import { outboxFor, registeredMember, signIn } from '../../testing/membership';
import { giftLinkToken } from '../../testing/monthly-gifts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { siteTextHy } from '../../../shared/domain/site-text-hy';

/**
 * Monthly giving with the test provider (decisions 170–173), the clock moved: the first month
 * charged as it starts, each later month once (two servers, a crash), declines and retries, cancel
 * by a receipt's link and from My Profile (twice, a bad secret), the admin's list and stop, and
 * each month in HMRC's Gift Aid schedule.
 */
describe('monthly giving', () => {
  let t: TestApp;
  let admin: string;
  let ip = 0;
  let admins = 0;
  /** An admin signed in at the test's moment (a session from another moment has expired). */
  const adminNow = async () => (await t.userWithRole('admin', `monthly-admin-${++admins}@example.org`)).authorization;
  const STARTED = '2026-11-12T10:00:00Z';
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
    await t.services.siteText.set('charity_number', '1234567', null);
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings',
      headers: { authorization: admin },
      payload: { gift_aid_enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(() => t.close());
  // Each test's gifts are the only active ones: what a run charges is theirs.
  beforeEach(async () => {
    await t.db.db.deleteFrom('rate_limit_hits').execute();
    await t.db.db.updateTable('monthly_gifts').set({ status: 'cancelled' }).where('status', '=', 'active').execute();
    await t.db.db
      .updateTable('monthly_gift_charges')
      .set({ status: 'cancelled' })
      .where('status', 'in', ['due', 'charging', 'declined'])
      .execute();
  });

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
    return t.services.monthlyGifts.runDue();
  };
  const post = (url: string, payload: object, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `10.88.${Math.floor(++ip / 250)}.${ip % 250}`,
      ...(authorization ? { headers: { authorization } } : {}),
    });
  const mails = async (email: string, kind: string) => (await outboxFor(t, email)).filter((m) => m.kind === kind);
  const giftAid = {
    title: 'Dr',
    first_name: 'Ani',
    last_name: 'Petrosyan',
    house: '12',
    postcode: 'n1 1aa',
    non_uk: false,
    past_and_future: true,
    confirmed: true,
  };
  const intentKeys = async (giftId: string) =>
    (
      await t.db.db
        .selectFrom('test_payment_intents')
        .select(['idempotency_key', 'status'])
        .where('idempotency_key', 'like', `monthly-gift-${giftId}-%`)
        .orderBy('created_at')
        .execute()
    ).map((i) => `${i.idempotency_key.slice(`monthly-gift-${giftId}-`.length)} ${i.status}`);

  /** The donate page's monthly choice: details, the setup flow saving `card`, then the first month. */
  async function give(
    options: { email?: string; card?: string; amount?: number; gift_aid?: boolean; authorization?: string; language?: string } = {},
  ) {
    at(STARTED);
    const email = options.email ?? `donor-${randomBytes(4).toString('hex')}@example.org`;
    const started = await post(
      monthlyGiftsApi.start.path,
      {
        amount: options.amount ?? 1000,
        name: 'Ani Petrosyan',
        email,
        ...(options.gift_aid === false ? {} : { gift_aid: giftAid }),
        ...(options.language ? { language: options.language } : {}),
      },
      options.authorization,
    );
    expect(started.statusCode, started.body).toBe(200);
    const saved = await post(savedCardsApi.testConfirmSetup.path, {
      client_secret: started.json().client_secret,
      card_number: options.card ?? '4242424242424242',
      cvc: '123',
      exp_month: 12,
      exp_year: 2034,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const confirmed = await post(monthlyGiftsApi.confirm.path, {
      gift_id: started.json().gift_id,
      setup_intent_id: started.json().setup_intent_id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return {
      email,
      giftId: started.json().gift_id as string,
      setupIntentId: started.json().setup_intent_id as string,
      confirmed: confirmed.json(),
    };
  }

  const linkToken = (email: string, giftId: string) => giftLinkToken(t, email, giftId);

  it('charges the first month as it starts and each later month once on its day, with a receipt and a cancel link each', async () => {
    const { email, giftId, confirmed } = await give();
    expect(confirmed).toMatchObject({
      first_payment: { status: 'succeeded', message: null },
      gift: {
        gift_id: giftId,
        pence: 1000,
        status: 'active',
        gift_aid: true,
        card: { brand: 'visa', last4: '4242' },
        next_charge: '2026-12-12',
      },
    });
    expect(await mails(email, 'donation-receipt')).toHaveLength(1);
    const receipt = (await mails(email, 'donation-receipt'))[0]!;
    expect(receipt.text_body).toContain('Monthly gift: £10.00');
    expect(receipt.text_body).toContain('You added Gift Aid');
    // The job in the same month charges nothing more; before the day next month, nothing either.
    expect(await run('2026-11-30T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
    expect(await run('2026-12-11T23:00:00Z')).toEqual({ charged: 0, failed: 0 });
    expect(await run('2026-12-12T01:00:00Z')).toEqual({ charged: 1, failed: 0 });
    expect(await run('2026-12-12T02:00:00Z')).toEqual({ charged: 0, failed: 0 });
    expect(await run('2027-01-12T08:00:00Z')).toEqual({ charged: 1, failed: 0 });
    expect(await mails(email, 'donation-receipt')).toHaveLength(3);
    expect(await intentKeys(giftId)).toEqual(['2026-11-1 succeeded', '2026-12-1 succeeded', '2027-01-1 succeeded']);
    const donations = await t.db.db
      .selectFrom('donations')
      .select(['status', 'amount_pence'])
      .where('monthly_gift_id', '=', giftId)
      .execute();
    expect(donations).toEqual(Array(3).fill({ status: 'completed', amount_pence: 1000 }));
  });

  it('writes every month’s receipt and the cancellation in the language of the page it was started on (decision 191)', async () => {
    const { email, giftId } = await give({ language: 'hy', amount: 123456 });
    await run('2026-12-12T01:00:00Z');
    const receipts = await mails(email, 'donation-receipt');
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts) {
      expect(receipt.subject).toBe(`Շնորհակալություն Armenian Medical Association of Great Britain-ին ձեր նվիրատվության համար`);
      expect(receipt.text_body).toContain(`${siteTextHy['mail.receipt.monthly_gift']}: 1234,56\u00a0£`);
      expect(receipt.text_body).toContain(`http://localhost:8000/hy/donate/monthly/${giftId}#`);
      expect(receipt.html_body).toContain('<html lang="hy">');
    }
    expect(receipts[1]!.text_body).toContain('12 դեկտեմբերի, 2026 թ.');
    const months = await t.db.db.selectFrom('donations').select('language').where('monthly_gift_id', '=', giftId).execute();
    expect(months.map((m) => m.language)).toEqual(['hy', 'hy']);

    const cancelled = await post(monthlyGiftsApi.cancelByLink.path, { gift_id: giftId, token: await linkToken(email, giftId) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [told] = await mails(email, 'monthly-gift-cancelled');
    expect(told!.subject).toBe(siteTextHy['mail.monthly.cancelled.subject']);
    expect(told!.text_body).toContain('Հարգելի Ani Petrosyan,');
    expect(told!.text_body).toContain('1234,56\u00a0£');
    expect(told!.text_body).not.toMatch(/Dear|Nothing more|£1,234/);

    // Started on an English page, as before.
    const english = await give({ language: 'en' });
    expect((await mails(english.email, 'donation-receipt'))[0]!.text_body).toContain('Monthly gift: £10.00');
    const refused = await post(monthlyGiftsApi.start.path, { amount: 1000, name: 'A', email: 'fr-gift@example.org', language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'language' });
  });

  it('lists each month in the Gift Aid schedule under the gift’s declaration', async () => {
    const { giftId } = await give({ amount: 2500 });
    await run('2026-12-12T09:00:00Z');
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/gift_aid/export.csv?from=2026-11-01&to=2026-12-31',
      headers: { authorization: await adminNow() },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n').filter((line) => line.includes(',25.00'));
    expect(lines).toEqual([
      expect.stringMatching(/^\d+,Dr,Ani,Petrosyan,12,N1 1AA,,,12\/11\/26,25\.00$/),
      expect.stringMatching(/^\d+,Dr,Ani,Petrosyan,12,N1 1AA,,,12\/12\/26,25\.00$/),
    ]);
    const declarations = (
      await t.app.inject({ method: 'GET', url: '/api/admin/gift_aid/declarations', headers: { authorization: await adminNow() } })
    ).json();
    const ours = await t.db.db.selectFrom('donations').select('id').where('monthly_gift_id', '=', giftId).execute();
    expect(declarations.filter((d: { donation_id: string }) => ours.some((o) => o.id === d.donation_id))).toHaveLength(2);
  });

  it('charges a month once when two servers run the jobs at the same moment', async () => {
    const { email, giftId } = await give();
    const second = secondServer();
    try {
      at('2026-12-12T09:00:00Z');
      const [first, other] = await Promise.all([
        t.services.monthlyGifts.runDue(),
        second.services.monthlyGifts.runDue(),
        t.services.runScheduledJobs(),
        second.services.runScheduledJobs(),
      ]);
      expect(first.charged + other.charged).toBeLessThanOrEqual(1);
    } finally {
      await second.close();
    }
    expect(await intentKeys(giftId)).toEqual(['2026-11-1 succeeded', '2026-12-1 succeeded']);
    expect(await mails(email, 'donation-receipt')).toHaveLength(2);
  });

  it('charges once when the server dies after the provider charged: after the lease the same key answers', async () => {
    const { email, giftId } = await give();
    const provider = t.services.testPayments!;
    const real = provider.chargeOffSession.bind(provider);
    // As a kill -9 between the provider's answer and the outcome being written down.
    provider.chargeOffSession = async (charge) => {
      await real(charge);
      throw new Error('killed');
    };
    try {
      await expect(run('2026-12-12T09:00:00Z')).rejects.toThrow('killed');
    } finally {
      provider.chargeOffSession = real;
    }
    expect(await mails(email, 'donation-receipt')).toHaveLength(1);
    expect((await run('2026-12-12T09:05:00Z')).charged).toBe(0);
    expect((await run('2026-12-12T09:11:00Z')).charged).toBe(1);
    expect((await run('2026-12-12T09:30:00Z')).charged).toBe(0);
    expect(await mails(email, 'donation-receipt')).toHaveLength(2);
    expect(await intentKeys(giftId)).toEqual(['2026-11-1 succeeded', '2026-12-1 succeeded']);
  });

  it('tries a declined month again after 3 and 7 days with a mail each time, then ends the gift and tells the donor', async () => {
    const { email, giftId } = await give();
    // The card the donor saved is declined from now on (as a card cancelled by the bank).
    const gift = await t.db.db.selectFrom('monthly_gifts').select('payment_method_id').where('id', '=', giftId).executeTakeFirstOrThrow();
    await t.db.db.updateTable('test_payment_methods').set({ off_session: 'declines' }).where('id', '=', gift.payment_method_id!).execute();
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 1 });
    expect(await mails(email, 'monthly-gift-declined')).toHaveLength(1);
    expect((await mails(email, 'monthly-gift-declined'))[0]!.text_body).toContain('We will try again on 15 December 2026');
    expect(await run('2026-12-14T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
    expect(await run('2026-12-15T09:00:00Z')).toEqual({ charged: 0, failed: 1 });
    expect((await mails(email, 'monthly-gift-declined'))[1]!.text_body).toContain('19 December 2026');
    expect(await run('2026-12-19T09:00:00Z')).toEqual({ charged: 0, failed: 1 });
    expect(await mails(email, 'monthly-gift-ended')).toHaveLength(1);
    expect(await run('2027-01-12T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
    expect(await intentKeys(giftId)).toEqual([
      '2026-11-1 succeeded',
      '2026-12-1 requires_payment_method',
      '2026-12-2 requires_payment_method',
      '2026-12-3 requires_payment_method',
    ]);
    const list = (
      await t.app.inject({ method: 'GET', url: monthlyGiftsApi.adminList.path, headers: { authorization: await adminNow() } })
    ).json();
    expect(list.gifts.find((g: { gift_id: string }) => g.gift_id === giftId)).toMatchObject({
      status: 'ended',
      ended_by: 'declines',
      next_charge: null,
      failures: [{ period: '2026-12', attempts: 3, status: 'failed', message: 'Your card was declined.' }],
    });
  });

  it('does not start a gift whose first month is declined, and says why', async () => {
    const { email, confirmed } = await give({ card: '4000000000000341' });
    expect(confirmed).toMatchObject({
      first_payment: { status: 'declined', message: 'Your card was declined.' },
      gift: { status: 'ended' },
    });
    expect(await mails(email, 'donation-receipt')).toHaveLength(0);
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
  });

  it('is cancelled from the link in a receipt by the page’s button only, once; a wrong secret is not found', async () => {
    const { email, giftId } = await give();
    const token = await linkToken(email, giftId);
    // Opening the page (as a mail scanner would) shows the gift and changes nothing.
    const shown = await post(monthlyGiftsApi.byLink.path, { gift_id: giftId, token });
    expect(shown.json()).toMatchObject({ gift_id: giftId, status: 'active', next_charge: '2026-12-12' });
    for (const bad of [`${token.slice(0, -1)}x`, 'guess', token.slice(0, 10)]) {
      const refused = await post(monthlyGiftsApi.cancelByLink.path, { gift_id: giftId, token: bad });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().detail).toBe('Monthly gift not found');
    }
    expect((await post(monthlyGiftsApi.cancelByLink.path, { gift_id: giftId })).json()).toMatchObject({ field: 'token' });
    const cancelled = await post(monthlyGiftsApi.cancelByLink.path, { gift_id: giftId, token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', next_charge: null });
    const twice = await post(monthlyGiftsApi.cancelByLink.path, { gift_id: giftId, token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This monthly gift has ended already.');
    expect(await mails(email, 'monthly-gift-cancelled')).toHaveLength(1);
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
    // The secret is never in an address the server sees: the link carries it in the fragment.
    expect((await mails(email, 'donation-receipt'))[0]!.text_body).toContain(`/donate/monthly/${giftId}#`);
  });

  it('is the signed-in donor’s in My Profile, cancelled there once; another account cannot see or cancel it', async () => {
    const donor = await registeredMember(t);
    const { giftId } = await give({ authorization: donor.authorization, email: donor.form.email });
    const mine = await t.app.inject({ method: 'GET', url: monthlyGiftsApi.mine.path, headers: { authorization: donor.authorization } });
    expect(mine.json().gifts).toMatchObject([{ gift_id: giftId, status: 'active', pence: 1000 }]);
    const other = await registeredMember(t);
    expect(
      (await t.app.inject({ method: 'GET', url: monthlyGiftsApi.mine.path, headers: { authorization: other.authorization } })).json(),
    ).toEqual({
      gifts: [],
    });
    expect((await post(monthlyGiftsApi.cancelMine.path, { gift_id: giftId }, other.authorization)).statusCode).toBe(404);
    expect((await post(monthlyGiftsApi.cancelMine.path, { gift_id: giftId })).statusCode).toBe(401);
    const cancelled = await post(monthlyGiftsApi.cancelMine.path, { gift_id: giftId }, donor.authorization);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await post(monthlyGiftsApi.cancelMine.path, { gift_id: giftId }, donor.authorization)).statusCode).toBe(409);
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
  });

  /** The setup flow for a new card, from the link or as the signed-in donor, saving `card` with the test provider. */
  async function newCard(giftId: string, who: { token: string } | { authorization: string }, card = '4242424242424242'): Promise<string> {
    const setup =
      'token' in who
        ? await post(monthlyGiftsApi.cardSetupByLink.path, { gift_id: giftId, token: who.token })
        : await post(monthlyGiftsApi.cardSetupMine.path, { gift_id: giftId }, who.authorization);
    expect(setup.statusCode, setup.body).toBe(200);
    const saved = await post(savedCardsApi.testConfirmSetup.path, {
      client_secret: setup.json().client_secret,
      card_number: card,
      cvc: '123',
      exp_month: 12,
      exp_year: 2034,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return setup.json().setup_intent_id as string;
  }
  const giftRow = (giftId: string) => t.db.db.selectFrom('monthly_gifts').selectAll().where('id', '=', giftId).executeTakeFirstOrThrow();
  const declineFromNowOn = async (methodId: string) =>
    t.db.db.updateTable('test_payment_methods').set({ off_session: 'declines' }).where('id', '=', methodId).execute();

  it('takes a new card from a receipt’s link: later months are charged to it, and the old card is let go', async () => {
    const { email, giftId } = await give();
    const token = await linkToken(email, giftId);
    const before = await giftRow(giftId);
    at('2026-11-20T10:00:00Z');
    const setupIntentId = await newCard(giftId, { token }, '5555555555554444');
    const changed = await post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token, setup_intent_id: setupIntentId });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ gift: { status: 'active', card: { last4: '4444' }, next_charge: '2026-12-12' }, retried: null });
    // The same answer sent again (a double press) changes nothing more.
    const again = await post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token, setup_intent_id: setupIntentId });
    expect(again.statusCode, again.body).toBe(200);
    const after = await giftRow(giftId);
    expect(after.payment_method_id).not.toBe(before.payment_method_id);
    const old = await t.db.db.selectFrom('test_payment_methods').selectAll().where('id', '=', before.payment_method_id!).executeTakeFirst();
    expect(old?.customer_id ?? null).toBeNull();
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 1, failed: 0 });
    const december = await t.db.db
      .selectFrom('test_payment_intents')
      .select('payment_method_id')
      .where('idempotency_key', 'like', `monthly-gift-${giftId}-2026-12-%`)
      .execute();
    expect(december.map((i) => i.payment_method_id)).toEqual([after.payment_method_id]);
    const audit = await t.db.db.selectFrom('audit_log').select('summary').where('subject_id', '=', giftId).execute();
    expect(audit.filter((a) => a.summary.includes('changed its card'))).toHaveLength(1);
    // The donor is told once, with the way back should it not have been them.
    const told = await mails(email, 'monthly-gift-card-changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('The card for your monthly gift has been changed');
    expect(told[0]!.text_body).toContain('will now be taken from your Mastercard card ending 4444');
    expect(told[0]!.text_body).toContain('If you did not make this change');
    expect(told[0]!.text_body).toContain(`/donate/monthly/${giftId}#${token}`);
  });

  it('tries a declined month on the new card at once; the signed-in donor changes it in My Profile', async () => {
    const donor = await registeredMember(t);
    const { email, giftId } = await give({ authorization: donor.authorization, email: donor.form.email });
    await declineFromNowOn((await giftRow(giftId)).payment_method_id!);
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 1 });
    expect(await mails(email, 'monthly-gift-declined')).toHaveLength(1);
    at('2026-12-13T10:00:00Z');
    // Signed in again a month on: the session from November has expired.
    const session = `Bearer ${(await signIn(t, donor.form.email, donor.form.plain_pw)).json().access_token}`;
    // Another account can neither start nor finish a change of this gift's card.
    const other = await registeredMember(t);
    expect((await post(monthlyGiftsApi.cardSetupMine.path, { gift_id: giftId }, other.authorization)).statusCode).toBe(404);
    const setupIntentId = await newCard(giftId, { authorization: session });
    const stolen = await post(
      monthlyGiftsApi.changeCardMine.path,
      { gift_id: giftId, setup_intent_id: setupIntentId },
      other.authorization,
    );
    expect(stolen.statusCode).toBe(404);
    const changed = await post(monthlyGiftsApi.changeCardMine.path, { gift_id: giftId, setup_intent_id: setupIntentId }, session);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ retried: { status: 'succeeded' }, gift: { next_charge: '2027-01-12' } });
    expect(await mails(email, 'donation-receipt')).toHaveLength(2);
    expect(await mails(email, 'monthly-gift-card-changed')).toHaveLength(1);
    // The retry's day no longer charges it: December was taken once.
    expect(await run('2026-12-15T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
    expect(await intentKeys(giftId)).toEqual(['2026-11-1 succeeded', '2026-12-1 requires_payment_method', '2026-12-2 succeeded']);
  });

  it('says so when the new card is declined too, and keeps to the retries left', async () => {
    const { email, giftId } = await give();
    const token = await linkToken(email, giftId);
    await declineFromNowOn((await giftRow(giftId)).payment_method_id!);
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 1 });
    at('2026-12-13T10:00:00Z');
    const setupIntentId = await newCard(giftId, { token });
    await declineFromNowOn(
      (await t.db.db.selectFrom('test_setup_intents').select('payment_method_id').where('id', '=', setupIntentId).executeTakeFirstOrThrow())
        .payment_method_id!,
    );
    const changed = await post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token, setup_intent_id: setupIntentId });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      retried: { status: 'declined', message: 'Your card was declined.' },
      gift: { status: 'active' },
    });
    // Its third and last try comes on the second retry's day.
    expect(await run('2026-12-19T09:00:00Z')).toEqual({ charged: 0, failed: 1 });
    expect((await giftRow(giftId)).status).toBe('ended');
  });

  it('changes cards while two servers charge the declined months at the same moment: each month taken once, on a card its gift had', async () => {
    const gifts = await Promise.all([0, 1, 2, 3].map(() => give()));
    const old = new Map<string, string>();
    for (const { giftId } of gifts) {
      old.set(giftId, (await giftRow(giftId)).payment_method_id!);
      await declineFromNowOn(old.get(giftId)!);
    }
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 4 });
    at('2026-12-15T09:00:00Z');
    const tokens = await Promise.all(gifts.map(({ email, giftId }) => linkToken(email, giftId)));
    const setups = await Promise.all(gifts.map(({ giftId }, i) => newCard(giftId, { token: tokens[i]! }, '5555555555554444')));
    const second = secondServer();
    let changes: Awaited<ReturnType<typeof post>>[];
    try {
      // The retry day's run on both servers, and every donor's new card, all at once.
      [changes] = await Promise.all([
        Promise.all(
          gifts.map(({ giftId }, i) =>
            post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token: tokens[i], setup_intent_id: setups[i] }),
          ),
        ),
        t.services.monthlyGifts.runDue(),
        second.services.monthlyGifts.runDue(),
      ]);
    } finally {
      await second.close();
    }
    for (const [i, { email, giftId }] of gifts.entries()) {
      const change = changes[i]!;
      // Refused only while a month was being charged on the old card.
      expect([200, 409], change.body).toContain(change.statusCode);
      const gift = await giftRow(giftId);
      const december = await t.db.db
        .selectFrom('test_payment_intents')
        .select(['status', 'payment_method_id'])
        .where('idempotency_key', 'like', `monthly-gift-${giftId}-2026-12-%`)
        .execute();
      const taken = december.filter((intent) => intent.status === 'succeeded');
      expect(taken.length).toBeLessThanOrEqual(1);
      for (const intent of december) expect([old.get(giftId), gift.payment_method_id]).toContain(intent.payment_method_id);
      if (change.statusCode === 200) {
        // The new card is the gift's, December is taken from it once, and the donor told once.
        expect(gift.payment_method_id).not.toBe(old.get(giftId));
        expect(taken.map((intent) => intent.payment_method_id)).toEqual([gift.payment_method_id]);
        expect(await mails(email, 'monthly-gift-card-changed')).toHaveLength(1);
      } else {
        expect(gift.payment_method_id).toBe(old.get(giftId));
        expect(taken).toEqual([]);
        expect(await mails(email, 'monthly-gift-card-changed')).toHaveLength(0);
      }
      expect(await mails(email, 'donation-receipt')).toHaveLength(1 + taken.length);
    }
  });

  it('refuses a change of card for an ended gift, by a wrong secret, with another customer’s card, or while a month is being charged', async () => {
    const { email, giftId } = await give();
    const token = await linkToken(email, giftId);
    const other = await give();
    const otherToken = await linkToken(other.email, other.giftId);
    const before = await giftRow(giftId);
    // Not this gift's secret; no token at all; a setup made for another gift's customer.
    expect((await post(monthlyGiftsApi.cardSetupByLink.path, { gift_id: giftId, token: otherToken })).statusCode).toBe(404);
    expect((await post(monthlyGiftsApi.cardSetupByLink.path, { gift_id: giftId })).json()).toMatchObject({ field: 'token' });
    const foreign = await newCard(other.giftId, { token: otherToken });
    const refused = await post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token, setup_intent_id: foreign });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe('No such saved card.');
    // A setup not finished saves nothing.
    const unfinished = await post(monthlyGiftsApi.cardSetupByLink.path, { gift_id: giftId, token });
    const notSaved = await post(monthlyGiftsApi.changeCardByLink.path, {
      gift_id: giftId,
      token,
      setup_intent_id: unfinished.json().setup_intent_id,
    });
    expect(notSaved.statusCode).toBe(409);
    expect(notSaved.json().detail).toBe('The card was not saved. Please try the card step again.');
    // A month being charged this moment keeps the card it started with.
    const setupIntentId = await newCard(giftId, { token });
    await t.db.db
      .insertInto('monthly_gift_charges')
      .values({
        id: `charging-${giftId}`,
        gift_id: giftId,
        period: '2026-12',
        amount_pence: 1000,
        status: 'charging',
        attempts: 1,
        next_attempt_at: null,
        claimed_at: t.clock.now.toISOString(),
        claimed_by: 'another server',
        payment_id: null,
        donation_id: null,
        last_error: null,
        created_at: t.clock.now.toISOString(),
        updated_at: t.clock.now.toISOString(),
      })
      .execute();
    const busy = await post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token, setup_intent_id: setupIntentId });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toBe('This month’s gift is being taken from the card right now. Please try again in a few minutes.');
    await t.db.db.deleteFrom('monthly_gift_charges').where('id', '=', `charging-${giftId}`).execute();
    expect((await giftRow(giftId)).payment_method_id).toBe(before.payment_method_id);
    // Ended: no setup, no change.
    expect((await post(monthlyGiftsApi.cancelByLink.path, { gift_id: giftId, token })).statusCode).toBe(200);
    const ended = await post(monthlyGiftsApi.cardSetupByLink.path, { gift_id: giftId, token });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().detail).toBe('This monthly gift has ended already.');
    expect((await post(monthlyGiftsApi.changeCardByLink.path, { gift_id: giftId, token, setup_intent_id: setupIntentId })).statusCode).toBe(
      409,
    );
    // Bad input: a 400 naming the field, nothing changed.
    for (const [payload, field] of [
      [{ gift_id: giftId, token, setup_intent_id: '' }, 'setup_intent_id'],
      [{ gift_id: giftId, token, setup_intent_id: 'x'.repeat(201) }, 'setup_intent_id'],
      [{ gift_id: '', token }, 'gift_id'],
    ] as const) {
      const bad = await post(monthlyGiftsApi.changeCardByLink.path, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe(field);
    }
    expect((await giftRow(giftId)).payment_method_id).toBeNull();
    // Nothing refused was announced to the donor.
    expect(await mails(email, 'monthly-gift-card-changed')).toHaveLength(0);
  });

  it('is listed for the admin, who can stop it (the donor told); others are refused', async () => {
    const { email, giftId } = await give({ gift_aid: false });
    const admin = await adminNow();
    const member = await registeredMember(t);
    expect(
      (await t.app.inject({ method: 'GET', url: monthlyGiftsApi.adminList.path, headers: { authorization: member.authorization } }))
        .statusCode,
    ).toBe(403);
    expect((await post(monthlyGiftsApi.adminStop.path, { gift_id: giftId }, member.authorization)).statusCode).toBe(403);
    const list = (await t.app.inject({ method: 'GET', url: monthlyGiftsApi.adminList.path, headers: { authorization: admin } })).json();
    expect(list.gifts.find((g: { gift_id: string }) => g.gift_id === giftId)).toMatchObject({
      email,
      name: 'Ani Petrosyan',
      has_account: false,
      pence: 1000,
      status: 'active',
      gift_aid: false,
      next_charge: '2026-12-12',
      failures: [],
    });
    expect((await post(monthlyGiftsApi.adminStop.path, { gift_id: giftId }, admin)).json()).toEqual({ succeeded: true });
    expect((await post(monthlyGiftsApi.adminStop.path, { gift_id: giftId }, admin)).statusCode).toBe(409);
    expect((await post(monthlyGiftsApi.adminStop.path, { gift_id: 'nope' }, admin)).statusCode).toBe(404);
    expect((await mails(email, 'monthly-gift-cancelled'))[0]!.text_body).toContain('stopped by the');
    expect(await run('2026-12-12T09:00:00Z')).toEqual({ charged: 0, failed: 0 });
  });

  it('refuses bad input, another gift’s card and a second start with a clear 4xx, changing nothing', async () => {
    at(STARTED);
    for (const [payload, field] of [
      [{ amount: 50, name: 'A', email: 'a@example.org' }, 'amount'],
      [{ amount: 1000, name: 'A', email: 'nope' }, 'email'],
      [{ amount: 1000, name: null, email: 'a@example.org', gift_aid: giftAid }, 'gift_aid'],
    ] as const) {
      const res = await post(monthlyGiftsApi.start.path, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const first = await give();
    const second = await post(monthlyGiftsApi.start.path, { amount: 500, name: 'B', email: 'b@example.org' });
    // Someone else's saved card does not start this gift; a card not saved yet neither.
    expect(
      (await post(monthlyGiftsApi.confirm.path, { gift_id: second.json().gift_id, setup_intent_id: first.setupIntentId })).statusCode,
    ).toBe(404);
    expect(
      (await post(monthlyGiftsApi.confirm.path, { gift_id: second.json().gift_id, setup_intent_id: second.json().setup_intent_id }))
        .statusCode,
    ).toBe(409);
    expect((await post(monthlyGiftsApi.confirm.path, { gift_id: first.giftId, setup_intent_id: first.setupIntentId })).statusCode).toBe(
      409,
    );
    expect((await post(monthlyGiftsApi.confirm.path, { gift_id: 'nope', setup_intent_id: first.setupIntentId })).statusCode).toBe(404);
    expect((await post(monthlyGiftsApi.confirm.path, { gift_id: first.giftId })).json()).toMatchObject({ field: 'setup_intent_id' });
    expect(await intentKeys(first.giftId)).toEqual(['2026-11-1 succeeded']);
  });
});
