import fs from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { checkA11y, adminAuthorization, expect, signIn, test } from './fixtures';
import { collectDialogs, fillTestCard, registerStudentByApi, uniqueEmail } from './membership-helpers';

type Mail = { subject: string; text: string };

test('a member books a paid event with a card at the member price, sees it in My Profile, and cancels it for a refund', async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail('paid-booker');
  const password = 'Booker-pass-1234';
  const dialogs = collectDialogs(page);
  // The journey's own event and member; the event is deleted at the end, once its booking is cancelled.
  const title = `Paid lecture ${email.slice(0, 24)}`;
  const admin = await adminAuthorization(page.request);
  const created = await page.request.post('/api/new_event', {
    headers: admin,
    data: {
      title,
      dated: '2099-04-02T18:30',
      end_dated: '2099-04-02T20:30',
      description: 'A paid lecture with CPD.',
      venue_name: 'Lecture Hall',
      capacity: 20,
      member_price_pence: 1200,
      price_pence: 2000,
      cpd_hours: 1.5,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { inserted_id: eventId } = (await created.json()) as { inserted_id: string };
  await registerStudentByApi(page, email, password);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Booking as')).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Book a place' }).click();

  // The card step, with the member price from the server.
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  await expect(page.getByText('To pay: £12.00')).toBeVisible();
  await checkA11y(page);
  await fillTestCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £12.00' }).click();
  await expect(page.getByTestId('booking-outcome')).toHaveText(
    'Your place is booked. A confirmation with a calendar file is on its way to your inbox.',
  );
  await checkA11y(page);

  // My Profile lists it as upcoming, and opens its booking page.
  await page.goto('/profile');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByRole('link', { name: title })).toBeVisible();
  await expect(upcoming.getByText(/Booked · open to cancel/)).toBeVisible();
  await checkA11y(page);

  // Its receipt: a short number, and what was bought named by the event's title.
  const payments = page.getByRole('region', { name: 'Payments' });
  const row = payments.getByRole('row').filter({ hasText: `Event booking: ${title}` });
  await expect(row).toBeVisible();
  const receiptButton = row.getByRole('button', { name: /^R-\d{4}-\d{6} PDF\b.*Download receipt/ });
  const receiptNumber = ((await receiptButton.textContent()) ?? '').match(/R-\d{4}-\d{6}/)![0];
  const [download] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
  expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
  const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(await download.path())));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain(receiptNumber);
  expect(text).toContain(`Event booking: ${title}`);
  expect(text).toContain(email);
  expect(text).toContain('£12.00');

  await upcoming.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/events\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('booking-status')).toHaveText('Booked');
  await expect(page.getByText('Cancel now and your payment is refunded to your card.')).toBeVisible();
  await checkA11y(page);

  // Cancelled weeks before the cut-off: refunded through the provider.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to cancel this booking?' });
  await expect(confirm).toBeVisible();
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(page.getByText('Refunded: £12.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await checkA11y(page);

  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      mails = (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];
      return mails.map((m) => m.subject).filter((s) => s.includes(title)).length;
    })
    .toBe(2);
  const cancelled = mails.find((m) => m.subject === `Booking cancelled: ${title}`)!;
  expect(cancelled.text).toContain('£12.00 is being refunded to your card');
  expect(mails.some((m) => m.subject === `Booking confirmed: ${title}`)).toBe(true);

  // My Profile shows it cancelled, without the offer to cancel.
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByText('Cancelled')).toBeVisible();
  expect(dialogs).toEqual([]);

  const removed = await page.request.post('/api/delete_event', { headers: admin, data: { _id: eventId } });
  expect(removed.status(), await removed.text()).toBe(200);
});
