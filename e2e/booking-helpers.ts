import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A visitor's free booking waits for its e-mail's link (decision 092): the secret is read from the
 * mail in the outbox and the booking confirmed as the page's "Confirm my place" button does.
 */
export async function confirmFromMail(request: APIRequestContext, email: string, bookingId: string): Promise<void> {
  const link = new RegExp(`/events/bookings/${bookingId}#([A-Za-z0-9_-]+)`);
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
      token = mails.map((m) => link.exec(m.text)?.[1]).find(Boolean);
      return Boolean(token);
    })
    .toBe(true);
  const confirmed = await request.post(`/api/events/bookings/${bookingId}/confirm`, { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}
