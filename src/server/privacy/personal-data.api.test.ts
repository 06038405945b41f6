import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterDocument } from '../features/newsletters/testing';
import { bounceRecorder } from '../integrations/mail/bounces';
import { bookingLinkToken, createEvent } from '../testing/events';
import { coverageProblems, liveSchema, whereFound } from '../testing/live-schema';
import { outboxFor, payWithCard, registeredMember, signIn } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';
import { holdsPersonalData, ERASED_NAME } from './personal-data';

/** Decision 099: every table of the real schema is covered by export and erasure, and erasure leaves no one behind. */
describe('personal data in every table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('declares every table and column of the real schema, and nothing that is not there', async () => {
    expect(coverageProblems(await liveSchema(t.db), t.services.personalData.coverages)).toEqual([]);
  });

  it('fails for a table a new feature adds without declaring it, and for a column that looks personal', async () => {
    await sql`create table newsletter_subscribers (id text primary key, email text not null, full_name text)`.execute(t.db.db);
    await sql`alter table event_mailings add column reply_to_address text`.execute(t.db.db);
    try {
      const problems = coverageProblems(await liveSchema(t.db), t.services.personalData.coverages);
      expect(problems).toEqual([
        expect.stringMatching(/^event_mailings\.reply_to_address: looks like a person's data/),
        expect.stringMatching(/^newsletter_subscribers: no part of the server declares this table/),
      ]);
    } finally {
      await sql`drop table newsletter_subscribers`.execute(t.db.db);
      await sql`alter table event_mailings drop column reply_to_address`.execute(t.db.db);
    }
  });
});

