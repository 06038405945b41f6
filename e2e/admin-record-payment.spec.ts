import { formatLongDate } from '../src/shared/domain/dates';
import { londonDate } from '../src/shared/domain/london-time';
import { expiryDate } from '../src/shared/domain/membership';
import { checkA11y, expect, signInAsAdmin, test } from './fixtures';
import { continueToPayment, fillRegistration, uniqueEmail } from './membership-helpers';

test('the admin records a cheque for a member, whose membership runs a year longer, with a receipt', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  // A cheque number of this run's own, so the search below finds only this payment on a reused server
  // (letters too, so it never matches the digits in the member's name or e-mail).
  const cheque = `CHQ-${stamp.toString(36).toUpperCase()}`;
  const email = uniqueEmail('record-payment');
  const name = `Ani Petrosyan${stamp}`;
  // A new student's year runs from today; paying now adds a year from its end, losing no days.
  const currentExpiry = expiryDate(londonDate(new Date()));
  const newExpiry = formatLongDate(expiryDate(currentExpiry));

  // A visitor joins as a student (free).
  await fillRegistration(page, {
    tier: /^Students/,
    email,
    password: 'Record-payment-1234',
    lastName: `Petrosyan${stamp}`,
    gradYear: '2030',
  });
  await continueToPayment(page);
  await page.getByRole('button', { name: 'Complete registration' }).click();
  await expect(page).toHaveURL(/\/register\/thanks$/);

  // The admin finds them in the back office and opens their page.
  await signInAsAdmin(page);
  await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email);
  await page.getByRole('region', { name: 'Members' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  const section = page.getByRole('region', { name: 'Record a payment received by hand' });
  await expect(section).toContainText(`their membership runs for another year from ${formatLongDate(currentExpiry)}`);
  const tier = section.getByRole('combobox', { name: 'Tier' });
  const amount = section.getByRole('textbox', { name: 'Amount' });
  const note = section.getByRole('textbox', { name: 'Note' });
  await expect(tier).toHaveText(/^Students/);
  await expect(amount).toHaveValue('0.00');
  await checkA11y(page);

  // The amount follows the tier chosen; the note is required.
  await tier.click();
  await page.getByRole('option', { name: /^Other Allied Healthcare Professions/ }).click();
  await expect(amount).toHaveValue('35.00');
  await section.getByRole('button', { name: 'Record payment' }).click();
  await expect(note).toHaveAccessibleDescription(/Say how it was paid/);
  await expect(note).toBeFocused();
  await checkA11y(page);

  // Asked first, with the new expiry, then recorded.
  await note.fill(`Cheque ${cheque}`);
  await section.getByRole('button', { name: 'Record payment' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Record £35.00 from ${name}?` });
  await expect(confirm).toContainText(`the membership will run until ${newExpiry}`);
  await expect(confirm).toContainText(email);
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Record payment' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText(`Recorded. ${name}’s membership now runs until ${newExpiry}.`);
  await expect(note).toHaveValue('');
  await checkA11y(page);

  // The member's page shows the new year and the payment with its note.
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(newExpiry);
  await expect(details).toContainText('Other Allied Healthcare Professions');
  const renewal = page
    .getByRole('region', { name: `Payments of ${name}` })
    .getByRole('row')
    .filter({ hasText: 'Renewal' });
  await expect(renewal).toContainText('£35.00');
  await expect(renewal).toContainText('By hand');
  await expect(renewal).toContainText(`Cheque ${cheque}`);

  // The Payments tab finds it by the note.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Payments', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, reference or note' }).fill(cheque);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${cheque}`));
  const payments = page.getByRole('region', { name: 'Payments' });
  // The heading row and the one payment: the member's registration does not match.
  await expect(payments.getByRole('row')).toHaveCount(2);
  const payment = payments.getByRole('row').filter({ hasText: email });
  await expect(payment).toContainText('Renewal');
  await expect(payment).toContainText('£35.00');
  await expect(payment).toContainText(`Cheque ${cheque}`);
  await checkA11y(page);

  // The audit log names the member.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log', exact: true }).click();
  const entry = page
    .getByRole('region', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'Memberships' })
    .filter({ hasText: email });
  await expect(entry).toContainText('Recorded');
  await expect(entry).toContainText(`Cheque ${cheque}`);
  await checkA11y(page);

  // The receipt waits in the outbox.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Outbox', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search by address or subject' }).fill(email);
  // The search applies after a pause: until then other receipts (earlier runs on a reused server) are listed too.
  await expect(page).toHaveURL(/[?&]q=/);
  const mail = page
    .getByRole('region', { name: 'Messages' })
    .getByRole('row')
    .filter({ hasText: 'Renewal receipt' })
    .filter({ hasText: email });
  await expect(mail).toHaveCount(1);
  await checkA11y(page);
  await mail.getByRole('button', { name: 'Your membership renewal receipt' }).click();
  const text = page.getByRole('dialog').getByRole('region', { name: 'Message text' });
  await expect(text).toContainText('£35.00');
  await expect(text).toContainText(newExpiry);
  await checkA11y(page);
});
