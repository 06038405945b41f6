import { TEST_CARDS } from '../src/shared/api/payments';
import { checkA11y, expect, test } from './fixtures';
import { fillDonation, receiptFor } from './donation-helpers';
import { collectDialogs, uniqueEmail } from './membership-helpers';

test('a donor starts monthly giving, gets the receipt, changes the card and cancels it from the link in it', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('donor-monthly');
  const dialogs = collectDialogs(page);

  await fillDonation(page, { amount: '15', name: 'Ani Petrosyan', email });
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('donate-summary')).toHaveText('£15.00 every month from Ani Petrosyan');
  await checkA11y(page);

  // The setup flow saves the card with the provider; the first month is taken as the gift starts.
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByLabel('Card number').fill(TEST_CARDS.success);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start my monthly gift' }).click();
  await expect(page.getByText('Thank you: your monthly gift has started')).toBeVisible();
  expect(dialogs).toEqual([]);

  const receipt = await receiptFor(page, email);
  expect(receipt.text).toContain('Monthly gift: £15.00');
  const link = new URL(/https?:\/\/\S+\/donate\/monthly\/\S+/.exec(receipt.text)![0]);
  // Opening the link (as a mail scanner would) changes nothing: only the page's button cancels.
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByText('£15.00 each month')).toBeVisible();
  await expect(page.getByText(/^Active/)).toBeVisible();
  await checkA11y(page);

  // A new card: saved with the provider, nothing taken; the later months come from it.
  await page.getByRole('button', { name: 'Change card' }).click();
  const newCard = page.getByRole('form', { name: 'Card details' });
  await expect(newCard.getByText('Nothing is taken now, except a month that was declined')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel my monthly gift' })).toHaveCount(0);
  await checkA11y(page);
  await newCard.getByLabel('Card number').fill('5555 5555 5555 4444');
  await newCard.getByLabel('Expiry (MM/YY)').fill('11/33');
  await newCard.getByLabel('CVC').fill('321');
  await newCard.getByRole('button', { name: 'Save the new card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your monthly gift will now come from the new card.' })).toBeVisible();
  await expect(page.getByText(/^Active · Mastercard ···· 4444/)).toBeVisible();
  await checkA11y(page);
  // The donor is told, with the link back should it not have been them.
  await expect.poll(async () => (await receiptFor(page, email)).subject).toBe('The card for your monthly gift has been changed');
  expect((await receiptFor(page, email)).text).toContain('your Mastercard card ending 4444');

  await page.getByRole('button', { name: 'Cancel my monthly gift' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your monthly gift is cancelled.' })).toHaveText(
    'Your monthly gift is cancelled. Nothing more will be taken.',
  );
  await expect(page.getByRole('button', { name: 'Cancel my monthly gift' })).toHaveCount(0);
});
