import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAttachments } from '../../integrations/mail/mailer';
import { outboxFor, payWithCard, registeredMember } from '../../testing/membership';
import { createEvent } from '../../testing/events';
import { createTestApp, type TestApp } from '../../testing/test-app';

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

  it('confirms a free place at once and mails the confirmation with the calendar file and the online link', async () => {
    const id = await newEvent({ capacity: 5 });
    const res = await book(id, { name: 'Gayane Petrosyan', email: 'Gayane@Example.org' });
    expect(res.statusCode, res.body).toBe(200);
    const { booking_id, status, amount_pence } = res.json();
    expect({ status, amount_pence }).toEqual({ status: 'confirmed', amount_pence: 0 });
    expect((await event(id)).places_left).toBe(4);

    const [mail] = await outboxFor(t, 'Gayane@Example.org');
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
    const rows = await bookings(id);
    expect(rows.map((b) => [b.email, b.price_pence, b.status])).toEqual([
      [member.form.email, 1000, 'held'],
      [lapsed.email, 2500, 'held'],
    ]);
    expect(rows[0]!.name).toBe('Ani Sargsyan');
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
    expect(waitMail.map((m) => m.kind)).toEqual(['booking-waitlisted']);
  });

  it('holds paid places exactly too: 12 paying at once for 4 places', async () => {
    const id = await newEvent({ capacity: 4, price_pence: 900, member_price_pence: 900 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => book(id, { name: `P${i}`, email: `payer-${i}@example.org` })));
    const statuses = answers.map((a) => a.json().status as string);
    expect(statuses.filter((s) => s === 'payment_required')).toHaveLength(4);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(8);
  });

  it('limits bookings from one address', async () => {
    const id = await newEvent();
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push((await book(id, { name: `L${i}`, email: `limit-${i}@example.org` }, { ip: '198.51.100.9' })).statusCode);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(answers[20]).toBe(429);
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
      'Booking confirmed: Cardiology update',
      'Tomorrow: Cardiology update',
    ]);
    expect((await outboxFor(t, 'late@example.org')).map((m) => m.kind)).toEqual(['booking-confirmed']);
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
});
