import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAttachments } from '../../integrations/mail/mailer';
import { outboxFor, payWithCard, registeredMember } from '../../testing/membership';
import { stripeTestApp } from '../../testing/stripe-webhooks';
import { bookAndConfirm, createEvent } from '../../testing/events';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { siteTextHy } from '../../../shared/domain/site-text-hy';

/** The admin's side of an event: what the page calls, as the admin (or someone else) would. */
function adminHelpers(get: () => TestApp) {
  let addresses = 0;
  const nextAddress = () => `10.18.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;
  let admin = '';
  const as = (authorization?: string) => ({ authorization: authorization ?? admin });
  return {
    async signInAdmin() {
      admin = (await get().userWithRole('admin')).authorization;
      return admin;
    },
    newEvent: (fields: Record<string, unknown> = {}) =>
      createEvent(get(), as().authorization, { title: 'Grand rounds', dated: '2026-12-05T18:30', description: '', ...fields }),
    publicBook: (eventId: string, payload: object) => bookAndConfirm(get(), eventId, payload, { ip: nextAddress() }),
    list: (eventId: string, query = '', authorization?: string) =>
      get().app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/bookings${query}`, headers: as(authorization) }),
    csv: (eventId: string, query = '', authorization?: string) =>
      get().app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/bookings.csv${query}`, headers: as(authorization) }),
    handBook: (eventId: string, payload: object, authorization?: string) =>
      get().app.inject({
        method: 'POST',
        url: `/api/admin/events/${eventId}/bookings`,
        payload: { request_id: randomUUID(), ...payload },
        headers: as(authorization),
      }),
    mail: (eventId: string, payload: object, authorization?: string) =>
      get().app.inject({
        method: 'POST',
        url: `/api/admin/events/${eventId}/mail`,
        payload: { request_id: randomUUID(), ...payload },
        headers: as(authorization),
      }),
    cancel: (bookingId: string, payload: object, authorization?: string) =>
      get().app.inject({ method: 'POST', url: `/api/admin/events/bookings/${bookingId}/cancel`, payload, headers: as(authorization) }),
    booking: (id: string) => get().db.db.selectFrom('event_bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    audit: (subjectId: string) =>
      get().db.db.selectFrom('audit_log').selectAll().where('subject_id', '=', subjectId).orderBy('seq').execute(),
  };
}

describe("the admin's event page", () => {
  let t: TestApp;
  const h = adminHelpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    await h.signInAdmin();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  it('is for the admin alone: anonymous 401, member and editor 403, on every route', async () => {
    const id = await h.newEvent();
    const booked = (await h.publicBook(id, { name: 'Visitor', email: 'visitor-roles@example.org' })).json();
    const member = await registeredMember(t);
    const editor = (await t.userWithRole('editor')).authorization;
    const calls = (authorization: string) => [
      t.app.inject({ method: 'GET', url: `/api/admin/events/${id}/bookings`, headers: { authorization } }),
      t.app.inject({ method: 'GET', url: `/api/admin/events/${id}/bookings.csv`, headers: { authorization } }),
      t.app.inject({
        method: 'POST',
        url: `/api/admin/events/${id}/bookings`,
        headers: { authorization },
        payload: { request_id: randomUUID(), name: 'X', email: 'x@example.org', payment: 'free' },
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/admin/events/${id}/mail`,
        headers: { authorization },
        payload: { request_id: randomUUID(), subject: 'S', body: 'B' },
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/admin/events/bookings/${booked.booking_id}/cancel`,
        headers: { authorization },
        payload: { refund: false },
      }),
    ];
    for (const res of await Promise.all(calls(''))) expect(res.statusCode, res.body).toBe(401);
    for (const who of [member.authorization, editor]) {
      for (const res of await Promise.all(calls(who))) expect(res.statusCode, res.body).toBe(403);
    }
    expect((await h.booking(booked.booking_id)).status).toBe('confirmed');
    expect((await h.list(id)).json().total).toBe(1);
  });

  it('lists the bookings with the facts, filters by status, searches by name or e-mail, and pages', async () => {
    const id = await h.newEvent({ capacity: 2, member_price_pence: 1500, price_pence: 1500 });
    const paid = (await h.publicBook(id, { name: 'Anahit Sarkissian', email: 'anahit@example.org' })).json();
    await payWithCard(t, paid.client_secret, '4242 4242 4242 4242');
    t.clock.advance(1000);
    expect((await h.handBook(id, { name: 'Bedros Papazian', email: 'bedros@example.org', payment: 'cash', amount: 1500 })).statusCode).toBe(
      200,
    );
    t.clock.advance(1000);
    expect((await h.publicBook(id, { name: 'Waiting Person', email: 'waiting@example.org' })).json().status).toBe('waitlisted');

    const res = await h.list(id);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.event).toMatchObject({
      _id: id,
      title: 'Grand rounds',
      capacity: 2,
      places_taken: 2,
      confirmed: 2,
      waitlisted: 1,
      attended: 0,
      takings_pence: 3000,
      refunded_pence: 0,
    });
    expect(page.total).toBe(3);
    // Latest first.
    expect(page.items.map((b: { name: string }) => b.name)).toEqual(['Waiting Person', 'Bedros Papazian', 'Anahit Sarkissian']);
    expect(page.items[1]).toMatchObject({ status: 'confirmed', paid_pence: 1500, paid_by: 'by_hand', note: 'Cash' });
    expect(page.items[2]).toMatchObject({ status: 'confirmed', paid_pence: 1500, paid_by: 'card', refunded_pence: 0, attended_at: null });
    expect(page.items[0]).toMatchObject({ status: 'waitlisted', paid_pence: 0 });

    const names = async (query: string) => (await h.list(id, query)).json().items.map((b: { name: string }) => b.name);
    expect(await names('?status=waitlisted')).toEqual(['Waiting Person']);
    expect(await names('?q=SARKISS')).toEqual(['Anahit Sarkissian']);
    expect(await names('?q=bedros%40')).toEqual(['Bedros Papazian']);
    expect(await names('?q=%25')).toEqual([]);
    const second = (await h.list(id, '?page=2&page_size=2')).json();
    expect({ total: second.total, names: second.items.map((b: { name: string }) => b.name) }).toEqual({
      total: 3,
      names: ['Anahit Sarkissian'],
    });

    const bad = await h.list(id, '?status=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/status/);
    expect((await h.list(id, '?page_size=1000')).statusCode).toBe(400);
    expect((await h.list(randomUUID())).statusCode).toBe(404);
    expect((await h.list('not-an-id')).statusCode).toBe(404);
  });

  it('books a place by hand with a cheque: confirmed, the payment recorded, the confirmation with its .ics, audited, once', async () => {
    const id = await h.newEvent({ capacity: 3, member_price_pence: 2000, price_pence: 2500 });
    const request = {
      request_id: randomUUID(),
      name: 'Lilit Hovhannisyan',
      email: 'Lilit@Example.org',
      payment: 'cheque',
      amount: 2500,
      reference: '001234',
      note: 'Booked by phone',
    };
    const [first, second] = await Promise.all([h.handBook(id, request), h.handBook(id, request)]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const answer = first.json();
    expect(answer).toMatchObject({ booking_id: request.request_id, status: 'confirmed' });
    expect((await h.handBook(id, request)).json()).toEqual(answer);

    const booking = await h.booking(answer.booking_id);
    expect(booking).toMatchObject({ status: 'confirmed', price_pence: 2500, note: 'Cheque 001234: Booked by phone', hold_until: null });
    const payment = await t.db.db.selectFrom('payments').selectAll().where('id', '=', answer.payment_id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      kind: 'booking',
      provider: 'offline',
      status: 'succeeded',
      amount_pence: 2500,
      note: 'Cheque 001234: Grand rounds',
      reference_id: booking.id,
    });
    expect(await t.db.db.selectFrom('payments').select('id').where('reference_id', '=', booking.id).execute()).toHaveLength(1);
    const mail = await outboxFor(t, 'Lilit@Example.org');
    expect(mail.map((m) => m.kind)).toEqual(['booking-confirmed']);
    expect(mail[0]!.text_body).toContain('This e-mail is your receipt');
    expect(readAttachments(mail[0]!.attachments).map((a) => a.filename)).toEqual(['event.ics']);
    expect((await h.list(id)).json().event).toMatchObject({ places_taken: 1, takings_pence: 2500 });
    const entries = await h.audit(id);
    expect(entries.at(-1)).toMatchObject({ kind: 'event', action: 'recorded' });
    expect(entries.at(-1)!.summary).toBe('Booked Lilit Hovhannisyan <Lilit@Example.org> by hand for "Grand rounds": £25.00, Cheque 001234');
    expect(entries.filter((e) => e.action === 'recorded')).toHaveLength(1);

    // The same address again, by hand or online: one live booking per e-mail per event.
    const again = await h.handBook(id, { name: 'Lilit', email: 'lilit@example.org', payment: 'free' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/has a booking for this event already/);
    expect((await h.publicBook(id, { name: 'Lilit', email: 'LILIT@example.org' })).statusCode).toBe(409);
    // The request key of this event's booking, sent for another event, is refused and changes nothing.
    const other = await h.newEvent();
    expect((await h.handBook(other, { ...request, request_id: request.request_id })).statusCode).toBe(409);
    expect((await h.list(other)).json().total).toBe(0);
  });

  it('books a free place by hand, linked to the account of that e-mail, with no payment', async () => {
    const id = await h.newEvent();
    const member = await registeredMember(t);
    const res = await h.handBook(id, { name: 'Member By Post', email: member.form.email, payment: 'free' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment_id).toBeNull();
    const booking = await h.booking(res.json().booking_id);
    expect(booking).toMatchObject({ status: 'confirmed', price_pence: 0, note: 'Free', user_id: expect.any(String) });
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/bookings', headers: { authorization: member.authorization } });
    expect(mine.json().map((b: { _id: string }) => b._id)).toEqual([booking.id]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const id = await h.newEvent({ capacity: 5 });
    const cases: [object, string][] = [
      [{ name: '', email: 'a@example.org', payment: 'free' }, 'name'],
      [{ name: 'A', email: 'not-an-address', payment: 'free' }, 'email'],
      [{ name: 'A', email: 'a@example.org', payment: 'iou' }, 'payment'],
      [{ name: 'A', email: 'a@example.org', payment: 'cheque', amount: 0, reference: '1' }, 'amount'],
      [{ name: 'A', email: 'a@example.org', payment: 'cheque', amount: 1000 }, 'reference'],
      [{ name: 'A', email: 'a@example.org', payment: 'cash', amount: -5 }, 'amount'],
      [{ name: 'A', email: 'a@example.org', payment: 'cash', amount: 10.5 }, 'amount'],
      [{ name: 'A', email: 'a@example.org', payment: 'free', request_id: 'again' }, 'request_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await h.handBook(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toMatch(new RegExp(field));
    }
    for (const [payload, field] of [
      [{ subject: '', body: 'Hello' }, 'subject'],
      [{ subject: 'Hello', body: '  ' }, 'body'],
      [{ subject: 'x'.repeat(151), body: 'Hello' }, 'subject'],
      [{ subject: 'Hello', body: 'Hello', include_waitlist: 'yes' }, 'include_waitlist'],
    ] as const) {
      const res = await h.mail(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toMatch(new RegExp(field));
    }
    const booked = (await h.publicBook(id, { name: 'Bad input', email: 'bad-input@example.org' })).json();
    const res = await h.cancel(booked.booking_id, { refund: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/refund/);
    expect((await h.cancel(randomUUID(), { refund: false })).statusCode).toBe(404);
    expect((await h.handBook(randomUUID(), { name: 'A', email: 'a@example.org', payment: 'free' })).statusCode).toBe(404);
    expect((await h.list(id)).json().total).toBe(1);
    expect((await h.booking(booked.booking_id)).status).toBe('confirmed');
    expect(await outboxFor(t, 'a@example.org')).toEqual([]);
  });

  it('refuses a hand booking when the event is full (409) and never jumps the waitlist', async () => {
    const id = await h.newEvent({ capacity: 1 });
    await h.publicBook(id, { name: 'First', email: 'full-first@example.org' });
    const res = await h.handBook(id, { name: 'Door', email: 'full-door@example.org', payment: 'cash', amount: 500 });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/The event is full: all 1 places are taken/);
    expect((await h.list(id)).json()).toMatchObject({ total: 1, event: { places_taken: 1, takings_pence: 0 } });
    expect(await t.db.db.selectFrom('payments').select('id').where('email', '=', 'full-door@example.org').execute()).toEqual([]);
    expect(await outboxFor(t, 'full-door@example.org')).toEqual([]);
  });

  it('gives exactly the places there are when hand bookings race public ones', async () => {
    const id = await h.newEvent({ capacity: 6 });
    const publicOnes = Array.from({ length: 10 }, (_, i) =>
      h.publicBook(id, { name: `Online ${i}`, email: `race-online-${i}@example.org` }),
    );
    const byHand = Array.from({ length: 6 }, (_, i) =>
      h.handBook(id, { name: `Hand ${i}`, email: `race-hand-${i}@example.org`, payment: 'cheque', amount: 1000, reference: `R${i}` }),
    );
    const [online, hand] = await Promise.all([Promise.all(publicOnes), Promise.all(byHand)]);
    const onlineConfirmed = online.filter((r) => r.json().status === 'confirmed').length;
    const handConfirmed = hand.filter((r) => r.statusCode === 200).length;
    expect(
      hand.every((r) => r.statusCode === 200 || r.statusCode === 409),
      hand.map((r) => r.body).join(),
    ).toBe(true);
    expect(onlineConfirmed + handConfirmed).toBe(6);
    expect(online.filter((r) => r.json().status === 'waitlisted')).toHaveLength(10 - onlineConfirmed);
    const facts = (await h.list(id)).json().event;
    expect(facts).toMatchObject({ places_taken: 6, confirmed: 6, takings_pence: handConfirmed * 1000 });
    // Refused hand bookings left no payment behind.
    const payments = await t.db.db.selectFrom('payments').select('id').where('email', 'like', 'race-hand-%').execute();
    expect(payments).toHaveLength(handConfirmed);
  });

  it('exports the filtered bookings as CSV with formula injection defused', async () => {
    const id = await h.newEvent({ member_price_pence: 1000, price_pence: 1000 });
    await h.handBook(id, {
      name: '=HYPERLINK("http://evil")',
      email: 'csv-evil@example.org',
      payment: 'cash',
      amount: 1000,
      note: '+1, "quoted"',
    });
    t.clock.advance(1000);
    await h.handBook(id, { name: 'Գայանե Պետրոսյան', email: 'csv-armenian@example.org', payment: 'free' });
    const res = await h.csv(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendees-2026-11-21.csv"');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Booked at,Name,E-mail,Status,Price (GBP),Paid (GBP),Refunded (GBP),Paid by,Note,Attended at,Certificate number,Booking id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain('"Cash: +1, ""quoted"""');
    expect(lines[2]).toContain(',10.00,10.00,0.00,by hand,');
    expect(lines[1]).toContain('Գայանե Պետրոսյան,csv-armenian@example.org,confirmed,0.00,0.00,0.00,free,Free,,,');
    const filtered = await h.csv(id, '?q=armenian');
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await h.csv(id, '?status=nope')).statusCode).toBe(400);
  });

  it('mails the attendees once per submission: confirmed always, the waitlist when asked, audited with the count', async () => {
    const id = await h.newEvent({ capacity: 2 });
    for (const who of ['one', 'two', 'three']) {
      await h.publicBook(id, { name: `Mail ${who}`, email: `mail-${who}@example.org` });
      t.clock.advance(1000);
    }
    const request = { request_id: randomUUID(), subject: 'Room change', body: 'We have moved to Room 2.\n\nSee you there.' };
    const [first, second] = await Promise.all([h.mail(id, request), h.mail(id, request)]);
    expect([first.json(), second.json()]).toEqual([{ queued: 2 }, { queued: 2 }]);
    expect((await h.mail(id, request)).json()).toEqual({ queued: 2 });
    // The same form's key sent for another event is refused, and queues nothing.
    expect((await h.mail(await h.newEvent(), request)).statusCode).toBe(409);
    const sent = await t.db.db.selectFrom('outbox').selectAll().where('kind', '=', 'event-message').execute();
    expect(sent.map((m) => m.to_address).sort()).toEqual(['mail-one@example.org', 'mail-two@example.org']);
    expect(sent[0]).toMatchObject({ subject: 'Room change' });
    expect(sent[0]!.text_body).toMatch(/^Dear Mail (one|two),\n\nWe have moved to Room 2\.\n\nSee you there\./);
    expect(sent[0]!.text_body).toMatch(/See your booking: http:\/\/localhost:8000\/events\/bookings\/[0-9a-f-]{36}#/);
    expect(sent[0]!.html_body).toContain('<p>We have moved to Room 2.</p>');

    const withWaitlist = await h.mail(id, { subject: 'Also the waitlist', body: 'Hello <b>all</b>', include_waitlist: true });
    expect(withWaitlist.json()).toEqual({ queued: 3 });
    const third = await outboxFor(t, 'mail-three@example.org');
    expect(third.map((m) => m.subject)).toEqual(['Confirm your place: Grand rounds', 'Waitlist: Grand rounds', 'Also the waitlist']);
    expect(third[2]!.html_body).toContain('Hello &#60;b&#62;all&#60;/b&#62;');

    const entries = (await h.audit(id)).filter((e) => e.action === 'mailed');
    expect(entries.map((e) => e.summary)).toEqual([
      'E-mailed 2 attendees of "Grand rounds": "Room change"',
      'E-mailed 3 attendees of "Grand rounds" (and the waitlist): "Also the waitlist"',
    ]);

    const empty = await h.newEvent();
    const nobody = await h.mail(empty, { subject: 'Hello', body: 'Anyone?' });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().detail).toMatch(/Nobody has a confirmed place/);
    expect(await t.db.db.selectFrom('event_mailings').select('id').where('event_id', '=', empty).execute()).toEqual([]);
  });

  it('writes the admin’s message and a hand booking in each attendee’s language: the words as written, the frame in theirs (decision 191)', async () => {
    const id = await h.newEvent({ hy: { title: 'Մեծ այց', description: '' } });
    await h.publicBook(id, { name: 'Անի', email: 'mail-hy@example.org', language: 'hy' });
    await h.publicBook(id, { name: 'Ani', email: 'mail-en@example.org' });
    // A hand booking for an Armenian-reading member is confirmed in Armenian.
    const member = await registeredMember(t, { language: 'hy' });
    expect((await h.handBook(id, { name: 'By Post', email: member.form.email, payment: 'free' })).statusCode).toBe(200);
    const [byHand] = (await outboxFor(t, member.form.email)).filter((m) => m.kind === 'booking-confirmed');
    expect(byHand!.subject).toBe('Ամրագրումը հաստատված է՝ Մեծ այց');

    const request = { request_id: randomUUID(), subject: 'Room change', body: 'We have moved to Room 2.' };
    expect((await h.mail(id, request)).json()).toEqual({ queued: 3 });
    const [armenian] = (await outboxFor(t, 'mail-hy@example.org')).filter((m) => m.kind === 'event-message');
    expect(armenian!.subject).toBe('Room change');
    expect(armenian!.text_body).toContain('Հարգելի Անի,');
    expect(armenian!.text_body).toContain('We have moved to Room 2.');
    expect(armenian!.text_body).toContain(`${siteTextHy['mail.event.event']}: Մեծ այց`);
    expect(armenian!.text_body).toMatch(/http:\/\/localhost:8000\/hy\/events\/bookings\/[0-9a-f-]{36}#/);
    expect(armenian!.text_body).toContain('http://localhost:8000/hy/preferences/');
    expect(armenian!.html_body).toContain('<html lang="hy">');
    const [english] = (await outboxFor(t, 'mail-en@example.org')).filter((m) => m.kind === 'event-message');
    expect(english!.text_body).toContain('Dear Ani,');
    expect(english!.text_body).toContain('Event: Grand rounds');
    expect(english!.text_body).toContain(
      'To stop e-mails like this one, or to choose what you receive: http://localhost:8000/preferences/',
    );
  });

  it('cancels any booking with or without a refund, passes the place to the waitlist, and audits it', async () => {
    const id = await h.newEvent({ capacity: 2, member_price_pence: 3000, price_pence: 3000 });
    const card = (await h.publicBook(id, { name: 'Card One', email: 'cancel-card1@example.org' })).json();
    await payWithCard(t, card.client_secret, '4242 4242 4242 4242');
    const card2 = (await h.publicBook(id, { name: 'Card Two', email: 'cancel-card2@example.org' })).json();
    await payWithCard(t, card2.client_secret, '4242 4242 4242 4242');
    const waiting = (await h.publicBook(id, { name: 'Next', email: 'cancel-next@example.org' })).json();
    expect(waiting.status).toBe('waitlisted');
    // After the attendee's cut-off: the admin may still refund.
    t.clock.now = new Date('2026-12-01T12:00:00Z');
    await h.signInAdmin();

    expect((await h.cancel(card.booking_id, { refund: true })).json()).toEqual({ status: 'cancelled', refunded_pence: 3000 });
    expect((await h.cancel(card.booking_id, { refund: true })).json()).toEqual({ status: 'cancelled', refunded_pence: 3000 });
    expect((await h.booking(waiting.booking_id)).status).toBe('offered');
    expect((await outboxFor(t, 'cancel-next@example.org')).at(-1)!.kind).toBe('booking-offer');
    const refunded = await t.db.db.selectFrom('payments').selectAll().where('reference_id', '=', card.booking_id).executeTakeFirstOrThrow();
    expect(refunded).toMatchObject({ status: 'refunded', refunded_pence: 3000 });

    expect((await h.cancel(card2.booking_id, { refund: false })).json()).toEqual({ status: 'cancelled', refunded_pence: 0 });
    const kept = await t.db.db.selectFrom('payments').selectAll().where('reference_id', '=', card2.booking_id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 'succeeded', refunded_pence: 0 });
    expect((await outboxFor(t, 'cancel-card2@example.org')).at(-1)!.text_body).toMatch(/not refunded/);

    const summaries = (await h.audit(id)).filter((e) => e.action === 'cancelled').map((e) => e.summary);
    expect(summaries).toEqual([
      'Cancelled the booking of Card One <cancel-card1@example.org> for "Grand rounds", refunding £30.00',
      'Cancelled the booking of Card Two <cancel-card2@example.org> for "Grand rounds", without a refund',
    ]);
    expect((await h.list(id)).json().event).toMatchObject({ takings_pence: 6000, refunded_pence: 3000 });
  });

  it('refuses to refund through the site what was paid by hand, and cancels it without', async () => {
    const id = await h.newEvent({ capacity: 2 });
    const booked = (
      await h.handBook(id, { name: 'Cheque', email: 'cancel-cheque@example.org', payment: 'cheque', amount: 2000, reference: '99' })
    ).json();
    const refused = await h.cancel(booked.booking_id, { refund: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/paid by hand \(Cheque 99: Grand rounds\)/);
    expect((await h.booking(booked.booking_id)).status).toBe('confirmed');
    expect((await h.cancel(booked.booking_id, { refund: false })).json()).toEqual({ status: 'cancelled', refunded_pence: 0 });
    expect((await h.list(id)).json().event.places_taken).toBe(0);
  });
});

describe("the admin's refunds through Stripe", () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  const h = adminHelpers(() => t);
  beforeAll(async () => {
    stripe = await stripeTestApp();
    t = stripe.t;
    await h.signInAdmin();
  });
  afterAll(() => stripe.close());

  it('answers 502 when Stripe fails, keeps the booking cancelled, and the refund is made later once', async () => {
    const id = await h.newEvent({ member_price_pence: 4000, price_pence: 4000 });
    const booked = (await h.publicBook(id, { name: 'Stripe Payer', email: 'admin-stripe@example.org' })).json();
    const intentId = (booked.client_secret as string).split('_secret_')[0]!;
    stripe.standIn.succeed(intentId);
    await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: booked.client_secret } });
    expect((await h.booking(booked.booking_id)).status).toBe('confirmed');

    stripe.standIn.fail(500);
    const failed = await h.cancel(booked.booking_id, { refund: true });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toBeTruthy();
    expect(await h.booking(booked.booking_id)).toMatchObject({ status: 'cancelled', refund_due_pence: 4000 });
    expect((await h.list(id)).json().items[0]).toMatchObject({ refund_due_pence: 4000, refunded_pence: 0 });
    stripe.standIn.recover();
    expect((await h.cancel(booked.booking_id, { refund: true })).json()).toEqual({ status: 'cancelled', refunded_pence: 4000 });
    expect(await t.services.bookings.retryRefunds()).toBe(0);
    expect(stripe.standIn.refunds).toEqual([expect.objectContaining({ amount: 4000, payment_intent: intentId })]);
  });
});
