import { TEST_CARDS } from '../src/shared/api/payments';
import { londonDate } from '../src/shared/domain/london-time';
import { addYears } from '../src/shared/domain/membership';
import { formatLongDate } from '../src/web/features/membership/membership-format';
import { checkA11y, expect, signIn, test } from './fixtures';
import { collectDialogs, fillTestCard, registerStudentByApi, uniqueEmail } from './membership-helpers';

test('a member renews on a paid tier and sees the thanks banner and a year added', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('renew');
  const password = 'Renew-pass-1234';
  const dialogs = collectDialogs(page);
  await registerStudentByApi(page, email, password);
  const today = londonDate(new Date());

  // Renewing needs a session.
  await page.goto('/renew');
  await expect(page).toHaveURL(/\/signIn$/);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-expiry')).toHaveText(formatLongDate(addYears(today, 1)));

  await page.getByRole('link', { name: 'Renew early' }).click();
  await expect(page).toHaveURL(/\/renew$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Renew your membership' })).toBeVisible();
  // Preselected from the member's current tier.
  await expect(page.getByRole('radio', { name: /^Students/ })).toBeChecked();
  await checkA11y(page);

  await page.getByRole('radio', { name: /^Doctors, Dental Surgeons and Pharmacists/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/renew\/pay$/);
  // Renewing early loses no days: the new year starts when the current one ends.
  await expect(page.getByText(formatLongDate(addYears(today, 1))).first()).toBeVisible();
  await expect(page.getByTestId('pay-price')).toHaveText('£50.00 per year');
  await checkA11y(page);

  await fillTestCard(page, TEST_CARDS.insufficientFunds);
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect.poll(() => dialogs).toEqual(['Payment failed - please try again']);
  await expect(page).toHaveURL(/\/renew\/pay$/);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect(page).toHaveURL(/\/profile#renewed$/);
  await expect(page.getByTestId('renewed-banner')).toBeVisible();
  await expect(page.getByText('Action Required')).toHaveCount(0);
  await expect(page.getByTestId('profile-expiry')).toHaveText(formatLongDate(addYears(today, 2)));
  await expect(page.getByText('Doctors, Dental Surgeons and Pharmacists', { exact: true })).toBeVisible();
  await checkA11y(page);

  // The stored renewal is gone, so the pay page sends the member back to step one.
  await page.goto('/renew/pay');
  await expect(page).toHaveURL(/\/renew$/);
});