describe('a person who used every part of the site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const PASSWORD = 'a long enough password';
  const FIRST = 'Zabel';
  const LAST = 'Yesayanova';
  const OLD_EMAIL = 'zabel.erasable@example.org';
  const NEW_EMAIL = 'zabel.moved@example.org';
  const PHONE = '+44 7700 900321';
  const STREET = '27 Erasure Lane';
  const POSTCODE = 'EC1A 9ZZ';

  let addresses = 0;
  const nextAddress = () => `10.99.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;
  const call = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: object) =>
    t.app.inject({ method, url, payload, remoteAddress: nextAddress(), headers: authorization ? { authorization } : {} });
  const ok = async (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const admin = async () => (await t.userWithRole('admin')).authorization;
  const bookingOf = (id: string) => t.db.db.selectFrom('event_bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentOf = (bookingId: string) =>
    t.db.db.selectFrom('payments').selectAll().where('reference_id', '=', bookingId).executeTakeFirstOrThrow();

  it('is exported whole, then erased from every table but what the law keeps; places pass on, certificates stay checkable', async () => {
    // ---- Joining, consent, a donation with Gift Aid ----
    let boss = await admin();
    await t.services.siteText.set('charity_number', '1234567', null);
    await ok(await call('POST', '/api/admin/settings', boss, { gift_aid_enabled: true }));
    const { authorization: joined } = await registeredMember(t, {
      first_name: FIRST,
      last_name: LAST,
      email: OLD_EMAIL,
      plain_pw: PASSWORD,
      phone_no: PHONE,
      addr_line1: STREET,
      addr_post: POSTCODE,
    });
    let member = joined;
    const userId = (await t.db.db.selectFrom('users').select('id').where('email', '=', OLD_EMAIL).executeTakeFirstOrThrow()).id;
    await ok(await call('POST', '/api/account/consent', member, { news_email: true }));
    const donation = await ok(
      await call('POST', '/api/donate_proceed', undefined, {
        amount: 2500,
        name: `${FIRST} ${LAST}`,
        email: OLD_EMAIL,
        gift_aid: {
          title: 'Dr',
          first_name: FIRST,
          last_name: LAST,
          house: '12',
          postcode: 'n1 1aa',
          non_uk: false,
          past_and_future: true,
          confirmed: true,
        },
      }),
    );
    expect((await payWithCard(t, donation.clientSecret, '4242 4242 4242 4242')).statusCode).toBe(200);
    // A monthly gift started signed in: its card saved by the setup flow, its first month taken (decision 173).
    const gift = await ok(
      await call('POST', '/api/donations/monthly', member, { amount: 1000, name: `${FIRST} ${LAST}`, email: OLD_EMAIL }),
    );
    await ok(
      await call('POST', '/api/payments/test_confirm_setup', undefined, {
        client_secret: gift.client_secret,
        card_number: '4242424242424242',
        exp_month: 12,
        exp_year: 2034,
        cvc: '123',
      }),
    );
    await ok(
      await call('POST', '/api/donations/monthly/confirm', undefined, { gift_id: gift.gift_id, setup_intent_id: gift.setup_intent_id }),
    );

    // ---- Events: one past (attended), one paid, one free with a waitlist, one held mid-payment, one booked as a
    // visitor (confirmed from its e-mail), one booked as a visitor and not confirmed yet (its place held) ----
    const event = (title: string, dated: string, fields: Record<string, unknown> = {}) =>
      createEvent(t, boss, { title, dated, description: '', ...fields });
    const past = await event('Past lecture', '2026-11-22T18:00', { cpd_hours: 2 });
    const paid = await event('Paid dinner', '2026-12-20T19:00', { member_price_pence: 3000, price_pence: 3000 });
    const full = await event('Free talk', '2026-12-21T18:00', { capacity: 1 });
    const held = await event('Held seminar', '2026-12-22T18:00', { member_price_pence: 1000, price_pence: 1000 });
    const visitor = await event('Visitor evening', '2026-12-23T18:00');
    const workshop = await event('Small workshop', '2026-12-24T10:00', { capacity: 2 });
    const book = async (eventId: string, authorization?: string, payload: object = {}) =>
      ok(await call('POST', `/api/events/${eventId}/book`, authorization, payload));
    /** A visitor's free place: booked, then confirmed by the e-mail's button (decision 092). */
    const bookAsVisitor = async (eventId: string, payload: object) => {
      const booked = await book(eventId, undefined, payload);
      expect(booked.status).toBe('check_email');
      const id = booked.booking_id as string;
      return {
        booking_id: id,
        ...(await ok(await call('POST', `/api/events/bookings/${id}/confirm`, undefined, { token: await bookingLinkToken(t, id) }))),
      };
    };
    const pastBooking = await book(past, member);
    const paidBooking = await book(paid, member);
    expect((await payWithCard(t, paidBooking.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    const fullBooking = await book(full, member);
    const waiting = await bookAsVisitor(full, { name: 'Someone Waiting', email: 'waiting@example.org' });
    expect(waiting.status).toBe('waitlisted');
    const heldBooking = await book(held, member);
    expect(heldBooking.status).toBe('payment_required');
    const visitorBooking = await bookAsVisitor(visitor, { name: `${FIRST} ${LAST}`, email: OLD_EMAIL.toUpperCase() });
    expect(visitorBooking.status).toBe('confirmed');
    const unconfirmed = await book(workshop, undefined, { name: `${FIRST} ${LAST}`, email: OLD_EMAIL });
    expect(unconfirmed.status).toBe('check_email');
    expect((await ok(await call('GET', `/api/events/${workshop}`))).places_left).toBe(1);
    await ok(
      await call('POST', `/api/admin/events/${paid}/mail`, boss, {
        request_id: randomUUID(),
        subject: 'Dinner seating plan',
        body: 'Please arrive by seven.',
      }),
    );
    // The past booking's link, from its confirmation, for later.
    const link = /\/events\/bookings\/([0-9a-f-]{36})#([A-Za-z0-9_-]+)/.exec(
      (await outboxFor(t, OLD_EMAIL)).find((m) => m.subject === 'Booking confirmed: Past lecture')!.text_body,
    )!;

    // ---- A new address (the old one stays theirs in the records), a reset asked for, a wrong password ----
    await ok(await call('POST', '/api/account/email', member, { new_email: NEW_EMAIL, password: PASSWORD }));
    const token = /\/account\/confirm-email\/([A-Za-z0-9_-]+)/.exec((await outboxFor(t, NEW_EMAIL)).at(-1)!.text_body)![1]!;
    await ok(await call('POST', '/api/account/email_confirm', undefined, { token }));
    await ok(await call('POST', '/api/pw_forgot', undefined, { email: NEW_EMAIL }));
    await t.services.background.idle();
    expect((await signIn(t, NEW_EMAIL, 'not the password')).statusCode).toBe(401);
    await ok(
      await call('POST', '/api/admin/record_renewal', boss, { user_id: userId, tier_index: 0, amount: 5000, note: 'Cheque 000777' }),
    );

    // ---- Newsletters: a choice in My Profile, a newsletter kept for them, one click to leave, a bounce ----
    const news = (await ok(await call('GET', '/api/admin/newsletters/lists', boss)))[0]._id as string;
    await ok(await call('POST', '/api/account/subscriptions', member, { choices: { 'booking-reminders': false } }));
    const letter = await ok(
      await call('POST', '/api/admin/newsletters', boss, {
        subject: 'November letter',
        content: newsletterDocument(),
        list: news,
        audience: { kind: 'all_members' },
      }),
    );
    await ok(await call('POST', `/api/admin/newsletters/${letter._id}/send`, boss, {}));
    await t.services.background.idle();
    const copy = (await outboxFor(t, NEW_EMAIL)).find((m) => m.subject === 'November letter')!;
    const unsubscribe = /\/preferences\/([A-Za-z0-9_-]+)/.exec(copy.text_body)![1]!;
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${unsubscribe}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    // The receiving server's refusal, recorded as the delivery loop records it (over SMTP: newsletter-delivery.api.test.ts).
    await bounceRecorder(t.db.db).refused(
      NEW_EMAIL,
      'permanent',
      `550 5.1.1 <${NEW_EMAIL}>: mailbox unavailable`,
      t.clock.now.toISOString(),
    );

    // ---- The day after the past lecture: attendance, and its certificate ----
    t.clock.now = new Date('2026-11-23T10:00:00Z');
    boss = await admin();
    member = `Bearer ${(await signIn(t, NEW_EMAIL, PASSWORD)).json().access_token}`;
    const marked = await ok(
      await call('POST', `/api/admin/events/bookings/${pastBooking.booking_id}/attendance`, boss, { attended: true }),
    );
    const certificate = marked.certificate_number as string;
    expect(certificate).toMatch(/^CPD-2026-/);

    // ---- Everything held about them is in the export ----
    // Full-text indexes too (SQLite's users_search): erasure must leave nothing in them either.
    const schema = await liveSchema(t.db, { indexes: true });
    const markers = [OLD_EMAIL, NEW_EMAIL, FIRST, LAST, PHONE, STREET, POSTCODE, userId];
    const before = await whereFound(t.db, schema, markers);
    const exported = await call('GET', '/api/account/export', member);
    expect(exported.statusCode).toBe(200);
    const document = exported.json<Record<string, unknown>>();
    const sections: string[] = [];
    for (const coverage of t.services.personalData.coverages)
      for (const [table, declared] of Object.entries(coverage.tables)) {
        if (!before.has(table)) continue;
        expect(holdsPersonalData(declared), `${table} holds the person but is declared to hold no one`).toBe(true);
        if (holdsPersonalData(declared) && typeof declared.export === 'string') sections.push(declared.export);
      }
    for (const section of sections) expect(document[section], `the export's ${section}`).not.toEqual([]);
    for (const section of sections) expect(document, section).toHaveProperty(section);
    expect(document).toMatchObject({
      account: { email: NEW_EMAIL, first_name: FIRST, phone_no: PHONE, addr_line1: STREET },
      event_bookings: expect.arrayContaining([
        expect.objectContaining({ event: expect.objectContaining({ title: 'Past lecture' }), certificate_number: certificate }),
        expect.objectContaining({ event: expect.objectContaining({ title: 'Paid dinner' }), status: 'confirmed', price_pence: 3000 }),
        expect.objectContaining({ event: expect.objectContaining({ title: 'Held seminar' }), status: 'held' }),
        expect.objectContaining({ event: expect.objectContaining({ title: 'Visitor evening' }), email: OLD_EMAIL.toUpperCase() }),
      ]),
      cpd_certificates: [
        { number: certificate, event: expect.objectContaining({ title: 'Past lecture' }), cpd_minutes: 120, stands: true },
      ],
      emails_sent: expect.arrayContaining([
        expect.objectContaining({ subject: 'Dinner seating plan', kind: 'event-message' }),
        expect.objectContaining({ to_address: NEW_EMAIL, kind: 'password-reset' }),
      ]),
      payments: expect.arrayContaining([expect.objectContaining({ kind: 'donation', amount: 2500 })]),
      gift_aid_declarations: [expect.objectContaining({ first_name: FIRST, last_name: LAST })],
      monthly_gifts: [
        expect.objectContaining({
          amount: 1000,
          status: 'active',
          card: 'visa ending 4242',
          months: [expect.objectContaining({ status: 'succeeded' })],
        }),
      ],
      email_changes: [expect.objectContaining({ new_email: NEW_EMAIL })],
      email_choices: expect.arrayContaining([
        expect.objectContaining({ topic: 'booking-reminders', subscribed: 0, source: 'profile' }),
        expect.objectContaining({ topic: `list:${news}`, subscribed: 0, source: 'one-click' }),
      ]),
      consent_history: expect.arrayContaining([expect.objectContaining({ about: `list:${news}`, source: 'one-click' })]),
      newsletters_received: [expect.objectContaining({ subject: 'November letter', email: NEW_EMAIL, status: 'queued' })],
      mail_suppression: [expect.objectContaining({ email: NEW_EMAIL, reason: expect.stringContaining('5xx') })],
    });
    expect((document.event_bookings as unknown[]).length).toBe(6);
    expect(JSON.stringify(document)).not.toMatch(/password_hash|scrypt\$/);

    // ---- Erasure ----
    expect((await call('POST', '/api/account/delete', member, { password: PASSWORD })).statusCode).toBe(200);
    await t.services.mailer.idle();

    // Nothing names them any more, except what the law keeps (the Gift Aid declaration).
    const after = await whereFound(t.db, schema, markers);
    const left: string[] = [];
    for (const [table, columns] of after) {
      const declared = t.services.personalData.coverages.find((c) => table in c.tables)!.tables[table]!;
      const kept = 'kept' in declared ? Object.keys(declared.kept ?? {}) : [];
      for (const column of columns) if (!kept.includes(column)) left.push(`${table}.${column}`);
    }
    expect(left).toEqual([]);
    expect([...after.keys()]).toEqual(['gift_aid_declarations']);
    for (const email of [OLD_EMAIL, NEW_EMAIL]) expect((await signIn(t, email, PASSWORD)).statusCode).toBe(401);

    // Places to come were given up and passed on; a paid one refunded as a cancellation would be.
    expect(await bookingOf(paidBooking.booking_id)).toMatchObject({ status: 'cancelled', refunded_pence: 3000, refund_due_pence: 0 });
    expect(await paymentOf(paidBooking.booking_id)).toMatchObject({ status: 'refunded', email: 'erased', user_id: null });
    expect(await bookingOf(fullBooking.booking_id)).toMatchObject({ status: 'cancelled', name: ERASED_NAME });
    expect(await bookingOf(waiting.booking_id)).toMatchObject({ status: 'offered' });
    expect((await outboxFor(t, 'waiting@example.org')).map((m) => m.kind)).toEqual([
      'booking-unconfirmed',
      'booking-waitlisted',
      'booking-offer',
    ]);
    expect(await bookingOf(heldBooking.booking_id)).toMatchObject({ status: 'cancelled' });
    expect(await paymentOf(heldBooking.booking_id)).toMatchObject({ status: 'canceled' });
    expect(await bookingOf(visitorBooking.booking_id)).toMatchObject({ status: 'cancelled', email: 'erased' });
    // The place an unconfirmed booking held is free again.
    expect(await bookingOf(unconfirmed.booking_id)).toMatchObject({ status: 'cancelled', place_held: 0, email: 'erased' });
    expect((await ok(await call('GET', `/api/events/${workshop}`))).places_left).toBe(2);
    expect((await ok(await call('GET', `/api/events/${paid}`))).places_left).toBeNull();

    // The past lecture keeps an anonymous attendance whose certificate can still be checked.
    expect(await bookingOf(pastBooking.booking_id)).toMatchObject({
      status: 'confirmed',
      name: ERASED_NAME,
      email: 'erased',
      user_id: null,
      certificate_number: certificate,
    });
    const check = await ok(await call('GET', `/api/admin/certificates/${certificate}`, boss));
    expect(check).toMatchObject({ certificate_number: certificate, name: ERASED_NAME, attended_at: expect.any(String) });
    // Its link, still in an old mailbox, shows nothing; no certificate can be made out to nobody.
    const [, bookingId, secret] = link;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/events/bookings/${bookingId}`, headers: { 'x-booking-token': secret } })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/events/bookings/${bookingId}/certificate.pdf`,
          headers: { 'x-booking-token': secret },
        })
      ).statusCode,
    ).toBe(404);
    const remark = await call('POST', `/api/admin/events/bookings/${visitorBooking.booking_id}/attendance`, boss, { attended: true });
    expect(remark.statusCode).toBe(409);
    // An admin's message to the past lecture's attendees has nobody to go to.
    expect(
      (await call('POST', `/api/admin/events/${past}/mail`, boss, { request_id: randomUUID(), subject: 'Slides', body: 'Here.' }))
        .statusCode,
    ).toBe(409);
  });
});
