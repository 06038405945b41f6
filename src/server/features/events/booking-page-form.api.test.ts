import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormOutcome } from '../../../shared/domain/form-outcome';
import { siteTextDefaults } from '../../../shared/domain/site-text';
import { createEvent } from '../../testing/events';
import { outboxFor } from '../../testing/membership';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The event page's booking form sent before the page's script ran (decisions 082, 085): a form
 * post to the page itself, answered with the page, never with JSON or a 5xx.
 */
/** What the page says after a visitor's free place is booked (decision 092): look in your inbox. */
const CHECK_EMAIL = siteTextDefaults['event.book.check_email'];

describe('the booking form without the script', () => {
  let t: TestApp;
  let admin: string;
  let addresses = 0;
  const nextAddress = () => `10.17.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp({}, { renderPages: true });
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  const newEvent = (fields: Record<string, unknown> = {}) =>
    createEvent(t, admin, { title: 'Cardiology update', dated: '2026-12-05T18:30', description: 'Three talks', ...fields });
  const post = (eventId: string, form: Record<string, string>, ip = nextAddress(), headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/events/${eventId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: ip,
    });
  const bookings = (eventId: string) => t.db.db.selectFrom('event_bookings').selectAll().where('event_id', '=', eventId).execute();
  /** The outcome the page carries for its script (decision 085). */
  const answerIn = (html: string) => {
    const text = /<script type="application\/json" id="form-outcome">(.*?)<\/script>/s.exec(html)?.[1];
    if (!text) throw new Error('The page carries no form outcome');
    return JSON.parse(text) as FormOutcome;
  };

  it("books a free place as the API does (held until the e-mail's link confirms it) and goes back to the page, which says so", async () => {
    const id = await newEvent({ capacity: 5 });
    const res = await post(id, { name: 'Gayane Petrosyan', email: 'gayane@example.org', news_email: 'true' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/events/${id}?booking=check_email`);
    expect(await bookings(id)).toMatchObject([
      { name: 'Gayane Petrosyan', email: 'gayane@example.org', status: 'unconfirmed', place_held: 1 },
    ]);
    expect((await outboxFor(t, 'gayane@example.org')).map((mail) => mail.kind)).toEqual(['booking-unconfirmed']);
    const page = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CHECK_EMAIL.replaceAll('"', '&quot;'));
  });

  it('books from the Armenian page in Armenian: the mail in the page’s language (decision 191)', async () => {
    const id = await newEvent({ capacity: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/hy/events/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Գայանե', email: 'gayane.hy.form@example.org' }).toString(),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/hy/events/${id}?booking=check_email`);
    expect(await bookings(id)).toMatchObject([{ email: 'gayane.hy.form@example.org', language: 'hy' }]);
    const [mail] = await outboxFor(t, 'gayane.hy.form@example.org');
    expect(mail!.subject).toBe('Հաստատեք ձեր տեղը՝ Cardiology update');
    expect(mail!.text_body).toMatch(/http:\/\/localhost:8000\/hy\/events\/bookings\/[0-9a-f-]{36}#/);
  });

  it('holds no place for the second visitor of a full event', async () => {
    const id = await newEvent({ capacity: 1 });
    expect((await post(id, { name: 'First', email: 'first@example.org' })).statusCode).toBe(303);
    const res = await post(id, { name: 'Second', email: 'second@example.org' });
    expect(res.headers.location).toBe(`/events/${id}?booking=check_email`);
    expect((await bookings(id)).map((b) => b.place_held).sort()).toEqual([0, 1]);
  });

  it('answers bad input with the page: the message beside the field, the fields as typed, nothing stored', async () => {
    const id = await newEvent({ capacity: 5 });
    for (const [form, field, message] of [
      [{ name: '', email: 'a@example.org' }, 'name', 'Enter your name'],
      [{ name: 'Ani', email: 'not an address' }, 'email', 'Enter a valid e-mail address'],
      [{ email: 'a@example.org' }, 'name', 'Enter your name'],
    ] as const) {
      const res = await post(id, form);
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answerIn(res.body)).toEqual({
        form: 'booking',
        values: { name: form.name ?? '', email: form.email },
        fields: { [field]: message },
      });
      expect(res.body).toContain(message);
      expect(res.body).toContain(`value="${form.email}"`);
    }
    expect(await bookings(id)).toEqual([]);
  });

  it('holds no place for a paid event: the card step needs the script, and the page says so', async () => {
    const id = await newEvent({ capacity: 5, price_pence: 2500, member_price_pence: 1000 });
    const res = await post(id, { name: 'Ani', email: 'ani@example.org' });
    expect(res.statusCode).toBe(200);
    expect(answerIn(res.body)).toMatchObject({ message: { key: 'event.book.needs_script', tone: 'info' }, values: { name: 'Ani' } });
    expect(res.body).toContain('Paying by card needs this page to finish loading.');
    expect(await bookings(id)).toEqual([]);
    expect(await t.db.db.selectFrom('payments').selectAll().execute()).toEqual([]);
  });

  it('answers a closed event and an unknown one with the page and the reason', async () => {
    const past = await newEvent({ dated: '2026-11-01T18:30' });
    const closed = await post(past, { name: 'Aram', email: 'aram@example.org' });
    expect(closed.statusCode).toBe(409);
    expect(answerIn(closed.body)).toMatchObject({ message: { text: 'Booking for this event has closed', tone: 'error' } });

    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await post(unknown, { name: 'Aram', email: 'aram@example.org' });
      expect(res.statusCode, unknown).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('tells a visitor a members-only event needs them to sign in', async () => {
    const id = await newEvent({ members_only: true });
    const res = await post(id, { name: 'Ani', email: 'ani@example.org' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('This event is for members');
    expect(await bookings(id)).toEqual([]);
  });

  it("refuses a booking another site's page sent, holding nothing", async () => {
    const id = await newEvent({ capacity: 5 });
    const res = await post(id, { name: 'Ani', email: 'ani@example.org' }, nextAddress(), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(answerIn(res.body)).toEqual({ form: 'booking', message: { tone: 'error', key: 'form.cross_site' } });
    expect(await bookings(id)).toEqual([]);
  });

  it('two people posting the last place at once: one holds it', async () => {
    const id = await newEvent({ capacity: 1 });
    const answers = await Promise.all([
      post(id, { name: 'One', email: 'one@example.org' }),
      post(id, { name: 'Two', email: 'two@example.org' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([303, 303]);
    // Exactly one of the two holds the place while they confirm.
    expect((await bookings(id)).map((b) => b.place_held).sort()).toEqual([0, 1]);
  });
});
