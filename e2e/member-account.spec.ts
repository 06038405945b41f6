import type { Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from './fixtures';
import { registerStudentByApi, uniqueEmail } from './membership-helpers';

type OutboxMail = { to: string; subject: string; text: string };

/** The first link to `path` in mail the outbox holds for `to`. */
async function linkFromOutbox(page: Page, to: string, path: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/test/outbox?to=${encodeURIComponent(to)}`);
        for (const mail of answer.ok() ? ((await answer.json()) as OutboxMail[]) : []) {
          const match = path.exec(mail.text);
          if (match) return (link = match[0]);
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

test('a member edits details, downloads a receipt, changes password and e-mail, exports the data and deletes the account', async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail('account');
  const newEmail = uniqueEmail('account-new');
  await registerStudentByApi(page, email, 'First-pass-1234');
  await signIn(page, email, 'First-pass-1234');
  await expect(page).toHaveURL(/\/profile$/);

  // A member who clicks Membership is told so, not shown the join form.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /Membership/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'You are already a member' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renew' })).toBeVisible();
  await page.getByRole('link', { name: 'My Profile' }).click();

  // Payments: the free registration, with its receipt.
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('cell', { name: 'Membership: Students', exact: true })).toBeVisible();
  const receipt = page.waitForEvent('download');
  await payments.getByRole('button', { name: /Download receipt/ }).click();
  expect((await receipt).suggestedFilename()).toMatch(/^receipt-.+\.pdf$/);
  await checkA11y(page);

  // Details, with the registration form's rules.
  const details = page.getByRole('region', { name: 'Change your details' });
  await details.getByLabel('Postcode').fill('');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Enter your postcode')).toBeVisible();
  await details.getByLabel('Postcode').fill('E1 6AN');
  await details.getByLabel('Address line 1').fill('2 Low Road');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Your details have been saved.')).toBeVisible();

  // Password: mismatch first, then changed; this tab stays signed in.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('First-pass-1234');
  await password.getByLabel('New password').first().fill('Second-pass-5678');
  await password.getByLabel('New password again').fill('Something-else');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Invalid or mismatching passwords. Please try again.')).toBeVisible();
  await password.getByLabel('New password again').fill('Second-pass-5678');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText(/Your password has been changed/)).toBeVisible();

  // E-mail: a link to the new address; nothing changes until it is opened.
  const emailPanel = page.getByRole('region', { name: 'E-mail address' });
  await emailPanel.getByLabel('New e-mail address').fill(newEmail);
  await emailPanel.getByLabel('Current password').fill('Second-pass-5678');
  await emailPanel.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailPanel.getByText(`We have sent a link to ${newEmail}`, { exact: false })).toBeVisible();
  await checkA11y(page);

  await page.goto(await linkFromOutbox(page, newEmail, /https?:\/\/[^\s"'<>]+\/account\/confirm-email\/[^\s"'<>]+/));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Confirm your e-mail address' }).click();
  await expect(page.getByText(`Your e-mail address is now ${newEmail}`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Profile' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);

  // A copy of the data, then erasure.
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await exported).suggestedFilename()).toBe('my-data.json');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete your account?' });
  await checkA11y(page);
  await dialog.getByLabel('Current password').fill('Second-pass-5678');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  await signIn(page, newEmail, 'Second-pass-5678');
  await expect(page.getByText('Email or password not recognized')).toBeVisible();

  // Thank-you pages opened directly confirm nothing.
  await page.goto('/donate/thanks');
  await expect(page.getByRole('heading', { level: 1, name: 'Donations' })).toBeVisible();
  await checkA11y(page);
  await page.goto('/register/thanks');
  await expect(page.getByRole('heading', { level: 1, name: 'Joining us' })).toBeVisible();
});
