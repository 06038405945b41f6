import { londonDate } from '../src/shared/domain/london-time';
import { addDays, addYears } from '../src/shared/domain/membership';
import { formatLongDate } from '../src/shared/domain/dates';
import { checkA11y, expect, test } from './fixtures';
import { collectDialogs, continueToPayment, fillRegistration, fillTestCard, uniqueEmail } from './membership-helpers';

type Mail = { subject: string; text: string };

test('a member joins with automatic renewal on, a year later they are charged and receive the receipt, then turns it off', async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail('auto-renew');
  const dialogs = collectDialogs(page);
  const joined = londonDate(new Date());
  const expiry = addYears(joined, 1);

  await fillRegistration(page, { tier: /^Doctors, Dental Surgeons and Pharmacists/, email, password: 'Auto-renew-pass-1234' });
  await page.getByRole('checkbox', { name: 'Renew automatically each year' }).check();
  await continueToPayment(page);
  await expect(page.getByText('Each year, with the card you pay with now')).toBeVisible();
  await fillTestCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect(page).toHaveURL(/\/register\/thanks$/);
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  const section = page.getByRole('region', { name: 'Automatic renewal' });
  await expect(section.getByText('Your membership renews automatically.')).toBeVisible();
  await expect(section.getByText(`Next charge: £50.00 on ${formatLongDate(expiry)}.`)).toBeVisible();
  await expect(section.getByText('Card: Visa ending 4242, expires 12/2034.')).toBeVisible();
  await checkA11y(page);

  // The clock moves a year, for the automatic renewal jobs only (the test provider's journeys' control).
  const run = async (day: string) => {
    const answer = await page.request.post('/api/test/auto_renewals/run', { data: { at: `${day}T09:00:00Z` } });
    expect(answer.ok()).toBe(true);
  };
  const inbox = async () => (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];
  await run(addDays(expiry, -14));
  await expect
    .poll(async () => (await inbox()).map((m) => m.subject))
    .toContain(`Your membership renews automatically on ${formatLongDate(expiry)}`);
  await run(expiry);
  await expect.poll(async () => (await inbox()).map((m) => m.subject)).toContain('Your membership renewal receipt');
  const receipt = (await inbox()).find((m) => m.subject === 'Your membership renewal receipt')!;
  expect(receipt.text).toContain(`Membership from: ${formatLongDate(expiry)}`);
  expect(receipt.text).toContain(`Membership until: ${formatLongDate(addYears(expiry, 1))}`);

  await page.reload();
  await expect(section.getByText(`Next charge: £50.00 on ${formatLongDate(addYears(expiry, 1))}.`)).toBeVisible();

  // Turned off, nothing is charged the next year: the jobs pass the date by.
  await section.getByRole('button', { name: 'Turn off automatic renewal' }).click();
  await expect(section.getByText('Automatic renewal is off. Your card will not be charged.')).toBeVisible();
  await page.reload();
  await expect(section.getByRole('button', { name: 'Turn on automatic renewal' })).toBeVisible();
  await run(addYears(expiry, 1));
  expect((await inbox()).filter((m) => m.subject === 'Your membership renewal receipt')).toHaveLength(1);
  expect(dialogs).toEqual([]);
});
