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
  // SPEC: Proceed stays disabled until the form is valid.
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeDisabled();
  await checkA11y(page);

  await fillDonation(page, { amount: '25', email });
  await expect(proceed).toBeEnabled();
  // Less than £1 after rounding is not a donation.
  await page.getByLabel('Amount in pounds').fill('0.4');
  await expect(proceed).toBeDisabled();
  await page.getByLabel('Amount in pounds').fill('25');
  await expect(proceed).toBeEnabled();
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
