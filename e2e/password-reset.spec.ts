import { INVALID_CREDENTIALS } from '../src/shared/api/accounts';
import { checkA11y, expect, signIn, test } from './fixtures';
import { registerStudentByApi, uniqueEmail } from './membership-helpers';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

test('a member who forgot the password resets it from the e-mailed link and signs in', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('reset');
  const oldPassword = 'Old-pass-1234';
  const newPassword = 'New-pass-5678';
  await registerStudentByApi(page, email, oldPassword);

  await page.goto('/signIn');
  await page.getByRole('link', { name: /forgot your password/i }).click();
  await expect(page).toHaveURL(/\/signIn\/pwForgot$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await checkA11y(page);

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please check your email for further instructions.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await checkA11y(page);

  // The server keeps mail in its outbox when no SMTP server is configured.
  let link = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`);
        if (!answer.ok()) return '';
        const mails = (await answer.json()) as OutboxMail[];
        for (const mail of mails) {
          const match = /https?:\/\/[^\s"'<>]+\/signIn\/pwReset\/[^\s"'<>]+/.exec(mail.text);
          if (match) return (link = match[0]);
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: false }).first()).toBeVisible();
  await checkA11y(page);

  await page.getByLabel('New password').first().fill(newPassword);
  await page.getByLabel('Confirm new password').fill('Something-else-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Invalid or mismatching passwords. Please try again.')).toBeVisible();
  await checkA11y(page);

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signIn');
  await checkA11y(page);

  // The link is single use.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Sorry, that password reset link has expired.')).toBeVisible();
  await checkA11y(page);

  await signIn(page, email, oldPassword);
  await expect(page.getByText(INVALID_CREDENTIALS)).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/profile$/);
});
