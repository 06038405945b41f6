import type { Download } from '@playwright/test';
import { londonDate, londonDayStart, toLondonLocal } from '../src/shared/domain/london-time';
import { adminAuthorization, checkA11y, expect, sessionToken, signIn, test, waitForHydrationOnNavigation } from './fixtures';
import { registerStudentByApi, uniqueEmail } from './membership-helpers';

async function pdfStart(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).subarray(0, 5).toString('latin1');
}

test('an attendee marked as attended downloads the CPD certificate from the e-mailed link and from My Profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('certificate');
  const password = 'Certificate-pass-1234';
  const title = `CPD lecture ${email.slice(0, 26)}`;
  // Its own event, starting in a few minutes: booking closes at the start, and attendance is marked from the event's day.
  const start = new Date(Date.now() + 3 * 60_000);
  const admin = await adminAuthorization(page.request);
  const created = await page.request.post('/api/new_event', {
    headers: admin,
    data: { title, dated: toLondonLocal(start), description: 'A lecture with CPD.', cpd_hours: 2 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { inserted_id: eventId } = (await created.json()) as { inserted_id: string };

  await registerStudentByApi(page, email, password);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  const booked = await page.request.post(`/api/events/${eventId}/book`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    data: {},
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const { booking_id: bookingId } = (await booked.json()) as { booking_id: string };

  // Run just before midnight, the event is tomorrow's: wait for its day.
  const untilItsDay = Date.parse(londonDayStart(londonDate(start))) - Date.now();
  if (untilItsDay > 0) await page.waitForTimeout(untilItsDay + 1_000);
  const marked = await page.request.post(`/api/admin/events/bookings/${bookingId}/attendance`, {
    headers: admin,
    data: { attended: true },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  const { certificate_number: number } = (await marked.json()) as { certificate_number: string };

  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as {
        subject: string;
        text: string;
      }[];
      const mail = mails.find((m) => m.subject === `Your certificate: ${title}`);
      link = /Download your certificate: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return mail?.text.includes(`Certificate number: ${number}`) ?? false;
    })
    .toBe(true);

  // The link works in any browser, signed in or not: its secret stays after the "#".
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', reducedMotion: 'reduce' });
  const reader = waitForHydrationOnNavigation(await context.newPage());
  const path = new URL(link);
  await reader.goto(new URL(`${path.pathname}${path.hash}`, page.url()).href);
  await expect(reader.getByText('Thank you for attending. Your CPD certificate is ready to download.')).toBeVisible();
  await checkA11y(reader);
  const [fromLink] = await Promise.all([
    reader.waitForEvent('download'),
    reader.getByRole('button', { name: 'Download certificate' }).click(),
  ]);
  expect(fromLink.suggestedFilename()).toBe(`certificate-${bookingId}.pdf`);
  expect(await pdfStart(fromLink)).toBe('%PDF-');
  await context.close();

  // My Profile offers it too.
  await page.goto('/profile');
  const certificate = page.getByRole('button', { name: `Download certificate: ${title}` });
  await expect(certificate).toHaveText('Certificate');
  await checkA11y(page);
  const [fromProfile] = await Promise.all([page.waitForEvent('download'), certificate.click()]);
  expect(await pdfStart(fromProfile)).toBe('%PDF-');
});
