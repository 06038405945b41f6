import { adminAuthorization, checkA11y, expect, test } from './fixtures';
import { uniqueEmail } from './membership-helpers';

type Mail = { subject: string; text: string; attachments: { filename: string; content_type: string; content: string }[] };

test('a visitor books a free event from its page, confirms it from the e-mail’s link, gets the confirmation with the calendar file, and cancels by its link', async ({
  page,
}) => {
  // The journey's own event (its own data: it stays, like any booked event), made as the admin would.
  const email = uniqueEmail('booker');
  const title = `Free lecture ${email.slice(0, 12)}`;
  const admin = await adminAuthorization(page.request);
  const created = await page.request.post('/api/new_event', {
    headers: admin,
    data: {
      title,
      dated: '2099-03-05T18:30',
      end_dated: '2099-03-05T20:00',
      description: 'A talk and questions.',
      venue_name: 'Lecture Hall',
      venue_address: '1 Example Street\nLondon',
      online_url: 'https://meet.example.org/journey',
      capacity: 30,
    },
  });
  const { inserted_id: eventId } = (await created.json()) as { inserted_id: string };

  await page.goto('/events');
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Details and booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Thursday 5 March 2099, 18:30–20:00')).toBeVisible();
  await expect(page.getByText('Online: the link comes with your booking confirmation.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/events/${eventId}.ics`);
  await checkA11y(page);

  // The server names the field at fault.
  await page.getByLabel('Your name').fill('Lilit Hakobyan');
  // An address the browser's own check lets through (type=email), which the server refuses.
  await page.getByLabel('Email').fill('lilit@example');
  await page.getByRole('button', { name: 'Book a place' }).click();
  await expect(page.getByText('email: Enter a valid e-mail address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Book a place' }).click();
  await expect(page.getByTestId('booking-outcome')).toHaveText(
    'Your place is held for an hour. We have sent you an e-mail: open its link and press "Confirm my place" to keep it.',
  );
  await expect(page.getByText('30 (29 left)')).toBeVisible();
  await checkA11y(page);

  // The e-mail's link opens the booking; only its button confirms the place (a mail scanner following the link confirms nothing).
  let mails: Mail[] = [];
  const outbox = async () => {
    mails = (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];
    return mails.length;
  };
  await expect.poll(outbox).toBe(1);
  expect(mails[0]!.subject).toBe(`Confirm your place: ${title}`);
  const link = /http:\/\/[^/\s]+(\/events\/bookings\/[0-9a-f-]{36}#[A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
  await page.goto(link);
  await expect(page.getByTestId('booking-status')).toContainText('Not yet confirmed: your place is held until');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Confirm my place' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Booked');
  await expect(page.getByText('https://meet.example.org/journey')).toBeVisible();

  await expect.poll(outbox).toBe(2);
  const mail = mails.find((m) => m.subject === `Booking confirmed: ${title}`);
  expect(mail!.text).toContain('https://meet.example.org/journey');
  expect(mail!.attachments.map((a) => a.filename)).toEqual(['event.ics']);
  expect(mail!.attachments[0]!.content).toContain(`SUMMARY;LANGUAGE=en-GB:${title}`);
  expect(mail!.attachments[0]!.content).toContain('DTEND:20990305T200000Z');

  // Cancelling from the same link passes the place on.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
});
