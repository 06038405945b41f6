import { addYears } from '../src/shared/domain/membership';
import { londonDate } from '../src/shared/domain/london-time';
import { formatLongDate } from '../src/web/features/membership/membership-format';
import { checkA11y, expect, signIn, test } from './fixtures';
import { continueToPayment, fillRegistration, uniqueEmail } from './membership-helpers';

test('a student joins for free, signs in and sees the membership on the profile', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('student');
  const password = 'Student-pass-1234';

  await page.goto('/register');
  await expect(page).toHaveTitle('AMA GB | Join us');
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', '/signIn');
  await expect(page.getByText('£50.00 per year')).toBeVisible();
  await expect(page.getByText('£35.00 per year')).toBeVisible();
  await checkA11y(page);

  // Nothing chosen or typed: the button is there to press, and says what is missing (decision 089).
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const missing = page.getByTestId('missing-fields');
  await expect(missing).toContainText('Please fill in or correct:');
  await expect(missing.getByRole('listitem').first()).toHaveText('Membership tier: Choose a membership tier');
  await expect(missing.getByRole('link', { name: 'Email' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await checkA11y(page);
  await missing.getByRole('link', { name: 'Last name' }).click();
  await expect(page.getByLabel('Last name')).toBeFocused();

  await fillRegistration(page, { tier: /^Students/, email, password, gradYear: '2029' });
  await continueToPayment(page);
  // The pay page's data never includes the password.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(stored).toContain(email);
  expect(stored).not.toContain(password);

  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
  await expect(page.getByText('Students', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pay-price')).toHaveText('Free');
  await expect(page.getByText(formatLongDate(londonDate(new Date()))).first()).toBeVisible();
  await checkA11y(page);

  await page.getByRole('button', { name: 'Complete registration' }).click();
  await expect(page).toHaveURL(/\/register\/thanks$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See our events' })).toHaveAttribute('href', '/events');
  // The new member is signed in (decision 086): no password to type again.
  await expect(page.getByRole('status').filter({ hasText: 'You are signed in.' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('membership.')))).toEqual([]);
  await checkA11y(page);

  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page).toHaveTitle('AMA GB | My Profile');
  await expect(page.getByTestId('profile-first-name')).toHaveText('Ani');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Students', { exact: true })).toBeVisible();
  const today = londonDate(new Date());
  await expect(page.getByTestId('profile-expiry')).toHaveText(formatLongDate(addYears(today, 1)));
  await expect(page.getByTestId('expiry-text')).toHaveText(/^Your membership expires in 36[56] days$/);
  await expect(page.getByText('Action Required')).toHaveCount(0);
  await checkA11y(page);

  // Signed out, the password chosen when joining signs in.
  await page.evaluate(() => sessionStorage.removeItem('session'));
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);

  // Going back to the pay page with nothing stored returns to step one.
  await page.goto('/register/pay');
  await expect(page).toHaveURL(/\/register$/);
});
