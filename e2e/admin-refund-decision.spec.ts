import { formatLongDate } from '../src/shared/domain/dates';
import { londonDate } from '../src/shared/domain/london-time';
import { expiryDate } from '../src/shared/domain/membership';
import { checkA11y, expect, signInAsAdmin, test } from './fixtures';
import { uniqueEmail } from './membership-helpers';

test('a refunded payment shows on the member page, and the admin takes off the year it paid for', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = uniqueEmail('refund');
  const name = `Ani Refunded${stamp}`;

  // A doctor joins and pays by card, through the API (the journeys of joining are elsewhere).
  const proceed = await page.request.post('/api/register_proceed', {
    data: {
      tier_index: 0,
      first_name: 'Ani',
      last_name: `Refunded${stamp}`,
      email,
      plain_pw: 'Refund-journey-1234',
      addr_line1: '1 High Street',
      addr_city: 'London',
      addr_post: 'SW1A 1AA',
      phone_no: '+44 20 7946 0000',
    },
  });
  expect(proceed.ok()).toBe(true);
  const { client_secret } = (await proceed.json()) as { client_secret: string };
  expect(
    (
      await page.request.post('/api/payments/test_confirm', {
        data: { client_secret, card_number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      })
    ).ok(),
  ).toBe(true);
  // The card provider reports a full refund, as Stripe's webhook would.
  expect((await page.request.post('/api/test/refund', { data: { email } })).ok()).toBe(true);

  await signInAsAdmin(page);
  await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email);
  await page.getByRole('region', { name: 'Members' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' }).locator('dt:text-is("Expiry") + dd')).toHaveText(
    formatLongDate(expiryDate(londonDate(new Date()))),
  );

  const notice = page.getByRole('region', { name: 'Payment refunded' });
  await expect(notice).toContainText('The registration of £50.00');
  await expect(notice).toContainText('The membership has not been changed');
  const payments = page.getByRole('region', { name: `Payments of ${name}` });
  await expect(payments).toContainText('Refunded');
  await expect(payments).toContainText('£50.00 refunded');
  await checkA11y(page);

  await notice.getByRole('button', { name: 'Take off the year it paid for' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Take a year off ${name}’s membership?` });
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Take off the year' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  // The year it bought is gone: the membership ends today instead of a year from now.
  const expiry = page.getByRole('region', { name: 'Details' }).locator('dt:text-is("Expiry") + dd');
  await expect(expiry).toHaveText(formatLongDate(londonDate(new Date())));
  await checkA11y(page);
});
