import type { Page } from '@playwright/test';
import { codeAt } from './admin-session';
import { checkA11y, expect, signIn, test } from './fixtures';
import { registerStudentByApi, uniqueEmail } from './membership-helpers';

const PASSWORD = 'Second-factor-pass-1';
const step = () => Math.floor(Date.now() / 1000 / 30);

/** Chromium's virtual authenticator: a platform passkey device with the person verified (CDP WebAuthn domain). */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('a member registers a passkey, signs out, and signs in with the passkey alone', async ({ page }) => {
  const email = uniqueEmail('passkey');
  await registerStudentByApi(page, email, PASSWORD);
  await virtualAuthenticator(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('link', { name: 'Manage sign-in and security' }).click();
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in and security' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await checkA11y(page);

  await page.getByLabel('Name of this passkey').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
  const passkeys = page.getByRole('list', { name: 'Passkeys' });
  await expect(passkeys.getByText('Test laptop')).toBeVisible();
  await expect(passkeys.getByText(/Last used Never/)).toBeVisible();
  // This browser's session is listed, with its device.
  const sessions = page.getByRole('table', { name: 'Where you are signed in' });
  await expect(sessions.getByText('This device')).toBeVisible();
  await checkA11y(page);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await page.goto('/signIn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();

  // The passkey's last use is shown, and the password alone no longer opens the account.
  await page.goto('/profile/security');
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText(/Last used \d/)).toBeVisible();
  const alone = await page.request.post('/api/token', { form: { username: email, password: PASSWORD } });
  expect(alone.status()).toBe(401);
  expect(((await alone.json()) as { second_factor: string[] }).second_factor).toEqual(['passkey']);
});

test('a member signs in with their password and a code from their authenticator app', async ({ page }) => {
  const email = uniqueEmail('totp');
  await registerStudentByApi(page, email, PASSWORD);
  // The member set up an authenticator app earlier (through the API, as the page above does).
  const first = await page.request.post('/api/token', { form: { username: email, password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await first.json()) as { access_token: string }).access_token}` };
  const { secret } = (await (await page.request.post('/api/account/totp', { headers })).json()) as { secret: string };
  const enrolled = step();
  expect((await page.request.post('/api/account/totp/confirm', { headers, data: { code: codeAt(secret, enrolled) } })).status()).toBe(200);

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await checkA11y(page);
  // The code that confirmed the app has been used: refused.
  await page.getByLabel('Code').fill(codeAt(secret, enrolled));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('That code is not right, or it has been used already.')).toBeVisible();
  // The next one (the server takes a step either side of now) signs in.
  await page.getByLabel('Code').fill(codeAt(secret, enrolled + 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
});
