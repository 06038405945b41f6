import type { Response as LightMyRequestResponse } from 'light-my-request';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** Creates an event as the admin's form does (`POST /api/new_event`) and gives its id. */
export async function createEvent(t: TestApp, authorization: string, fields: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/new_event', headers: { authorization }, payload: fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ inserted_id: string }>().inserted_id;
}

/**
 * Books as the booking form does (`POST /api/events/{id}/book`); a visitor's free place asks for
 * the e-mail's link (check_email), which is then followed as its reader would: the page, then its
 * "Confirm my place" button. Answers the booking's own answer, or the confirmation's.
 */
export async function bookAndConfirm(
  t: TestApp,
  eventId: string,
  payload: object,
  options: { ip: string; authorization?: string },
): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/book`,
    payload,
    remoteAddress: options.ip,
    headers: options.authorization ? { authorization: options.authorization } : {},
  });
  if (res.statusCode !== 200 || res.json<{ status: string }>().status !== 'check_email') return res;
  const { booking_id: id } = res.json<{ booking_id: string }>();
  const token = await bookingLinkToken(t, id);
  return t.app.inject({ method: 'POST', url: `/api/events/bookings/${id}/confirm`, payload: { token }, remoteAddress: options.ip });
}

/** The secret of a booking's link, from the newest mail that carries it. */
export async function bookingLinkToken(t: TestApp, bookingId: string): Promise<string> {
  const mails = await t.db.db.selectFrom('outbox').select('text_body').orderBy('id', 'desc').execute();
  const link = new RegExp(`/events/bookings/${bookingId}#([A-Za-z0-9_-]+)`);
  const token = mails.map((m) => link.exec(m.text_body)?.[1]).find(Boolean);
  expect(token, `no mail links booking ${bookingId}`).toBeTruthy();
  return token!;
}
