import { TEST_CARDS } from '../src/shared/api/payments';
import { checkA11y, expect, test } from './fixtures';
import { fillDonation, proceedToCard, receiptFor } from './donation-helpers';
import { collectDialogs, fillTestCard, uniqueEmail } from './membership-helpers';

test('an anonymous donation by card reaches the thanks page and a receipt arrives', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('donor-anon');
  const dialogs = collectDialogs(page);

  await page.goto('/donate');
  await expect(page).toHaveTitle(/Donate/);
  // Proceed is there to press, and says what is missing (decision 089).
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await proceed.click();
  await expect(page.getByTestId('missing-fields').getByRole('listitem')).toHaveText([
    'Amount in pounds: Enter an amount of at least £1',
    'Your name: Enter your name, or tick Anonymous',
    'Email: Enter your e-mail address for the receipt',
  ]);
  await expect(page.getByLabel('Amount in pounds')).toBeFocused();
  await checkA11y(page);

  await fillDonation(page, { amount: '25', email });
  // Less than £1 after rounding is not a donation.
  await page.getByLabel('Amount in pounds').fill('0.4');
  await proceed.click();
  await expect(page.getByTestId('missing-fields').getByRole('listitem')).toHaveText(['Amount in pounds: Enter an amount of at least £1']);
  await page.getByLabel('Amount in pounds').fill('25');
  await expect(page.getByTestId('missing-fields')).toHaveCount(0);
  await checkA11y(page);

  await proceedToCard(page);
  await expect(page.getByTestId('donate-summary')).toHaveText('£25.00 from an anonymous donor');
  await checkA11y(page);

  await fillTestCard(page, TEST_CARDS.success);
  await page.getByRole('button', { name: 'Donate £25.00' }).click();
  await expect(page).toHaveURL(/\/donate\/thanks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  expect(dialogs).toEqual([]);
  await checkA11y(page);

  const receipt = await receiptFor(page, email);
  expect(`${receipt.subject}\n${receipt.text}`).toContain('£25.00');
});
