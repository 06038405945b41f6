import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAttachments } from '../../integrations/mail/mailer';
import { outboxFor, payWithCard, registeredMember } from '../../testing/membership';
import { bookAndConfirm, bookingLinkToken, createEvent } from '../../testing/events';
import { CONFIRM_HOLD_MS } from '../../../shared/domain/event-booking';
import { VISITOR_BOOKINGS_PER_EVENT } from './bookings.service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { siteTextHy } from '../../../shared/domain/site-text-hy';

describe('booking events', () => {
  let t: TestApp;
  let admin: string;
  let addresses = 0;
  const nextAddress = () => `10.16.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  const newEvent = (fields: Record<string, unknown> = {}) =>
    createEvent(t, admin, {
      title: 'Cardiology update',
      dated: '2026-12-05T18:30',
      end_dated: '2026-12-05T21:00',
      description: 'Three talks',
      venue_name: 'Lecture Hall',
      online_url: 'https://meet.example.org/for-attendees',
      ...fields,
    });
  const book = (eventId: string, payload: object, options: { authorization?: string; ip?: string } = {}) =>
    bookAndConfirm(t, eventId, payload, { ip: options.ip ?? nextAddress(), authorization: options.authorization });
  const bookOnly = (eventId: string, payload: object, options: { authorization?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/book`,
      payload,
      remoteAddress: options.ip ?? nextAddress(),
      headers: options.authorization ? { authorization: options.authorization } : {},
    });
  const event = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/events/${id}` })).json();
  const bookings = (eventId: string) =>
    t.db.db.selectFrom('event_bookings').selectAll().where('event_id', '=', eventId).orderBy('created_at').execute();

  it('confirms a visitor’s free place from the e-mail’s link and mails the confirmation with the calendar file and the online link', async () => {
    const id = await newEvent({ capacity: 5 });
    const res = await book(id, { name: 'Gayane Petrosyan', email: 'Gayane@Example.org' });
    expect(res.statusCode, res.body).toBe(200);
    const { booking_id, status, amount_pence } = res.json();
    expect({ status, amount_pence }).toEqual({ status: 'confirmed', amount_pence: 0 });
    expect((await event(id)).places_left).toBe(4);

    const mail = (await outboxFor(t, 'Gayane@Example.org')).find((m) => m.kind === 'booking-confirmed');
    expect(mail).toMatchObject({ subject: 'Booking confirmed: Cardiology update', kind: 'booking-confirmed' });
    expect(mail!.text_body).toContain('https://meet.example.org/for-attendees');
    expect(mail!.text_body).toContain(`http://localhost:8000/events/bookings/${booking_id}#`);
    const [ics] = readAttachments(mail!.attachments);
    expect(ics).toMatchObject({ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString())).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Cardiology update');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-12-05T21:00:00.000Z');
    expect(vevent.location).toBe('Lecture Hall / https://meet.example.org/for-attendees');
  });

  it('takes one booking per e-mail per event, whatever its case, and changes nothing the second time', async () => {
    const id = await newEvent({ capacity: 5 });
    expect((await book(id, { name: 'Aram', email: 'aram@example.org' })).statusCode).toBe(200);
    const again = await book(id, { name: 'Aram again', email: ' ARAM@example.org ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/booked this event already/);
    expect((await event(id)).places_left).toBe(4);
    expect(await bookings(id)).toHaveLength(1);
    // Another event is another booking.
    expect((await book(await newEvent(), { name: 'Aram', email: 'aram@example.org' })).statusCode).toBe(200);
  });

  it('refuses bad input with the field at fault, and closed or unknown events, storing nothing', async () => {
    const id = await newEvent({ capacity: 5 });
    for (const [payload, field] of [
      [{ email: 'a@example.org' }, 'name'],
      [{ name: 'A' }, 'email'],
      [{ name: 'A', email: 'not an address' }, 'email'],
      [{ name: 'x'.repeat(101), email: 'a@example.org' }, 'name'],
      [{ name: 42, email: 'a@example.org' }, 'name'],
    ] as const) {
      const res = await book(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await book('00000000-0000-4000-8000-000000000000', { name: 'A', email: 'a@example.org' })).statusCode).toBe(404);
    expect((await book('nope', { name: 'A', email: 'a@example.org' })).statusCode).toBe(404);
    const later = await newEvent({ booking_opens: '2026-11-25T09:00' });
    const early = await book(later, { name: 'A', email: 'a@example.org' });
    expect([early.statusCode, early.json().detail]).toEqual([409, 'Booking opens on Wednesday 25 November 2026, 09:00']);
    const closed = await newEvent({ booking_closes: '2026-11-21T11:00' });
    expect((await book(closed, { name: 'A', email: 'a@example.org' })).json()).toEqual({ detail: 'Booking for this event has closed' });
    expect(await bookings(id)).toEqual([]);
  });

  it('prices by membership at booking: the member price for a current member, the other price for everyone else', async () => {
    const id = await newEvent({ member_price_pence: 1000, price_pence: 2500 });
    const member = await registeredMember(t);
    const lapsed = await t.userWithRole('member');
    const asMember = await book(id, {}, { authorization: member.authorization });
    expect(asMember.json()).toMatchObject({ status: 'payment_required', amount_pence: 1000, client_secret: expect.any(String) });
    const asLapsed = await book(id, {}, { authorization: lapsed.authorization });
    expect(asLapsed.json()).toMatchObject({ status: 'payment_required', amount_pence: 2500 });
    // A visitor typing a member's address is not signed in as them: no member price.
    const visitor = await book(await newEvent({ member_price_pence: 1000, price_pence: 2500 }), { name: 'X', email: member.form.email });
    expect(visitor.json()).toMatchObject({ amount_pence: 2500 });
    // Booked in the same instant (the test's clock stands still): in either order.
    const rows = await bookings(id);
    expect(rows.map((b) => [b.email, b.price_pence, b.status])).toEqual(
      expect.arrayContaining([
        [member.form.email, 1000, 'held'],
        [lapsed.email, 2500, 'held'],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((b) => b.email === member.form.email)!.name).toBe('Ani Sargsyan');
  });

  it('confirms a paid place when the card succeeds, through the payments core, with the receipt', async () => {
    const id = await newEvent({ member_price_pence: 1500, price_pence: 1500, capacity: 3 });
    const started = (await book(id, { name: 'Nare', email: 'nare@example.org' })).json();
    expect(started.hold_until).toBe('2026-11-21T12:30:00.000Z');
    expect((await event(id)).places_left).toBe(2);
    const declined = await payWithCard(t, started.client_secret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect((await bookings(id))[0]!.status).toBe('held');
    expect((await payWithCard(t, started.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    const [booking] = await bookings(id);
    expect(booking).toMatchObject({ status: 'confirmed', confirmed_at: '2026-11-21T12:00:00.000Z' });
    const payment = await t.db.db.selectFrom('payments').selectAll().where('id', '=', booking!.payment_id!).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ kind: 'booking', status: 'succeeded', amount_pence: 1500, reference_id: booking!.id });
    const mail = await outboxFor(t, 'nare@example.org');
    expect(mail.map((m) => m.kind)).toEqual(['booking-confirmed']);
    expect(mail[0]!.text_body).toMatch(/This e-mail is your receipt/);
    expect(mail[0]!.text_body).toContain('Price: £15.00');
    // Settling again (the webhook after the card step) changes nothing.
    const settled = await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: started.client_secret } });
    expect(settled.json()).toEqual({ status: 'succeeded' });
    expect(await outboxFor(t, 'nare@example.org')).toHaveLength(1);
  });

  it('keeps members-only events for current members', async () => {
    const id = await newEvent({ members_only: true, member_price_pence: 0 });
    const visitor = await book(id, { name: 'V', email: 'v@example.org' });
    expect([visitor.statusCode, visitor.json().detail]).toEqual([401, 'This event is for members: please sign in to book']);
    const lapsed = await t.userWithRole('member');
    const refused = await book(id, {}, { authorization: lapsed.authorization });
    expect([refused.statusCode, refused.json().detail]).toEqual([403, 'This event is for members. Renew your membership to book it.']);
    const member = await registeredMember(t);
    expect((await book(id, {}, { authorization: member.authorization })).json()).toMatchObject({ status: 'confirmed' });
    expect(await bookings(id)).toHaveLength(1);
  });

  it('gives the last 10 places to exactly 10 of 50 people booking at once, and waitlists the other 40', async () => {
    const id = await newEvent({ capacity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book(id, { name: `Person ${i}`, email: `racer-${i}@example.org` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const statuses = answers.map((a) => a.json().status as string);
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(40);
    const rows = await bookings(id);
    expect(rows.filter((b) => b.status === 'confirmed')).toHaveLength(10);
    expect(rows.filter((b) => b.status === 'waitlisted')).toHaveLength(40);
    expect(await event(id)).toMatchObject({ places_left: 0, booking_state: 'waitlist' });
    const row = await t.db.db.selectFrom('events').select('places_taken').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.places_taken).toBe(10);
    const waitMail = await outboxFor(t, rows.find((b) => b.status === 'waitlisted')!.email);
    expect(waitMail.map((m) => m.kind)).toEqual(['booking-unconfirmed', 'booking-waitlisted']);
  });

  it('holds paid places exactly too: 12 paying at once for 4 places', async () => {
    const id = await newEvent({ capacity: 4, price_pence: 900, member_price_pence: 900 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => book(id, { name: `P${i}`, email: `payer-${i}@example.org` })));
    const statuses = answers.map((a) => a.json().status as string);
    expect(statuses.filter((s) => s === 'payment_required')).toHaveLength(4);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(8);
  });

  it('limits bookings from one address, and a visitor’s bookings of one event from it', async () => {
    const events = [await newEvent(), await newEvent(), await newEvent()];
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push((await book(events[i % 3]!, { name: `L${i}`, email: `limit-${i}@example.org` }, { ip: '198.51.100.9' })).statusCode);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(answers[20]).toBe(429);

    const one = await newEvent();
    const visitors = [];
    for (let i = 0; i <= VISITOR_BOOKINGS_PER_EVENT.max; i++)
      visitors.push(await bookOnly(one, { name: `V${i}`, email: `visitor-${i}@example.org` }, { ip: '198.51.100.10' }));
    expect(visitors.slice(0, -1).map((a) => a.statusCode)).toEqual(Array(VISITOR_BOOKINGS_PER_EVENT.max).fill(200));
    expect(visitors.at(-1)!.statusCode).toBe(429);
    expect(visitors.at(-1)!.json().detail).toMatch(/Too many bookings of this event from this address/);
    // Signed in, a person books as themselves, and other events are open to the address.
    const member = await registeredMember(t);
    expect((await bookOnly(one, {}, { ip: '198.51.100.10', authorization: member.authorization })).json().status).toBe('confirmed');
    expect((await bookOnly(await newEvent(), { name: 'V', email: 'visitor-x@example.org' }, { ip: '198.51.100.10' })).statusCode).toBe(200);
  });

  it('reminds each confirmed attendee once, a day before, but not those who booked within that day', async () => {
    const id = await newEvent({ dated: '2026-11-23T18:30' });
    await book(id, { name: 'Early', email: 'early@example.org' });
    t.clock.now = new Date('2026-11-22T18:00:00Z');
    expect(await t.services.bookings.sendReminders()).toBe(0);
    t.clock.now = new Date('2026-11-22T18:31:00Z');
    await book(id, { name: 'Late', email: 'late@example.org' });
    expect(await t.services.bookings.sendReminders()).toBe(1);
    expect(await t.services.bookings.sendReminders()).toBe(0);
    expect((await outboxFor(t, 'early@example.org')).map((m) => m.subject)).toEqual([
      'Confirm your place: Cardiology update',
      'Booking confirmed: Cardiology update',
      'Tomorrow: Cardiology update',
    ]);
    expect((await outboxFor(t, 'late@example.org')).map((m) => m.kind)).toEqual(['booking-unconfirmed', 'booking-confirmed']);
  });

  describe('a visitor’s free place, confirmed from the e-mail', () => {
    const view = async (id: string) => {
      const token = await bookingLinkToken(t, id);
      return t.app.inject({ method: 'GET', url: `/api/events/bookings/${id}`, headers: { 'x-booking-token': token } });
    };
    const confirm = async (id: string, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/bookings/${id}/confirm`,
        payload: { token: token ?? (await bookingLinkToken(t, id)) },
      });

    it('holds the place for an hour; only the page’s button confirms it, and unconfirmed it goes on', async () => {
      const id = await newEvent({ capacity: 3 });
      const res = await bookOnly(id, { name: 'Ani', email: 'ani.hold@example.org' });
      expect(res.json()).toMatchObject({ status: 'check_email', amount_pence: 0, hold_until: '2026-11-21T13:00:00.000Z' });
      const bookingId = res.json().booking_id as string;
      expect((await event(id)).places_left).toBe(2);
      const [mail] = await outboxFor(t, 'ani.hold@example.org');
      expect(mail).toMatchObject({ kind: 'booking-unconfirmed', subject: 'Confirm your place: Cardiology update' });
      expect(mail!.text_body).toContain('Confirm my place');
      // Following the link (what a mail scanner does) reads the booking and changes nothing.
      const seen = await view(bookingId);
      expect(seen.json()).toMatchObject({ status: 'unconfirmed', hold_until: '2026-11-21T13:00:00.000Z', online_url: null });
      expect((await view(bookingId)).json().status).toBe('unconfirmed');
      // Someone without the link's secret cannot confirm it.
      expect((await confirm(bookingId, 'not-the-secret')).statusCode).toBe(404);

      t.clock.advance(CONFIRM_HOLD_MS + 1000);
      await t.services.bookings.expireLapsed();
      expect((await view(bookingId)).json().status).toBe('expired');
      expect((await event(id)).places_left).toBe(3);
      const late = await confirm(bookingId);
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toMatch(/lapsed/);
    });

    it('confirms once however often the button is pressed, with one confirmation', async () => {
      const id = await newEvent({ capacity: 3 });
      const bookingId = (await bookOnly(id, { name: 'Aram', email: 'aram.twice@example.org' })).json().booking_id as string;
      const token = await bookingLinkToken(t, bookingId);
      const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(bookingId, token)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
      expect(new Set(answers.map((a) => a.json().status))).toEqual(new Set(['confirmed']));
      expect((await outboxFor(t, 'aram.twice@example.org')).map((m) => m.kind)).toEqual(['booking-unconfirmed', 'booking-confirmed']);
      expect((await event(id)).places_left).toBe(2);
    });

    it('never lets an unconfirmed visitor booking under a member’s address stop the member booking', async () => {
      const member = await registeredMember(t);
      const id = await newEvent({ capacity: 2 });
      const visitor = (await bookOnly(id, { name: 'Someone', email: member.form.email })).json();
      expect(visitor.status).toBe('check_email');
      const own = await bookOnly(id, {}, { authorization: member.authorization });
      expect(own.json().status).toBe('confirmed');
      // The visitor's link now only says the address has booked; its held place goes back.
      const late = await confirm(visitor.booking_id);
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toMatch(/has booked this event already/);
      expect((await view(visitor.booking_id)).json().status).toBe('expired');
      expect((await event(id)).places_left).toBe(1);
      // And with a live booking, a visitor under that address is told so at once.
      expect((await bookOnly(id, { name: 'Again', email: member.form.email })).statusCode).toBe(409);
    });

    it('puts a visitor who books a full event on the waitlist only once they confirm', async () => {
      const id = await newEvent({ capacity: 1 });
      expect((await book(id, { name: 'First', email: 'first.full@example.org' })).json().status).toBe('confirmed');
      const late = (await bookOnly(id, { name: 'Second', email: 'second.full@example.org' })).json();
      expect(late.status).toBe('check_email');
      expect(await t.services.bookings.expireLapsed()).toBe(0);
      expect((await confirm(late.booking_id)).json().status).toBe('waitlisted');
      expect((await outboxFor(t, 'second.full@example.org')).map((m) => m.kind)).toEqual(['booking-unconfirmed', 'booking-waitlisted']);
      // An unconfirmed one that lapses held no place: the count stays right.
      const third = (await bookOnly(id, { name: 'Third', email: 'third.full@example.org' })).json();
      t.clock.advance(CONFIRM_HOLD_MS + 1000);
      expect(await t.services.bookings.expireLapsed()).toBe(1);
      expect((await view(third.booking_id)).json().status).toBe('expired');
      const row = await t.db.db.selectFrom('events').select('places_taken').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.places_taken).toBe(1);
    });

    it('counts a ticked news box as consent only once the e-mail’s link confirms the booking', async () => {
      const id = await newEvent({ capacity: 3 });
      const newsConsents = (email: string) =>
        t.db.db.selectFrom('consents').select(['news_email', 'source']).where('email_key', '=', email).execute();
      // Someone books under an address that is not theirs and ticks the box: the owner is asked nothing, and gets no news.
      const lapsed = (await bookOnly(id, { name: 'Not me', email: 'not.me@example.org', news_email: true })).json();
      const confirmed = (await bookOnly(id, { name: 'Ani', email: 'ani.news@example.org', news_email: true })).json();
      expect([lapsed.status, confirmed.status]).toEqual(['check_email', 'check_email']);
      expect(await newsConsents('ani.news@example.org')).toEqual([]);
      // Pressed twice: one consent.
      const token = await bookingLinkToken(t, confirmed.booking_id);
      await Promise.all([confirm(confirmed.booking_id, token), confirm(confirmed.booking_id, token)]);
      expect(await newsConsents('ani.news@example.org')).toEqual([{ news_email: 1, source: 'book' }]);
      t.clock.advance(CONFIRM_HOLD_MS + 1000);
      await t.services.bookings.expireLapsed();
      expect(await newsConsents('not.me@example.org')).toEqual([]);
    });

    it('lets no handful of addresses fill an event with made-up addresses: their places come back within the hour', async () => {
      const id = await newEvent({ capacity: 50 });
      const answers = [];
      for (const ip of ['198.51.100.21', '198.51.100.22', '198.51.100.23'])
        for (let i = 0; i < 20; i++)
          answers.push((await bookOnly(id, { name: `Fake ${i}`, email: `fake-${ip}-${i}@example.invalid` }, { ip })).statusCode);
      expect(answers.filter((s) => s === 200)).toHaveLength(3 * VISITOR_BOOKINGS_PER_EVENT.max);
      expect((await event(id)).places_left).toBe(50 - 3 * VISITOR_BOOKINGS_PER_EVENT.max);
      t.clock.advance(CONFIRM_HOLD_MS + 1000);
      await t.services.bookings.expireLapsed();
      expect((await event(id)).places_left).toBe(50);
    });
  });

  it('says "today" in a reminder sent on the day (the job was late), "tomorrow" the day before, by London dates', async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const evening = await newEvent({ title: 'Evening talk', dated: '2026-11-24T19:00', end_dated: '2026-11-24T21:00' });
    const early = await newEvent({ title: 'Early walk', dated: '2026-11-26T00:30', end_dated: '2026-11-26T02:00' });
    await book(evening, { name: 'Ani', email: 'day.of@example.org' });
    await book(early, { name: 'Aram', email: 'day.before@example.org' });
    // The server was down the day before: the first run is at 08:00 on the evening's own day.
    t.clock.now = new Date('2026-11-24T08:00:00Z');
    expect(await t.services.bookings.sendReminders()).toBe(1);
    // At 23:45 the walk starts 45 minutes later, on the next London day.
    t.clock.now = new Date('2026-11-25T23:45:00Z');
    expect(await t.services.bookings.sendReminders()).toBe(1);
    const [dayOf] = (await outboxFor(t, 'day.of@example.org')).filter((m) => m.kind === 'booking-reminder');
    expect(dayOf).toMatchObject({ subject: 'Today: Evening talk' });
    expect(dayOf!.text_body).toContain('A reminder that Evening talk is today.');
    const [dayBefore] = (await outboxFor(t, 'day.before@example.org')).filter((m) => m.kind === 'booking-reminder');
    expect(dayBefore).toMatchObject({ subject: 'Tomorrow: Early walk' });
    expect(dayBefore!.text_body).toContain('A reminder that Early walk is tomorrow.');
  });
  describe('mail in the attendee’s language (decision 191)', () => {
    const hy = siteTextHy;
    const armenianEvent = (fields: Record<string, unknown> = {}) =>
      newEvent({
        hy: { title: 'Սրտաբանության նորույթներ', description: 'Երեք զեկուցում', venue_name: 'Դասախոսությունների սրահ' },
        ...fields,
      });
    const mailsOf = async (email: string, kind: string) => (await outboxFor(t, email)).filter((m) => m.kind === kind);
    const inArmenian = (mail: { subject: string; text_body: string; html_body: string } | undefined) => {
      expect(mail).toBeDefined();
      expect(mail!.html_body).toContain('<html lang="hy">');
      expect(mail!.text_body).toContain(hy['mail.closing']);
      for (const english of ['Dear ', 'With best wishes', 'Booking reference', 'When:', '2026, 18:30'])
        expect(mail!.text_body).not.toContain(english);
    };

    it('writes a visitor’s booking from an Armenian page in Armenian: the event’s Armenian words, dates, money and links to the Armenian pages', async () => {
      const id = await armenianEvent({ capacity: 1 });
      const first = await bookOnly(id, { name: 'Անի', email: 'ani.hy@example.org', language: 'hy' });
      expect(first.json()).toMatchObject({ status: 'check_email' });
      const [ask] = await mailsOf('ani.hy@example.org', 'booking-unconfirmed');
      inArmenian(ask);
      expect(ask!.subject).toBe('Հաստատեք ձեր տեղը՝ Սրտաբանության նորույթներ');
      expect(ask!.text_body).toContain('Հարգելի Անի,');
      expect(ask!.text_body).toContain(`«${hy['booking.confirm']}»`);
      expect(ask!.text_body).toContain(`${hy['mail.event.when']}: շաբաթ, 5 դեկտեմբերի, 2026 թ., 18:30–21:00`);
      expect(ask!.text_body).toContain(`${hy['mail.event.where']}: Դասախոսությունների սրահ`);
      expect(ask!.text_body).toContain(`${hy['mail.receipt.price']}: ${hy['events.free']}`);
      expect(ask!.text_body).toMatch(/http:\/\/localhost:8000\/hy\/events\/bookings\/[0-9a-f-]{36}#/);
      const booking = first.json<{ booking_id: string }>().booking_id;
      const token = await bookingLinkToken(t, booking);
      expect((await t.app.inject({ method: 'POST', url: `/api/events/bookings/${booking}/confirm`, payload: { token } })).statusCode).toBe(
        200,
      );

      const [confirmed] = await mailsOf('ani.hy@example.org', 'booking-confirmed');
      inArmenian(confirmed);
      expect(confirmed!.subject).toBe('Ամրագրումը հաստատված է՝ Սրտաբանության նորույթներ');
      expect(confirmed!.text_body).toContain(hy['mail.booking.confirmed.calendar']);
      const [ics] = readAttachments(confirmed!.attachments);
      expect(ics!.content.toString()).toContain('SUMMARY;LANGUAGE=hy:Սրտաբանության նորույթներ');

      // The next visitor waits; a place freed is offered in Armenian, and the cancellation told in it.
      await book(id, { name: 'Արամ', email: 'aram.hy@example.org', language: 'hy' });
      const [waiting] = await mailsOf('aram.hy@example.org', 'booking-waitlisted');
      inArmenian(waiting);
      expect(waiting!.subject).toBe('Սպասման ցուցակ՝ Սրտաբանության նորույթներ');
      expect((await t.app.inject({ method: 'POST', url: `/api/events/bookings/${booking}/cancel`, payload: { token } })).statusCode).toBe(
        200,
      );
      const [cancelled] = await mailsOf('ani.hy@example.org', 'booking-cancelled');
      inArmenian(cancelled);
      expect(cancelled!.subject).toBe('Ամրագրումը չեղարկված է՝ Սրտաբանության նորույթներ');
      const [offer] = await mailsOf('aram.hy@example.org', 'booking-offer');
      inArmenian(offer);
      expect(offer!.text_body).toMatch(/մինչև [\u0531-\u0587]+, \d+ [\u0531-\u0587]+ի, 2026 թ\., \d\d:\d\d/);
      expect(offer!.text_body).toContain(`${hy['booking.take']}: http://localhost:8000/hy/events/bookings/`);

      // The reminder, the day before, in Armenian with its footer and the Armenian preference page.
      const aram = (await bookings(id)).find((b) => b.email === 'aram.hy@example.org')!;
      const aramToken = await bookingLinkToken(t, aram.id);
      const take = await t.app.inject({ method: 'POST', url: `/api/events/bookings/${aram.id}/take`, payload: { token: aramToken } });
      expect(take.statusCode, take.body).toBe(200);
      t.clock.now = new Date('2026-12-04T19:00:00Z');
      await t.services.bookings.sendReminders();
      const [reminder] = await mailsOf('aram.hy@example.org', 'booking-reminder');
      inArmenian(reminder);
      expect(reminder!.subject).toBe('Վաղը՝ Սրտաբանության նորույթներ');
      expect(reminder!.text_body).toContain(`${hy['mail.refuse.line']}: http://localhost:8000/hy/preferences/`);
      expect(reminder!.html_body).toContain(hy['mail.refuse.link']);
    });

    it('keeps an untranslated event’s English title in Armenian mail, and English mail as it was', async () => {
      const id = await newEvent();
      await book(id, { name: 'Անի', email: 'ani.untranslated@example.org', language: 'hy' });
      const [armenian] = await mailsOf('ani.untranslated@example.org', 'booking-confirmed');
      inArmenian(armenian);
      expect(armenian!.subject).toBe('Ամրագրումը հաստատված է՝ Cardiology update');
      expect(armenian!.text_body).toContain(`${hy['mail.event.event']}: Cardiology update`);
      expect(armenian!.text_body).toContain(`${hy['mail.event.where']}: Lecture Hall`);

      await book(id, { name: 'Ani', email: 'ani.english@example.org', language: 'en' });
      const [english] = await mailsOf('ani.english@example.org', 'booking-confirmed');
      expect(english!.subject).toBe('Booking confirmed: Cardiology update');
      expect(english!.text_body).toContain('When: Saturday 5 December 2026, 18:30–21:00');
      expect(english!.text_body).toContain('Price: Free');
      expect(english!.html_body).toContain('<html lang="en-GB">');
      expect(english!.text_body).not.toContain('/hy/');
    });

    it('writes a member’s booking in the member’s language, and the next mail in the language they switch to', async () => {
      const id = await armenianEvent({ member_price_pence: 0, price_pence: 0 });
      const member = await registeredMember(t, { language: 'hy' });
      // What the page sends is not the member's choice: theirs is.
      expect((await book(id, { language: 'en' }, { authorization: member.authorization })).statusCode).toBe(200);
      const [confirmed] = await mailsOf(member.form.email, 'booking-confirmed');
      inArmenian(confirmed);
      expect(confirmed!.subject).toBe('Ամրագրումը հաստատված է՝ Սրտաբանության նորույթներ');

      const switched = await t.app.inject({
        method: 'POST',
        url: '/api/account/language',
        headers: { authorization: member.authorization },
        payload: { language: 'en' },
      });
      expect(switched.statusCode).toBe(200);
      expect((await bookings(id)).map((b) => b.language)).toEqual(['en']);
      t.clock.now = new Date('2026-12-04T19:00:00Z');
      await t.services.bookings.sendReminders();
      const [reminder] = await mailsOf(member.form.email, 'booking-reminder');
      expect(reminder!.subject).toBe('Tomorrow: Cardiology update');
      expect(reminder!.html_body).toContain('<html lang="en-GB">');
      expect(reminder!.text_body).toContain('http://localhost:8000/preferences/');
    });

    it('refuses a language the site does not have, naming the field, and books nothing', async () => {
      const id = await newEvent();
      const res = await bookOnly(id, { name: 'A', email: 'fr@example.org', language: 'fr' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'language' });
      expect(await bookings(id)).toEqual([]);
      expect(await outboxFor(t, 'fr@example.org')).toEqual([]);
    });
  });
});
