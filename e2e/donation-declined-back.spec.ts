import { TEST_CARDS } from '../src/shared/api/payments';
import { checkA11y, expect, test } from './fixtures';
import { fillDonation, proceedToCard } from './donation-helpers';
import { collectDialogs, fillTestCard, uniqueEmail } from './membership-helpers';

test('a declined card alerts, Back keeps step 1, and a second card completes the donation', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('donor-declined');
  const dialogs = collectDialogs(page);

  await fillDonation(page, { amount: '12.4', name: 'Ani Sargsyan', email });
  // A name is needed unless Anonymous is ticked.
  await page.getByLabel('Your name').fill('');
  await page.getByLabel('Your name').blur();
  await expect(page.getByText('Enter your name, or tick Anonymous')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('missing-fields').getByRole('listitem')).toHaveText(['Your name: Enter your name, or tick Anonymous']);
  await page.getByLabel('Your name').fill('Ani Sargsyan');

  // Keyboard only: Proceed with Enter, and focus lands on step 2's heading.
  await page.getByRole('button', { name: 'Proceed' }).press('Enter');
  await expect(page.locator('#donate-confirm')).toBeFocused();
  // The amount is the rounded pounds.
  await expect(page.getByTestId('donate-summary')).toHaveText('£12.00 from Ani Sargsyan');

  await fillTestCard(page, TEST_CARDS.declined);
  await page.getByRole('button', { name: 'Donate £12.00' }).click();
  await expect.poll(() => dialogs).toEqual(['Payment failed: Your card was declined.']);
  // The reason stays in the page beside the card form once the alert is gone.
  await expect(page.getByTestId('card-failure')).toHaveText('Payment failed: Your card was declined.');
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByRole('button', { name: 'Donate £12.00' })).toBeEnabled();
  await checkA11y(page);

  // Back returns to step 1 with everything typed.
  await page.getByRole('button', { name: 'Back' }).press('Enter');
  await expect(page.locator('#donate-details')).toBeFocused();
  await expect(page.getByLabel('Amount in pounds')).toHaveValue('12.4');
  await expect(page.getByLabel('Your name')).toHaveValue('Ani Sargsyan');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Anonymous')).not.toBeChecked();
  await checkA11y(page);

  // Nothing changed, so the same payment goes on; a good card completes it.
  await proceedToCard(page);
  await expect(page.getByTestId('donate-summary')).toHaveText('£12.00 from Ani Sargsyan');
  await fillTestCard(page, TEST_CARDS.success);
  await page.getByRole('button', { name: 'Donate £12.00' }).click();
  await expect(page).toHaveURL(/\/donate\/thanks$/);
  expect(dialogs).toEqual(['Payment failed: Your card was declined.']);
});
