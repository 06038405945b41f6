import fs from 'node:fs/promises';
import { LAST_ADMIN } from '../src/shared/api/admin';
import { ADMIN_EMAIL, checkA11y, expect, signIn, signInAsAdmin, test, waitForHydrationOnNavigation } from './fixtures';
import { codeAt } from './admin-session';
import { continueToPayment, fillRegistration, uniqueEmail } from './membership-helpers';

test('the admin finds a new member, exports the list, makes them an editor and sees their article in the audit log', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = uniqueEmail('back-office');
  const password = 'Back-office-pass-1234';
  const name = `Nare Tester${stamp}`;
  const title = `A new editor writes ${stamp}`;

  // A visitor joins as a student (free).
  await fillRegistration(page, { tier: /^Students/, email, password, firstName: 'Nare', lastName: `Tester${stamp}`, gradYear: '2030' });
  await continueToPayment(page);
  await page.getByRole('button', { name: 'Complete registration' }).click();
  await expect(page).toHaveURL(/\/register\/thanks$/);

  // They sign in on their own browser and, as a member, may not write articles yet.
  const memberContext = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', reducedMotion: 'reduce' });
  const member = waitForHydrationOnNavigation(await memberContext.newPage());
  await signIn(member, email, password);
  await expect(member).toHaveURL(/\/profile$/);
  await member.goto('/news');
  await expect(member.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(member.getByRole('link', { name: 'New article' })).toHaveCount(0);
  await expect(member.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await member.goto('/admin');
  await expect(member.getByText("The back office is only for the site's admin.")).toBeVisible();
  await expect(member.getByRole('tablist')).toHaveCount(0);
  await checkA11y(member);
  await member.goto('/news');

  // The admin opens the back office from the account links in the header.
  await signInAsAdmin(page);
  await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Members', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Members' }).getByRole('row').first()).toBeVisible();
  await checkA11y(page);

  // Search finds the new member; the search is kept in the address.
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email);
  await expect(page).toHaveURL(/[?&]q=/);
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row')).toHaveCount(2);
  const row = members.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Students');
  await expect(row).toContainText('Active');
  await expect(page.getByText('1 member matches these filters')).toBeVisible();
  await checkA11y(page);

  // Export CSV downloads the filtered list.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile(await download.path(), 'utf8');
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(header).toMatch(/e-?mail/i);
  expect(header).not.toContain(email);
  expect(lines.some((line) => line.includes(email))).toBe(true);

  // The member's page: details, payments and the role, which becomes editor.
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/admin\/members\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Members', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('St Elsewhere Hospital')).toBeVisible();
  await expect(page.getByText('SW1A 1AA')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: `Payments of ${name}` })
      .getByRole('row')
      .filter({ hasText: 'Registration' }),
  ).toBeVisible();
  await checkA11y(page);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await page.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} is now an editor` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Editor');
  await checkA11y(page);
  // Back to the list as it was filtered.
  await page.getByRole('link', { name: 'All members' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search by name or e-mail' })).toHaveValue(email);
  await expect(page.getByRole('region', { name: 'Members' }).getByRole('row').filter({ hasText: email })).toContainText('Editor');

  // Roles: the new editor is listed; the only admin cannot be demoted.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Roles', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(page.getByRole('region', { name: 'Editors' }).getByRole('row').filter({ hasText: email })).toBeVisible();
  await checkA11y(page);
  const admins = page.getByRole('region', { name: 'Admins' });
  await admins.getByRole('combobox', { name: 'Role of Site Administrator' }).click();
  await page.getByRole('option', { name: 'Member' }).click();
  await admins.getByRole('button', { name: 'Save role for Site Administrator' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Make Site Administrator a member?' });
  await expect(confirm).toBeVisible();
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Save role' }).click();
  await expect(confirm.getByText(LAST_ADMIN)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(admins.getByText(LAST_ADMIN)).toBeVisible();
  await expect(admins.getByRole('row').filter({ hasText: ADMIN_EMAIL })).toBeVisible();

  // The member need not sign out, but the role waits for a second factor (decision 132): they set
  // up an authenticator app, and their next visit shows the editor's tools.
  await member.goto('/profile/security');
  await expect(member.getByText('Your role as editor needs a second factor before you can use it.')).toBeVisible();
  await member.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await member.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await member.getByLabel('6-digit code').fill(codeAt(secret, Math.floor(Date.now() / 30_000)));
  await member.getByRole('button', { name: 'Confirm' }).click();
  await member.getByRole('button', { name: 'I have saved them' }).click();
  await expect(member.getByText('Your account has a second factor: your role as editor is active.')).toBeVisible();
  await member.goto('/news');
  await expect(member.getByRole('link', { name: 'New article' })).toBeVisible();
  await member.getByRole('link', { name: 'New article' }).click();
  await expect(member).toHaveURL(/\/article\/new$/);
  await member.getByRole('textbox', { name: 'Title' }).fill(title);
  const content = member.getByRole('textbox', { name: 'Article content' });
  await content.click();
  await member.keyboard.type('Written by our newest editor.');
  await member.getByRole('button', { name: 'Save' }).click();
  await expect(member).toHaveURL(/\/article\/[0-9a-f-]{36}$/);
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await checkA11y(member);
  await memberContext.close();

  // Payments and the outbox hold the registration and its welcome mail.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Payments', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, reference or note' }).fill(email);
  const payment = page.getByRole('region', { name: 'Payments' }).getByRole('row').filter({ hasText: email });
  await expect(payment).toContainText('Registration');
  await expect(payment).toContainText('£0.00');
  await expect(page.getByRole('heading', { name: 'Totals by month' })).toBeVisible();
  await checkA11y(page);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Outbox', exact: true }).click();
  await expect(page.getByText('No SMTP server is set: messages are kept here; send them by hand.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by address or subject' }).fill(email);
  const mail = page.getByRole('region', { name: 'Messages' }).getByRole('row').filter({ hasText: email });
  await expect(mail.first()).toBeVisible();
  await checkA11y(page);
  await mail.first().getByRole('button').click();
  const message = page.getByRole('dialog');
  await expect(message.getByRole('region', { name: 'Message text' })).toContainText('Nare');
  await message.getByRole('button', { name: 'Copy text' }).click();
  await expect(message.getByText('Copied.')).toBeVisible();
  await checkA11y(page);
  await message.getByRole('button', { name: 'Close' }).click();
  await expect(message).toHaveCount(0);

  // Gift Aid is a section of the back office too.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Gift Aid', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Gift Aid', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await checkA11y(page);

  // The audit log shows the role change and the article, and filters by person.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const log = page.getByRole('region', { name: 'Audit log' });
  const roleEntry = log.getByRole('row').filter({ hasText: 'Roles' }).filter({ hasText: email });
  await expect(roleEntry).toContainText(ADMIN_EMAIL);
  const articleEntry = log.getByRole('row').filter({ hasText: 'Articles' }).filter({ hasText: email }).filter({ hasText: title });
  await expect(articleEntry.first()).toBeVisible();
  await checkA11y(page);

  await page.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('option', { name: email, exact: true }).click();
  await expect(page).toHaveURL(/[?&]actor=/);
  await expect(log.getByRole('row').filter({ hasText: 'Articles' }).first()).toBeVisible();
  // Only the member's own changes: the admin's role change is not theirs.
  await expect(log.getByRole('row').filter({ hasText: 'Roles' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: ADMIN_EMAIL })).toHaveCount(0);
  await checkA11y(page);
  // The filter survives a reload.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Person' })).toHaveText(email);
  await expect(log.getByRole('row').filter({ hasText: 'Articles' }).first()).toBeVisible();
});
