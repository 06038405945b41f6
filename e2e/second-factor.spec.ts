import type { Page } from '@playwright/test';
import { codeAt } from './admin-session';
import { adminAuthorization, checkA11y, expect, signIn, test } from './fixtures';
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

test('an admin without a second factor is taken to set one up before anything else', async ({ page, request }) => {
  const email = uniqueEmail('new-admin');
  await registerStudentByApi(page, email, PASSWORD);
  const admin = await adminAuthorization(request);
  const found = await request.get(`/api/admin/members?q=${encodeURIComponent(email)}`, { headers: admin });
  const userId = ((await found.json()) as { items: { _id: string }[] }).items[0]!._id;
  const promote = (role: string) => request.post('/api/admin/set_role', { headers: admin, data: { user_id: userId, role } });
  expect((await promote('admin')).status()).toBe(200);

  try {
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/profile\/security$/);
    await expect(page.getByText('Your role as admin needs a second factor before you can use it.')).toBeVisible();
    await checkA11y(page);

    // The back office says why it is closed.
    const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token?: string }).token);
    const refused = await page.request.get('/api/admin/members', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/Your role needs a second factor/);

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await page.getByLabel('6-digit code').fill(codeAt(secret, step()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await checkA11y(page);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('Your account has a second factor: your role as admin is active.')).toBeVisible();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  } finally {
    // Leave the server as it was: one admin.
    expect((await promote('member')).status()).toBe(200);
  }
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
