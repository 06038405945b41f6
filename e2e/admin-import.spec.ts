import { formatLongDate } from '../src/shared/domain/dates';
import { londonDate } from '../src/shared/domain/london-time';
import { addDays, addYears, expiryDate } from '../src/shared/domain/membership';
import { excelDate, xlsxFile } from '../src/server/testing/xlsx-file';
import { checkA11y, expect, signIn, signInAsAdmin, test } from './fixtures';

type OutboxMail = { text: string };

test('the admin imports a small workbook, fixes the mapping, commits and invites; the member chooses a password and sees their membership', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const email = `imported-${stamp}@example.org`;
  // The current year began two months ago: the membership runs ten months more.
  const lastRenewed = addDays(addYears(londonDate(new Date()), 0), -60);
  const workbook = xlsxFile([
    ['Title', 'First name', 'Family', 'Email', 'Tier', 'Joined', 'Last renewed'],
    ['Dr', 'Imported', `Member${stamp}`, email, 'Other Allied Healthcare Professions', excelDate('2018-04-01'), excelDate(lastRenewed)],
    ['', 'Gold', `Tier${stamp}`, `gold-${stamp}@example.org`, 'Gold', excelDate('2019-01-01'), excelDate(lastRenewed)],
    ['', 'Bad', `Date${stamp}`, `bad-${stamp}@example.org`, '0', '31/02/2024', excelDate(lastRenewed)],
  ]);

  await signInAsAdmin(page);
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { level: 2, name: 'Import members' })).toBeVisible();
  await expect(page.getByText(/At most 20 MB and 50,000 rows a file/)).toBeVisible();
  await page.getByLabel('Members file (required)').setInputFiles({
    name: `members-${stamp}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await checkA11y(page);
  await page.getByRole('button', { name: 'Check the file' }).click();

  // "Family" is not a header the import knows: every row misses its last name until it is mapped.
  await expect(page.getByRole('status').filter({ hasText: 'Members:' })).toHaveText(
    'Members: 0 to create, 0 to update, 0 unchanged, 3 with errors.',
  );
  await expect(page.getByText(/read as Excel workbook \(\.xlsx\)/)).toBeVisible();
  await checkA11y(page);
  await page.getByRole('combobox', { name: 'Last name' }).selectOption('Family');
  await page.getByRole('button', { name: 'Check again with this mapping' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Members:' })).toHaveText(
    'Members: 1 to create, 0 to update, 0 unchanged, 2 with errors.',
  );
  const rows = page.getByRole('table', { name: 'Rows' });
  await expect(rows.getByRole('row', { name: /Tier: Unknown tier "Gold"/ })).toBeVisible();
  await expect(rows.getByRole('row', { name: /Joined: "31\/02\/2024" is not a date/ })).toBeVisible();

  // Rows in error are skipped; the other is imported, once.
  await page.getByRole('radio', { name: /skipped/ }).check();
  await page.getByRole('button', { name: 'Import 1 people' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Members:' })).toHaveText(
    'Members: 1 created, 0 updated, 0 unchanged, 2 in error (not imported).',
  );
  await checkA11y(page);

  // Invitations, and who was invited.
  await page.getByRole('button', { name: 'Invite everyone imported' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'queued' })).toHaveText('1 invitation queued.');
  const people = page.getByRole('table', { name: '4. Invitations' });
  await expect(people.getByRole('row', { name: new RegExp(email) })).toContainText('Invited');
  await expect(people.getByRole('row', { name: new RegExp(email) })).toContainText('Not yet');
  await checkA11y(page);

  let link = '';
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`);
      if (!answer.ok()) return '';
      for (const mail of (await answer.json()) as OutboxMail[]) {
        const match = /https?:\/\/[^\s"'<>]+\/invitation\/[A-Za-z0-9_-]+/.exec(mail.text);
        if (match) return (link = match[0]);
      }
      return '';
    })
    .not.toBe('');

  // The member opens the link: a button, and only its POST sets the password.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await checkA11y(page);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Imported-member-1234');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Imported-member-1234');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');

  await signIn(page, email, 'Imported-member-1234');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Other Allied Healthcare Professions')).toBeVisible();
  await expect(page.getByTestId('profile-expiry')).toContainText(formatLongDate(expiryDate(lastRenewed)));
  await checkA11y(page);
});
