import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTextHy } from '../../../shared/domain/site-text-hy';
import { fillText } from '../../../shared/domain/site-text-languages';
import { formatLongDate } from '../../../shared/domain/dates';
import { addYears } from '../../../shared/domain/membership';
import { outboxFor, payWithCard, proceed, registeredMember, registrationForm, signIn } from '../../testing/membership';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Decision 150: a member chooses a language at joining and in My Profile; their mail is written in it.

const DAY = 24 * 60 * 60 * 1000;

describe('a member’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const changeLanguage = (language: string, authorization: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/language', headers: { authorization }, payload: { language } });
  const languageOf = async (email: string) =>
    (await t.db.db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirstOrThrow()).language;

  it('welcomes a member who chose Armenian in Armenian: words, dates, money and the link to the Armenian sign-in page', async () => {
    const form = registrationForm({ language: 'hy' });
    const started = (await proceed(t, form)).json<{ client_secret: string }>();
    expect((await payWithCard(t, started.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    expect(await languageOf(form.email)).toBe('hy');
    const [welcome] = await outboxFor(t, form.email);
    expect(welcome).toMatchObject({ kind: 'welcome', subject: 'Բարի գալուստ Armenian Medical Association of Great Britain' });
    const text = welcome!.text_body;
    expect(text).toContain('Հարգելի Ani,');
    expect(text).toContain(`${siteTextHy['mail.receipt.membership']}: ${siteTextHy['tier.0.name']}`);
    expect(text).toContain(`${siteTextHy['mail.receipt.amount_paid']}: 50,00\u00a0£`);
    expect(text).toMatch(/Անդամակցությունը՝ մինչև: \d+ [\u0531-\u0587]+ի, \d{4} թ\./);
    expect(text).toContain('http://localhost:8000/hy/signIn');
    expect(text).toContain(siteTextHy['mail.closing']);
    expect(welcome!.html_body).toContain('<html lang="hy">');
    // Nothing of the English mail is left in it.
    for (const english of ['Dear ', 'Welcome to', 'Amount paid', 'Receipt number', 'With best wishes', '£50.00'])
      expect(text).not.toContain(english);
  });

  it('welcomes in English a member who chose English, as before, and takes English when none is chosen through the API', async () => {
    for (const language of ['en', undefined]) {
      const form = registrationForm(language ? { language } : {});
      const started = (await proceed(t, form)).json<{ client_secret: string }>();
      await payWithCard(t, started.client_secret, '4242 4242 4242 4242');
      expect(await languageOf(form.email)).toBe('en');
      const [welcome] = await outboxFor(t, form.email);
      expect(welcome!.subject).toBe('Welcome to the Armenian Medical Association of Great Britain');
      expect(welcome!.text_body).toContain('Dear Ani,');
      expect(welcome!.text_body).toContain('Amount paid: £50.00');
      expect(welcome!.text_body).toContain('http://localhost:8000/signIn');
      expect(welcome!.text_body).not.toContain('/hy/');
      expect(welcome!.html_body).toContain('<html lang="en-GB">');
    }
  });

  it('refuses a language the site does not have, naming the field, and records nothing', async () => {
    const form = registrationForm({ language: 'fr' });
    const res = await proceed(t, form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'language' });
    expect(await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).execute()).toEqual([]);
  });

  it('lets the member change it in My Profile, and mails the password reset in it', async () => {
    const { form, authorization } = await registeredMember(t);
    const info = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/member_info', headers: { authorization } })).json<{ language: string }>();
    expect((await info()).language).toBe('en');
    const change = (language: unknown, auth = authorization) =>
      t.app.inject({ method: 'POST', url: '/api/account/language', headers: { authorization: auth }, payload: { language } });
    expect((await change('hy')).json()).toEqual({ succeeded: true });
    expect((await info()).language).toBe('hy');
    const bad = await change('de');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'language' });
    expect((await change('hy', '')).statusCode).toBe(401);
    expect((await info()).language).toBe('hy');

    await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email: form.email }, remoteAddress: '10.88.0.1' });
    await t.services.background.idle();
    const reset = (await outboxFor(t, form.email)).find((mail) => mail.kind === 'password-reset')!;
    expect(reset.subject).toBe(siteTextHy['mail.reset.subject']);
    expect(reset.text_body).toContain(siteTextHy['mail.reset.action']);
    expect(reset.text_body).toMatch(/http:\/\/localhost:8000\/hy\/signIn\/pwReset\/[\w-]+/);
    expect(reset.text_body).not.toContain('Dear ');

    // Back to English: the next link comes in English, to the English page.
    await change('en');
    await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email: form.email }, remoteAddress: '10.88.0.2' });
    await t.services.background.idle();
    const again = (await outboxFor(t, form.email)).filter((mail) => mail.kind === 'password-reset').at(-1)!;
    expect(again.subject).toBe('Reset your password');
    expect(again.text_body).toMatch(/http:\/\/localhost:8000\/signIn\/pwReset\/[\w-]+/);
    expect((await signIn(t, form.email, form.plain_pw)).statusCode).toBe(200);
  });

  it('writes a donation’s receipt in the language of the page it was made on', async () => {
    const donate = (payload: object, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/donate_proceed', payload, remoteAddress });
    const armenian = (await donate({ amount: 123456, name: 'Ani', email: 'hy-giver@example.org', language: 'hy' }, '10.89.0.1')).json<{
      clientSecret: string;
    }>();
    await payWithCard(t, armenian.clientSecret, '4242 4242 4242 4242');
    const [receipt] = await outboxFor(t, 'hy-giver@example.org');
    expect(receipt!.subject).toBe(`Շնորհակալություն Armenian Medical Association of Great Britain-ին ձեր նվիրատվության համար`);
    expect(receipt!.text_body).toContain('Հարգելի Ani,');
    expect(receipt!.text_body).toContain(`${siteTextHy['mail.receipt.donation']}: 1234,56\u00a0£`);
    expect(receipt!.text_body).toMatch(/Ամսաթիվ: \d+ [\u0531-\u0587]+ի, \d{4} թ\./);
    expect(receipt!.html_body).toContain('<html lang="hy">');

    const english = (await donate({ amount: 2500, name: null, email: 'en-giver@example.org' }, '10.89.0.2')).json<{
      clientSecret: string;
    }>();
    await payWithCard(t, english.clientSecret, '4242 4242 4242 4242');
    const [plain] = await outboxFor(t, 'en-giver@example.org');
    expect(plain!.subject).toBe('Thank you for your donation to the Armenian Medical Association of Great Britain');
    expect(plain!.text_body).toContain('Dear friend,');
    expect(plain!.text_body).toContain('Donation: £25.00');

    const refused = await donate({ amount: 2500, name: 'X', email: 'x@example.org', language: 'ru' }, '10.89.0.3');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'language' });
  });
  it('writes the renewal reminders in the member’s language, and the next one in the language they switch to (decision 191)', async () => {
    const { form, authorization } = await registeredMember(t, { language: 'hy' });
    const id = (await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow()).id;
    // The membership ends in 30 days.
    const expiry = new Date(t.clock.now.getTime() + 30 * DAY).toISOString().slice(0, 10);
    await t.db.db
      .updateTable('users')
      .set({ last_renewed_date: addYears(expiry, -1) })
      .where('id', '=', id)
      .execute();
    await t.services.runScheduledJobs();
    const [thirty] = (await outboxFor(t, form.email)).filter((m) => m.kind === 'reminder-30-days');
    expect(thirty!.subject).toBe(fillText(siteTextHy['mail.reminder.subject'], { date: formatLongDate(expiry, 'hy') }));
    expect(thirty!.text_body).toContain(`${formatLongDate(expiry, 'hy')}՝ 30 օրից`);
    expect(thirty!.text_body).toContain(`${siteTextHy['mail.renew_action']}: http://localhost:8000/hy/renew`);
    expect(thirty!.text_body).toContain(`${siteTextHy['mail.refuse.line']}: http://localhost:8000/hy/preferences/`);
    expect(thirty!.html_body).toContain('<html lang="hy">');

    expect((await changeLanguage('en', authorization)).statusCode).toBe(200);
    const clock = t.clock.now;
    t.clock.now = new Date(clock.getTime() + 23 * DAY);
    try {
      await t.services.runScheduledJobs();
    } finally {
      t.clock.now = clock;
    }
    const [seven] = (await outboxFor(t, form.email)).filter((m) => m.kind === 'reminder-7-days');
    expect(seven!.subject).toBe(`Your membership ends on ${formatLongDate(expiry)}`);
    expect(seven!.text_body).toContain('Dear Ani,');
    expect(seven!.text_body).toContain('http://localhost:8000/renew');
    expect(seven!.text_body).not.toContain('/hy/');
  });

  it('writes the e-mail change’s link and notices in the member’s language, the admin’s change too (decision 191)', async () => {
    const { form, authorization } = await registeredMember(t, { language: 'hy' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: { authorization },
      payload: { new_email: 'hy-new@example.org', password: form.plain_pw },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [link] = await outboxFor(t, 'hy-new@example.org');
    expect(link!.subject).toBe(siteTextHy['mail.email_change.subject']);
    expect(link!.text_body).toContain('Հարգելի Ani,');
    expect(link!.text_body).toMatch(/http:\/\/localhost:8000\/hy\/account\/confirm-email\/[\w-]+/);
    expect(JSON.parse(link!.on_expiry!)).toMatchObject({ subject: siteTextHy['mail.email_change.expired_subject'] });
    const notice = (await outboxFor(t, form.email)).find((m) => m.kind === 'email-change-notice')!;
    expect(notice.subject).toBe(siteTextHy['mail.email_change.notice_subject']);
    expect(notice.text_body).toContain('hy-new@example.org');

    const admin = (await t.userWithRole('admin')).authorization;
    const id = (await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow()).id;
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${id}/email`,
      headers: { authorization: admin },
      payload: { email: 'hy-by-admin@example.org' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [told] = await outboxFor(t, 'hy-by-admin@example.org');
    expect(told!.subject).toBe(siteTextHy['mail.email_changed.subject']);
    expect(told!.text_body).toContain(`${form.email}-ից փոխել է hy-by-admin@example.org-ի`);
    expect(told!.text_body).toContain(siteTextHy['mail.email_changed.new']);
  });

  it('writes a renewal’s receipt in the member’s language', async () => {
    const { form, authorization } = await registeredMember(t, { language: 'hy', tier_index: 2, grad_year: 2030 });
    const id = (await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow()).id;
    // Within the last 30 days, when a free tier may renew.
    const expiry = new Date(t.clock.now.getTime() + 10 * DAY).toISOString().slice(0, 10);
    await t.db.db
      .updateTable('users')
      .set({ last_renewed_date: addYears(expiry, -1) })
      .where('id', '=', id)
      .execute();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/renew_proceed',
      headers: { authorization },
      payload: { tier_index: 2 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/renew_confirm_simple',
      headers: { authorization },
      payload: started.json(),
    });
    expect(done.statusCode, done.body).toBe(200);
    const [receipt] = (await outboxFor(t, form.email)).filter((m) => m.kind === 'renewal-receipt');
    expect(receipt!.subject).toBe(siteTextHy['mail.renewal.subject']);
    expect(receipt!.text_body).toContain(`${siteTextHy['mail.receipt.membership']}: ${siteTextHy['tier.2.name']}`);
    expect(receipt!.text_body).toContain(`${siteTextHy['mail.receipt.price']}: ${siteTextHy['tier.free']}`);
    expect(receipt!.text_body).toContain(`${siteTextHy['mail.profile_action']}: http://localhost:8000/hy/profile`);
    expect(receipt!.html_body).toContain('<html lang="hy">');
  });
});
