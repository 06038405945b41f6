import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRenewalApi } from '../../shared/api/auto-renewal';
import { paymentsApi } from '../../shared/api/payments';
import { DEBIT_MESSAGES, DEBIT_NOT_AUTHORISED } from '../../shared/domain/direct-debit';
import type { TestProvider } from '../integrations/payments/test-provider';
import { outboxFor, proceed, registrationForm, signIn } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';
import { siteTextHy } from '../../shared/domain/site-text-hy';

/**
 * Bacs Direct Debit with the test provider (decision 175), the clock moved: a joining processes
 * for three working days, then succeeds (fulfilled once) or fails (payer and admins told, nothing
 * fulfilled); events repeated and out of order apply once; a cancelled mandate turns automatic
 * renewal off; bad bank details change nothing.
 */
describe('Bacs Direct Debit', () => {
  let t: TestApp;
  let admin: { email: string };
  // Saturday 21 November 2026: three working days later is Wednesday 25 November.
  const JOINED = '2026-11-21T12:00:00Z';
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin');
  });
  afterAll(() => t.close());

  const at = (iso: string) => (t.clock.now = new Date(iso));
  const test = () => t.services.payments.provider as TestProvider;
  const mails = async (email: string, kind: string) => (await outboxFor(t, email)).filter((m) => m.kind === kind);
  const paymentOf = (email: string) =>
    t.db.db.selectFrom('payments').selectAll().where('email', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const account = (email: string) => t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  /** The payment as the admin's payments list shows it (to an admin signed in at the tests' moment). */
  const listed = async (email: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/payments?q=${encodeURIComponent(email)}`,
        headers: { authorization: (await t.userWithRole('admin')).authorization },
      })
    ).json().items[0];
  const debit = (clientSecret: string, overrides: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: paymentsApi.testConfirm.path,
      payload: {
        client_secret: clientSecret,
        method: 'bacs_debit',
        sort_code: '10-88-00',
        account_number: '00012345',
        account_holder_name: 'Ani Sargsyan',
        mandate_accepted: true,
        ...overrides,
      },
    });

  /** Starts a joining on the Saturday and confirms its Direct Debit from `accountNumber`. */
  async function joinByDebit(accountNumber: string, extra: Record<string, unknown> = {}) {
    at(JOINED);
    const form = registrationForm(extra);
    const started = await proceed(t, form);
    expect(started.statusCode, started.body).toBe(200);
    const secret = started.json().client_secret as string;
    const confirmed = await debit(secret, { account_number: accountNumber });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'processing' });
    return { form, secret };
  }

  it('joins by Direct Debit: processing for three working days, then the member exists, welcomed once', async () => {
    const { form, secret } = await joinByDebit('00012345');
    const processing = await paymentOf(form.email);
    expect(processing).toMatchObject({ status: 'pending', processing_since: JOINED.replace('Z', '.000Z'), failed_at: null });
    expect(await listed(form.email)).toMatchObject({ status: 'pending', direct_debit: 'processing', failure_message: null });
    // No account while the money is on its way (decision 175): the member cannot sign in yet.
    expect(await account(form.email)).toBeUndefined();
    expect((await signIn(t, form.email, form.plain_pw)).statusCode).toBe(401);
    // The browser's check after the step says processing, and changes nothing.
    const settled = await t.app.inject({ method: 'POST', url: paymentsApi.settle.path, payload: { client_secret: secret } });
    expect(settled.json()).toEqual({ status: 'processing' });

    // Tuesday: two working days, still processing; a repeated step is answered as it stands.
    at('2026-11-24T12:00:00Z');
    await t.services.runScheduledJobs();
    expect(await account(form.email)).toBeUndefined();
    expect((await debit(secret)).json()).toEqual({ status: 'processing' });

    // A week and more later the pending registration is still kept (a new mandate can take longer).
    at('2026-11-25T11:59:00Z');
    await t.services.runScheduledJobs();
    expect(await account(form.email)).toBeUndefined();
    at('2026-11-25T12:00:00Z');
    await Promise.all([t.services.runScheduledJobs(), t.services.runScheduledJobs()]);
    await t.services.runScheduledJobs();
    const member = await account(form.email);
    // The year is placed at fulfilment: from the day the money arrived.
    expect(member).toMatchObject({ registered_date: '2026-11-25', last_renewed_date: '2026-11-25' });
    const paid = await paymentOf(form.email);
    expect(paid).toMatchObject({ status: 'succeeded', processing_since: null, period_start: '2026-11-25', period_end: '2027-11-25' });
    expect(paid.receipt_number).toMatch(/^R-2026-/);
    expect(await listed(form.email)).toMatchObject({ status: 'succeeded', direct_debit: null });
    expect(await mails(form.email, 'welcome')).toHaveLength(1);
    expect((await signIn(t, form.email, form.plain_pw)).statusCode).toBe(200);
  });

  it('keeps a processing joining past the week after which unpaid registrations are dropped', async () => {
    const { form } = await joinByDebit('00012345');
    const payment = await paymentOf(form.email);
    // Its three working days have not passed by this clock (the debit settles later than the pruning).
    await t.db.db
      .updateTable('test_payment_intents')
      .set({ settles_at: '2026-12-09T12:00:00.000Z' })
      .where('id', '=', payment.provider_ref!)
      .execute();
    at('2026-12-01T12:00:00Z');
    await t.services.runScheduledJobs();
    expect(
      await t.db.db.selectFrom('pending_registrations').select('id').where('id', '=', payment.reference_id!).executeTakeFirst(),
    ).toBeDefined();
    at('2026-12-09T12:00:00Z');
    await t.services.runScheduledJobs();
    expect(await account(form.email)).toMatchObject({ registered_date: '2026-12-09' });
  });

  it('fails after processing: the payer and the admins are told once, nothing is fulfilled', async () => {
    const { form } = await joinByDebit('33333335');
    at('2026-11-25T12:00:00Z');
    await Promise.all([t.services.runScheduledJobs(), t.services.runScheduledJobs()]);
    at('2026-11-26T12:00:00Z');
    await t.services.runScheduledJobs();
    expect(await account(form.email)).toBeUndefined();
    const failed = await paymentOf(form.email);
    expect(failed).toMatchObject({
      status: 'pending',
      processing_since: null,
      failed_at: '2026-11-25T12:00:00.000Z',
      failure_message: DEBIT_NOT_AUTHORISED,
      period_start: null,
      receipt_number: null,
    });
    expect(await listed(form.email)).toMatchObject({ status: 'pending', direct_debit: 'failed', failure_message: DEBIT_NOT_AUTHORISED });
    const told = await mails(form.email, 'direct-debit-failed');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Your Direct Debit payment did not go through');
    expect(told[0]!.text_body).toContain('Your membership has not started');
    expect(await mails(form.email, 'welcome')).toHaveLength(0);
    const toAdmin = (await mails(admin.email, 'direct-debit-failed-admin')).filter((m) => m.subject.includes(form.email));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.text_body).toContain(DEBIT_NOT_AUTHORISED);
  });

  it('tells a failure in each reader’s language: the payer in the one chosen at joining, each admin in theirs (decision 191)', async () => {
    const hyAdmin = await t.userWithRole('admin', 'admin-hy-debit@example.org');
    await t.db.db.updateTable('users').set({ language: 'hy' }).where('email', '=', hyAdmin.email).execute();
    const { form } = await joinByDebit('33333335', { language: 'hy' });
    at('2026-11-25T12:00:00Z');
    await t.services.runScheduledJobs();
    const [told] = await mails(form.email, 'direct-debit-failed');
    expect(told!.subject).toBe(siteTextHy['mail.debit_failed.subject']);
    expect(told!.text_body).toContain('Հարգելի Ani,');
    expect(told!.text_body).toContain('50,00\u00a0£');
    expect(told!.text_body).toContain(`${siteTextHy['mail.debit_failed.join_again']}: http://localhost:8000/hy/register`);
    expect(told!.html_body).toContain('<html lang="hy">');
    const [armenianAdmin] = (await mails(hyAdmin.email, 'direct-debit-failed-admin')).filter((m) => m.subject.includes(form.email));
    expect(armenianAdmin!.subject).toBe(`Direct Debit-ը չի կատարվել՝ ${form.email}`);
    expect(armenianAdmin!.text_body).toContain(siteTextHy['mail.hello']);
    expect(armenianAdmin!.text_body).toContain('http://localhost:8000/hy/admin/payments');
    const [englishAdmin] = (await mails(admin.email, 'direct-debit-failed-admin')).filter((m) => m.subject.includes(form.email));
    expect(englishAdmin!.subject).toBe(`A Direct Debit failed: ${form.email}`);
    expect(englishAdmin!.text_body).toContain('Hello,');
    expect(englishAdmin!.text_body).toContain('http://localhost:8000/admin/payments');
  });

  it('applies Stripe-shaped events once, repeated and in any order', async () => {
    // Success delivered before processing, three times at once, then the late processing report.
    const first = await joinByDebit('00012345');
    const ref = (await paymentOf(first.form.email)).provider_ref!;
    await t.db.db.updateTable('test_payment_intents').set({ status: 'succeeded', settles_at: null }).where('id', '=', ref).execute();
    const succeeded = { id: `evt_ok_${ref}`, type: 'payment_intent.succeeded', kind: 'succeeded', intentId: ref } as const;
    await Promise.all([1, 2, 3].map(() => t.services.paymentEvents.handle(succeeded)));
    await t.services.paymentEvents.handle({
      id: `evt_processing_${ref}`,
      type: 'payment_intent.processing',
      kind: 'processing',
      intentId: ref,
    });
    await t.services.paymentEvents.handle(succeeded);
    expect(await paymentOf(first.form.email)).toMatchObject({ status: 'succeeded', processing_since: null });
    expect(await mails(first.form.email, 'welcome')).toHaveLength(1);

    // A failure delivered before the processing report, twice, then the late report: failed it stays, told once.
    const second = await joinByDebit('33333335');
    const ref2 = (await paymentOf(second.form.email)).provider_ref!;
    await t.db.db.updateTable('test_payment_intents').set({ settles_at: null }).where('id', '=', ref2).execute();
    const failed = {
      id: `evt_failed_${ref2}`,
      type: 'payment_intent.payment_failed',
      kind: 'failed',
      intentId: ref2,
      message: DEBIT_NOT_AUTHORISED,
      directDebit: true,
    } as const;
    await Promise.all([t.services.paymentEvents.handle(failed), t.services.paymentEvents.handle(failed)]);
    await t.services.paymentEvents.handle({ ...failed, id: `evt_failed_again_${ref2}` });
    await t.services.paymentEvents.handle({
      id: `evt_processing_${ref2}`,
      type: 'payment_intent.processing',
      kind: 'processing',
      intentId: ref2,
    });
    expect(await paymentOf(second.form.email)).toMatchObject({
      status: 'pending',
      processing_since: null,
      failure_message: DEBIT_NOT_AUTHORISED,
    });
    expect(await mails(second.form.email, 'direct-debit-failed')).toHaveLength(1);
    expect(await account(second.form.email)).toBeUndefined();
    // Money that arrives after all still takes effect, once.
    await t.services.paymentEvents.handle({
      id: `evt_late_ok_${ref2}`,
      type: 'payment_intent.succeeded',
      kind: 'succeeded',
      intentId: ref2,
    });
    expect(await account(second.form.email)).toBeDefined();
  });

  it('renews automatically by Direct Debit, and a cancelled mandate turns automatic renewal off and tells the member', async () => {
    const { form } = await joinByDebit('00012345', { auto_renew: true });
    at('2026-11-25T12:00:00Z');
    await t.services.runScheduledJobs();
    const authorization = `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
    const state = await t.app.inject({ method: 'GET', url: autoRenewalApi.state.path, headers: { authorization } });
    expect(state.json()).toEqual({
      on: true,
      method: { type: 'bacs_debit', brand: 'bacs_debit', last4: '2345', exp_month: null, exp_year: null },
      next_charge: { date: '2027-11-25', pence: 5000 },
    });

    // Told 14 days ahead, collected on the expiry date: processing, the year not yet placed, not collected again.
    at('2027-11-11T09:00:00Z');
    await t.services.runScheduledJobs();
    expect((await mails(form.email, 'auto-renewal-notice'))[0]!.text_body).toContain('the Direct Debit from your bank account ending 2345');
    at('2027-11-25T09:00:00Z');
    await t.services.runScheduledJobs();
    const charge = await t.db.db
      .selectFrom('auto_renewal_charges')
      .selectAll()
      .where('period', '=', '2027-11-25')
      .executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ status: 'processing', attempts: 1 });
    at('2027-11-25T11:00:00Z');
    await t.services.runScheduledJobs();
    expect((await account(form.email))!.last_renewed_date).toBe('2026-11-25');
    expect(
      await t.db.db
        .selectFrom('test_payment_intents')
        .select('id')
        .where('idempotency_key', 'like', 'auto-renewal-%')
        .where('customer_id', 'is not', null)
        .execute(),
    ).toHaveLength(1);
    // Tuesday 30 November 2027: three working days after Thursday the 25th.
    at('2027-11-30T09:00:00Z');
    await t.services.runScheduledJobs();
    expect((await account(form.email))!.last_renewed_date).toBe('2027-11-25');
    expect(await mails(form.email, 'renewal-receipt')).toHaveLength(1);

    // The payer's bank cancels the mandate: the event, twice, turns it off once.
    const row = await t.db.db
      .selectFrom('auto_renewals')
      .selectAll()
      .where('user_id', '=', (await account(form.email))!.id)
      .executeTakeFirstOrThrow();
    const event = (await test().cancelMandate(row.payment_method_id!))!;
    expect(event).toMatchObject({ type: 'mandate.updated', kind: 'mandate-ended' });
    await Promise.all([t.services.paymentEvents.handle(event), t.services.paymentEvents.handle(event)]);
    await t.services.paymentEvents.handle({ ...event, id: 'evt_detached', type: 'payment_method.detached' });
    const again = `Bearer ${(await signIn(t, form.email, form.plain_pw)).json().access_token}`;
    const after = await t.app.inject({ method: 'GET', url: autoRenewalApi.state.path, headers: { authorization: again } });
    expect(after.json()).toMatchObject({ on: false, method: null, next_charge: null });
    expect(await t.db.db.selectFrom('auto_renewals').select('turned_off_by').where('user_id', '=', row.user_id).executeTakeFirst()).toEqual(
      {
        turned_off_by: 'mandate',
      },
    );
    const told = await mails(form.email, 'auto-renewal-mandate-ended');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Your Direct Debit was cancelled: automatic renewal is off');
  });

  it('tells a failed automatic Direct Debit as a decline, retried later', async () => {
    const { form } = await joinByDebit('33333335', { auto_renew: true });
    // The joining itself pays by another route here: the mandate is kept, its debits fail.
    const ref = (await paymentOf(form.email)).provider_ref!;
    await t.db.db.updateTable('test_payment_intents').set({ status: 'succeeded', settles_at: null }).where('id', '=', ref).execute();
    await t.services.paymentEvents.handle({ id: `evt_join_${ref}`, type: 'payment_intent.succeeded', kind: 'succeeded', intentId: ref });
    at('2027-11-11T09:00:00Z');
    await t.services.runScheduledJobs();
    at('2027-11-21T09:00:00Z');
    await t.services.runScheduledJobs();
    const userId = (await account(form.email))!.id;
    const charge = () => t.db.db.selectFrom('auto_renewal_charges').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(await charge()).toMatchObject({ status: 'processing' });
    // Sunday 21 November 2027: three working days later is Wednesday the 24th, which is also the first retry's date.
    at('2027-11-24T09:00:00Z');
    await Promise.all([t.services.runScheduledJobs(), t.services.runScheduledJobs()]);
    const declined = await mails(form.email, 'auto-renewal-declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text_body).toContain('the Direct Debit from your bank account ending 3335');
    expect(declined[0]!.text_body).toContain(DEBIT_NOT_AUTHORISED);
    // Tried again the same day (its retry date has come), once: a new attempt, processing.
    expect(await charge()).toMatchObject({ status: 'processing', attempts: 2 });
    // Monday the 29th: the second fails (told), the third is submitted; Thursday 2 December: the last fails.
    at('2027-11-29T09:00:00Z');
    await t.services.runScheduledJobs();
    expect(await mails(form.email, 'auto-renewal-declined')).toHaveLength(2);
    expect(await charge()).toMatchObject({ status: 'processing', attempts: 3 });
    at('2027-12-02T09:00:00Z');
    await t.services.runScheduledJobs();
    await t.services.runScheduledJobs();
    expect(await charge()).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await mails(form.email, 'auto-renewal-lapsed')).toHaveLength(1);
    expect(
      await t.db.db.selectFrom('auto_renewals').select(['status', 'turned_off_by']).where('user_id', '=', userId).executeTakeFirst(),
    ).toEqual({
      status: 'off',
      turned_off_by: 'declines',
    });
    expect((await account(form.email))!.last_renewed_date).toBe('2026-11-21');
  });

  it('refuses bad bank details, a missing mandate, and Direct Debit where it is not offered, changing nothing', async () => {
    at(JOINED);
    const form = registrationForm();
    const secret = (await proceed(t, form)).json().client_secret as string;
    const cases: [Record<string, unknown>, string][] = [
      [{ sort_code: undefined }, 'sort_code'],
      [{ sort_code: '10880' }, 'sort_code'],
      [{ account_number: '1234567' }, 'account_number'],
      [{ account_holder_name: '' }, 'account_holder_name'],
      [{ mandate_accepted: false }, 'mandate_accepted'],
      [{ mandate_accepted: undefined }, 'mandate_accepted'],
    ];
    for (const [overrides, field] of cases) {
      const refused = await debit(secret, overrides);
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().field).toBe(field);
    }
    expect((await debit(secret, { mandate_accepted: false })).json().detail).toContain(DEBIT_MESSAGES.mandate);
    // Real-looking details are refused as Stripe's test mode refuses them.
    const notTest = await debit(secret, { sort_code: '20-00-00', account_number: '55779911' });
    expect(notTest.statusCode).toBe(402);
    expect(notTest.json().detail).toBe(DEBIT_MESSAGES.notTest);
    expect(await paymentOf(form.email)).toMatchObject({ status: 'pending', processing_since: null, failed_at: null });

    // A donation is wanted at once: no Direct Debit.
    const donation = await t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      payload: { amount: 500, name: 'Ani', email: 'dd@example.org' },
    });
    expect(donation.statusCode, donation.body).toBe(200);
    const refused = await debit(donation.json().clientSecret);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().detail).toBe('Direct Debit is not available for this payment.');
    expect(await paymentOf('dd@example.org')).toMatchObject({ status: 'pending', processing_since: null });
  });
});
