import { randomUUID } from 'node:crypto';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_UNAVAILABLE, WRONG_PASSWORD } from '../../shared/api/account';
import { armenianDetail } from '../../shared/domain/api-messages-hy';
import { createEvent } from '../testing/events';
import { proceed, registeredMember, registrationForm } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';

const ORIGIN = 'http://localhost:8000';
const ARMENIAN = /[\u0531-\u0587]/;

/**
 * The server's refusals in the language the request asks for (decision 195): the site's pages send
 * theirs as Accept-Language; a form posted to an Armenian page before its script gets the page in
 * Armenian. Each refusal is asked for in both languages and must be the product's English in one
 * and its Armenian in the other, with the same status.
 */
describe('refusals in the language asked for', () => {
  let t: TestApp;
  let addresses = 0;
  const nextAddress = () => `10.71.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp({}, { renderPages: true });
  });
  afterAll(() => t.close());

  type Ask = (headers: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** Asks in Armenian then in English; both refused alike, the detail in each language. */
  async function inBoth(ask: Ask, english: string, status: number) {
    const hy = await ask({ 'accept-language': 'hy' });
    const en = await ask({ 'accept-language': 'en-GB,en;q=0.9' });
    expect([hy.statusCode, en.statusCode], `${hy.body} ${en.body}`).toEqual([status, status]);
    expect(en.json().detail).toBe(english);
    expect(hy.json().detail).toBe(armenianDetail(english));
    expect(hy.json().detail).toMatch(ARMENIAN);
    expect(hy.headers.vary).toContain('Accept-Language');
    return { hy, en };
  }

  it('says a failed sign-in in the language asked for, and English to a client that asks for none or prefers another', async () => {
    const member = await registeredMember(t);
    const signIn: Ask = (headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token',
        remoteAddress: nextAddress(),
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: member.form.email, password: 'not the password' }).toString(),
      });
    await inBoth(signIn, 'Email or password not recognized', 401);
    expect((await signIn({})).json().detail).toBe('Email or password not recognized');
    // A few wrong passwords lock an account for a while: the rest try another's.
    const other = await registeredMember(t);
    const signInOther: Ask = (headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token',
        remoteAddress: nextAddress(),
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: other.form.email, password: 'not the password' }).toString(),
      });
    // A browser whose first language is English, Armenian after it: English.
    expect((await signInOther({ 'accept-language': 'en-GB,en;q=0.9,hy;q=0.8' })).json().detail).toBe('Email or password not recognized');
    // Armenian first, by region or by weight: Armenian.
    expect((await signInOther({ 'accept-language': 'hy-AM' })).json().detail).toBe(armenianDetail('Email or password not recognized'));
    expect((await signInOther({ 'accept-language': 'en;q=0.5, hy' })).json().detail).toBe(
      armenianDetail('Email or password not recognized'),
    );
    // Nonsense is English, never an error.
    const nonsense = await signIn({ 'accept-language': ';;q=x,,' });
    expect([nonsense.statusCode, nonsense.json().detail]).toEqual([401, 'Email or password not recognized']);
  });

  it('says a joining form’s refusals in Armenian: a field the schema refused (with its field) and an address taken', async () => {
    const bad = await inBoth(
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/register_proceed',
          headers,
          remoteAddress: nextAddress(),
          payload: registrationForm({ email: 'not mail' }),
        }),
      'email: Enter a valid e-mail address',
      400,
    );
    expect([bad.hy.json().field, bad.en.json().field]).toEqual(['email', 'email']);

    const member = await registeredMember(t);
    await inBoth(
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/register_proceed',
          headers,
          remoteAddress: nextAddress(),
          payload: registrationForm({ email: member.form.email }),
        }),
      'An account with this e-mail address already exists. Please sign in, or reset your password if you have forgotten it.',
      409,
    );
    // Nothing was started by either.
    expect((await proceed(t, registrationForm({ email: member.form.email }))).statusCode).toBe(409);
  });

  it('says a booking’s refusals in Armenian: booked already, members only, closed, and a date', async () => {
    t.clock.now = new Date('2026-12-01T10:00:00Z');
    const admin = (await t.userWithRole('admin')).authorization;
    const open = await createEvent(t, admin, { title: 'Open lecture', dated: '2026-12-20T18:30', description: 'Talks' });
    const member = await registeredMember(t);
    const book =
      (eventId: string, authorization?: string, payload: object = {}): Ask =>
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/book`,
          headers: { ...headers, ...(authorization ? { authorization } : {}) },
          remoteAddress: nextAddress(),
          payload,
        });
    expect((await book(open, member.authorization)({})).statusCode).toBe(200);
    await inBoth(
      book(open, member.authorization),
      'This e-mail address has booked this event already. The confirmation e-mail has a link to see or cancel the booking.',
      409,
    );

    const membersOnly = await createEvent(t, admin, {
      title: 'Members’ evening',
      dated: '2026-12-21T18:30',
      description: 'Talks',
      members_only: true,
    });
    await inBoth(
      book(membersOnly, undefined, { name: 'Visitor', email: 'visitor.hy@example.org' }),
      'This event is for members: please sign in to book',
      401,
    );

    const closed = await createEvent(t, admin, {
      title: 'Closed lecture',
      dated: '2026-12-22T18:30',
      description: 'Talks',
      booking_closes: '2026-11-30T12:00',
    });
    await inBoth(book(closed, member.authorization), 'Booking for this event has closed', 409);

    const later = await createEvent(t, admin, {
      title: 'Later lecture',
      dated: '2027-01-30T18:30',
      description: 'Talks',
      booking_opens: '2026-12-05T09:00',
    });
    const notYet = await book(later, member.authorization)({ 'accept-language': 'hy' });
    expect(notYet.json().detail).toBe('Ամրագրումը բացվում է շաբաթ, 5 դեկտեմբերի, 2026 թ., 09:00');
  });

  it('says a donation’s refusals and the limits in Armenian, with Retry-After', async () => {
    await inBoth(
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/donate_proceed',
          headers,
          remoteAddress: nextAddress(),
          payload: { amount: 50, name: null, email: 'small@example.org' },
        }),
      'amount: The smallest donation is £1',
      400,
    );

    // Five resets an hour for one address, then the limit: in the language asked for.
    const forgot: Ask = (headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pw_forgot',
        headers,
        remoteAddress: nextAddress(),
        payload: { email: 'often@example.org' },
      });
    for (let i = 0; i < 5; i++) expect((await forgot({})).statusCode).toBe(200);
    const { hy } = await inBoth(forgot, 'Too many password reset requests. Please try again later.', 429);
    expect(Number(hy.headers['retry-after'])).toBeGreaterThan(0);

    await inBoth(
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/pw_reset_submit',
          headers,
          payload: { uid: 'x'.repeat(43), newPassword: 'a long new password' },
        }),
      'Sorry, that password reset link has expired.',
      400,
    );
  });

  it('says My Profile’s, automatic renewal’s and a monthly gift’s refusals in Armenian, changing nothing', async () => {
    const member = await registeredMember(t);
    const call =
      (url: string, payload: object): Ask =>
      (headers) =>
        t.app.inject({ method: 'POST', url, headers: { ...headers, authorization: member.authorization }, payload });
    await inBoth(
      call('/api/account/email', { new_email: member.form.email, password: member.form.plain_pw }),
      'This is already your e-mail address',
      400,
    );
    await inBoth(call('/api/account/email', { new_email: 'new.address@example.org', password: 'not the password' }), WRONG_PASSWORD, 400);
    await inBoth(
      call('/api/account/password', { current_password: 'not the password', new_password: 'a long new password' }),
      WRONG_PASSWORD,
      400,
    );
    await inBoth(call('/api/account/auto_renew', { on: false }), 'Automatic renewal is already off.', 409);
    await inBoth(call('/api/account/monthly_gifts/cancel', { gift_id: randomUUID() }), 'Monthly gift not found', 404);
    // The e-mail is unchanged, and nobody else's address is offered either.
    const other = await registeredMember(t);
    await inBoth(call('/api/account/email', { new_email: other.form.email, password: member.form.plain_pw }), EMAIL_UNAVAILABLE, 409);
    const details = await t.app.inject({ method: 'GET', url: '/api/account/details', headers: { authorization: member.authorization } });
    expect(details.json().email).toBe(member.form.email);
  });

  it('answers a form posted to an Armenian page before its script with the server’s refusal in Armenian', async () => {
    const member = await registeredMember(t);
    const fields = Object.fromEntries(
      Object.entries(registrationForm({ email: member.form.email })).map(([key, value]) => [key, value === null ? '' : String(value)]),
    );
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        payload: new URLSearchParams(fields).toString(),
      });
    const english = 'An account with this e-mail address already exists. Please sign in, or reset your password if you have forgotten it.';
    const hy = await post('/hy/register');
    expect(hy.statusCode).toBe(409);
    expect(hy.body).toContain('<html lang="hy"');
    expect(hy.body).toContain(armenianDetail(english));
    expect(hy.body).not.toContain(english);
    const en = await post('/register');
    expect(en.statusCode).toBe(409);
    expect(en.body).toContain(english);
  });
});
