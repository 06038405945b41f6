import { toLondonLocal } from '../src/shared/domain/london-time';
import { adminAuthorization, checkA11y, expect, signInAsAdmin, test } from './fixtures';
import { confirmFromMail } from './booking-helpers';
import { uniqueEmail } from './membership-helpers';

test.use({ viewport: { width: 375, height: 740 } });

test('on a phone at the door, the admin opens the event, finds an attendee by name, checks them in and verifies the certificate', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const email = uniqueEmail('check-in');
  const name = `Gayane Petrosyan ${stamp}`;
  // The journey's own event, starting in a few minutes: attendance is marked from the day of the event.
  const title = `Evening lecture ${stamp}`;
  const admin = await adminAuthorization(page.request);
  const startsSoon = toLondonLocal(new Date(Date.now() + 10 * 60 * 1000));
  const created = await page.request.post('/api/new_event', {
    headers: admin,
    data: {
      title,
      dated: startsSoon,
      description: 'Check-in journey.',
      capacity: 20,
      cpd_hours: 1.5,
    },
  });
  const { inserted_id: eventId } = (await created.json()) as { inserted_id: string };
  for (const [who, address] of [
    [name, email],
    [`Bedros Papazian ${stamp}`, uniqueEmail('check-in-other')],
  ]) {
    const booked = await page.request.post(`/api/events/${eventId}/book`, { data: { name: who, email: address } });
    expect(booked.status()).toBe(200);
    await confirmFromMail(page.request, address!, ((await booked.json()) as { booking_id: string }).booking_id);
  }
  // Attendance is marked from the event's London day. In the last ten minutes before midnight the
  // event just booked falls on tomorrow: it is moved to the start of today, as an admin would
  // record a lecture that has begun.
  const today = toLondonLocal(new Date()).slice(0, 10);
  if (!startsSoon.startsWith(today)) {
    const moved = await page.request.post('/api/update_event', {
      headers: admin,
      data: { _id: eventId, title, dated: `${today}T00:00`, description: 'Check-in journey.', capacity: 20, cpd_hours: 1.5 },
    });
    expect(moved.status()).toBe(200);
  }

  // From the event's own page, the admin's link to its bookings.
  await signInAsAdmin(page);
  await page.goto(`/events/${eventId}`);
  await page.getByRole('link', { name: 'Bookings and check-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${eventId}$`));
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const checkIn = page.getByRole('region', { name: 'Check-in' });
  await expect(checkIn.getByRole('status')).toHaveText('0 of 2 checked in');
  await checkA11y(page);

  // Typing part of the name narrows the list to the one person.
  await checkIn.getByRole('searchbox', { name: 'Find by name or e-mail' }).fill('gayane');
  const person = checkIn.getByRole('button', { name: new RegExp(name) });
  await expect(checkIn.getByRole('list', { name: 'Confirmed bookings' }).getByRole('button')).toHaveCount(1);
  await expect(person).toHaveAttribute('aria-pressed', 'false');
  // A large target: at least 48 px tall and nearly the screen's width.
  const box = (await person.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(48);
  expect(box.width).toBeGreaterThan(280);

  await person.click();
  await expect(person).toHaveAttribute('aria-pressed', 'true');
  await expect(person).toContainText('Checked in');
  await expect(checkIn.getByRole('status')).toHaveText('1 of 2 checked in');
  await checkA11y(page);

  // The bookings table says so too, and the certificate number it was given checks out.
  const bookings = await page.request.get(`/api/admin/events/${eventId}/bookings?q=${encodeURIComponent('gayane')}`, { headers: admin });
  const [row] = ((await bookings.json()) as { items: { attended_at: string | null; certificate_number: string | null }[] }).items;
  expect(row!.attended_at).not.toBeNull();
  const certificate = page.getByRole('search', { name: 'Verify a certificate number' });
  await certificate.getByRole('textbox', { name: 'Certificate number' }).fill(row!.certificate_number!);
  await certificate.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`${row!.certificate_number} is genuine: ${name} (${email}) attended ${title}`)).toBeVisible();
  await certificate.getByRole('textbox', { name: 'Certificate number' }).fill('CPD-0000-NONE-SUCH');
  await certificate.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('No such certificate: no certificate has the number CPD-0000-NONE-SUCH.')).toBeVisible();
  await checkA11y(page);

  // The admin's list of events links here too.
  await page.goto('/admin/events');
  await expect(page.getByRole('region', { name: 'Events' }).getByRole('link', { name: title })).toBeVisible();
  await checkA11y(page);
});
