import { TEST_CARDS } from '../src/shared/api/payments';
import { INVALID_CREDENTIALS } from '../src/shared/api/accounts';
import { checkA11y, expect, signIn, test } from './fixtures';
import { collectDialogs, continueToPayment, fillRegistration, fillTestCard, uniqueEmail } from './membership-helpers';

test('a doctor joins on a paid tier with a card, signs in and sees the membership', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('doctor');
  const password = 'Doctor-pass-1234';
  const dialogs = collectDialogs(page);

  await fillRegistration(page, { tier: /^Doctors, Dental Surgeons and Pharmacists/, email, password });
  // The graduation year is only for students.
  await expect(page.getByLabel('Expected graduation year')).toHaveCount(0);
  await continueToPayment(page);

  await expect(page.getByTestId('pay-price')).toHaveText('£50.00 per year');
  // The billing address is prefilled from step one.
  await expect(page.getByRole('group', { name: /billing address/i }).getByLabel('Address line 1')).toHaveValue('1 High Street');
  await expect(page.getByRole('group', { name: /billing address/i }).getByLabel('Postcode')).toHaveValue('SW1A 1AA');
  await checkA11y(page);

  // An incomplete card is not sent.
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect(page.getByText('Enter the card number as it is on the card')).toBeVisible();
  await expect(page).toHaveURL(/\/register\/pay$/);
  await checkA11y(page);

  await fillTestCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect(page).toHaveURL(/\/register\/thanks$/);
  expect(dialogs).toEqual([]);
  // The new member is signed in (decision 086).
  await expect(page.getByRole('status').filter({ hasText: 'You are signed in.' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Doctors, Dental Surgeons and Pharmacists', { exact: true })).toBeVisible();
  await expect(page.getByText('£50.00 per year')).toBeVisible();
  await checkA11y(page);
});

test('a declined card shows the alert and creates no member', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('declined');
  const password = 'Declined-pass-1234';
  const dialogs = collectDialogs(page);

  await fillRegistration(page, { tier: /^Other Allied Healthcare Professions/, email, password });
  await continueToPayment(page);
  await expect(page.getByTestId('pay-price')).toHaveText('£35.00 per year');

  await fillTestCard(page, TEST_CARDS.declined);
  await page.getByRole('button', { name: 'Pay £35.00' }).click();
  await expect.poll(() => dialogs).toEqual(['Payment failed: Your card was declined.']);
  await expect(page).toHaveURL(/\/register\/pay$/);
  await expect(page.getByRole('button', { name: 'Pay £35.00' })).toBeEnabled();
  await checkA11y(page);

  await signIn(page, email, password);
  await expect(page.getByText(INVALID_CREDENTIALS)).toBeVisible();
  await expect(page).toHaveURL(/\/signIn$/);
});

test('an e-mail that already has an account is refused with the server detail', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('twice');
  const password = 'Twice-pass-1234';
  const dialogs = collectDialogs(page);

  await fillRegistration(page, { tier: /^Students/, email, password, gradYear: '2030' });
  await continueToPayment(page);
  await page.getByRole('button', { name: 'Complete registration' }).click();
  await expect(page).toHaveURL(/\/register\/thanks$/);
  // The new member is signed in (decision 086): signed out, they are a visitor trying again.
  await expect(page.getByRole('status').filter({ hasText: 'You are signed in.' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  await fillRegistration(page, { tier: /^Students/, email, password, gradYear: '2030' });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]).not.toBe('');
  await expect(page).toHaveURL(/\/register$/);
  // The visitor's answers are kept for another try.
  await expect(page.getByLabel('First name')).toHaveValue('Ani');
  await checkA11y(page);
});
