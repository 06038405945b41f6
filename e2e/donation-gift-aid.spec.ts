import fs from 'node:fs/promises';
import { GIFT_AID_DECLARATION, GIFT_AID_DECLARATION_THIS_ONLY } from '../src/shared/api/donations';
import { TEST_CARDS } from '../src/shared/api/payments';
import { adminAuthorization, checkA11y, expect, signInAsAdmin, test } from './fixtures';
import { fillDonation, proceedToCard } from './donation-helpers';
import { collectDialogs, fillTestCard, uniqueEmail } from './membership-helpers';

/** The day in London as the HMRC schedule writes it: DD/MM/YY. */
function londonDdMmYy(): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).split('-');
  return `${d}/${m}/${y!.slice(2)}`;
}

// Gift Aid and the charity number are site-wide: each run starts without them and puts back what it found.
let found: { enabled: boolean; charity_number: string } | undefined;
test.beforeEach(async ({ request }) => {
  const headers = await adminAuthorization(request);
  found = (await (await request.get('/api/admin/gift_aid', { headers })).json()) as typeof found;
  await request.post('/api/admin/gift_aid', { headers, data: { enabled: false } });
  await request.post('/api/set_string', { headers, data: { key: 'charity_number', value: '' } });
});
test.afterEach(async ({ request }) => {
  if (!found) return;
  const headers = await adminAuthorization(request);
  await request.post('/api/admin/gift_aid', { headers, data: { enabled: false } });
  await request.post('/api/set_string', { headers, data: { key: 'charity_number', value: found.charity_number } });
  if (found.enabled) await request.post('/api/admin/gift_aid', { headers, data: { enabled: true } });
});

test('the admin offers Gift Aid, a donor adds it, and the donation is in the HMRC schedule', async ({ page }) => {
  test.slow();
  const dialogs = collectDialogs(page);
  const email = uniqueEmail('donor-gift-aid');
  const lastName = `Sargsyan${Date.now() % 100000}`;

  // The admin: the Gift Aid page says whether it is offered; the switch is in Settings.
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Manage Gift Aid' }).click();
  await expect(page).toHaveURL(/\/admin\/gift-aid$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Gift Aid', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offer Gift Aid' })).toContainText('Not offered');
  await checkA11y(page);
  await page.getByRole('link', { name: 'Change in Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#gift-aid$/);

  // Gift Aid needs the charity number first.
  const form = page.getByRole('form', { name: 'Settings' });
  const toggle = form.getByLabel('Offer Gift Aid on the donate page');
  await expect(toggle).toBeDisabled();
  await form.getByLabel('Registered charity number').fill('1234567');
  await expect(toggle).toBeEnabled();
  await toggle.check();
  await expect(toggle).toBeChecked();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  // The footer names the registered charity, and the Gift Aid page says it is offered.
  await expect(page.getByRole('contentinfo')).toContainText('Registered charity number 1234567');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Gift Aid', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Offer Gift Aid' })).toContainText('Offered on the donate page');

  // A visitor gives with Gift Aid.
  await page.evaluate(() => sessionStorage.removeItem('session'));
  await fillDonation(page, { amount: '40', name: `Ani ${lastName}`, email });
  await page.getByLabel('Yes, I want to add Gift Aid').check();
  await expect(page.getByTestId('gift-aid-boost')).toContainText('£10.00');
  // The names come from the name typed above.
  await expect(page.getByLabel('First name')).toHaveValue('Ani');
  await expect(page.getByLabel('Last name')).toHaveValue(lastName);
  await page.getByLabel('House name or number').fill('12 Rose Lane');
  // Not confirmed yet: Proceed says so (decision 089).
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('missing-fields').getByRole('listitem')).toHaveText([
    'Postcode: Enter your postcode, or tick "I do not live in the UK"',
    'I confirm the declaration above: Tick the declaration to add Gift Aid',
  ]);
  await page.getByLabel('I do not live in the UK').check();
  await expect(page.getByLabel('Postcode')).toHaveCount(0);
  await page.getByLabel('I do not live in the UK').uncheck();
  await page.getByLabel('Postcode').fill('SW1A 1AA');
  await expect(page.getByTestId('gift-aid-declaration')).toHaveText(GIFT_AID_DECLARATION_THIS_ONLY);
  await page.getByLabel('This donation, future donations and those of the past four years').check();
  await expect(page.getByTestId('gift-aid-declaration')).toHaveText(GIFT_AID_DECLARATION);
  await page.getByLabel('I confirm the declaration above').check();
  await checkA11y(page);

  await proceedToCard(page);
  await expect(page.getByTestId('donate-summary')).toHaveText(`£40.00 from Ani ${lastName}`);
  await checkA11y(page);
  await fillTestCard(page, TEST_CARDS.success);
  await page.getByRole('button', { name: 'Donate £40.00' }).click();
  await expect(page).toHaveURL(/\/donate\/thanks$/);

  // The admin sees the declaration and downloads today's schedule.
  await signInAsAdmin(page);
  await page.goto('/admin/gift-aid');
  const row = page.getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('12 Rose Lane, SW1A 1AA');
  await expect(row).toContainText('£40.00');
  await expect(row).toContainText('Past and future donations');
  await expect(row).toContainText('Active');
  await checkA11y(page);

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download HMRC schedule (CSV)' }).click();
  const download = await downloading;
  const csv = await fs.readFile(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  // HMRC's columns, each line numbered (Item).
  expect(lines[0]).toBe(
    'Item,Title,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date (DD/MM/YY),Amount',
  );
  const line = lines.find((l) => l.includes(lastName));
  expect(line).toMatch(new RegExp(`^\\d+,,Ani,${lastName},12 Rose Lane,SW1A 1AA,,,${londonDdMmYy().replace(/\//g, '\\/')},40\\.00$`));

  // Cancelling asks first.
  await row.getByRole('button', { name: /Cancel declaration/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to cancel this Gift Aid declaration?' });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel declaration' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Cancelled');
  // A cancelled declaration stays as readable as the others, in the table and on a phone's cards:
  // greyed by its background, not faded.
  await checkA11y(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await checkA11y(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(dialogs).toEqual([]);

  // Back as it was: no charity number, no Gift Aid.
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token?: string }).token);
  const reset = await page.request.post('/api/admin/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { charity_number: '' },
  });
  expect(reset.status()).toBe(200);
});
