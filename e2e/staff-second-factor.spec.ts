import { codeAt } from './admin-session';
import { adminAuthorization, checkA11y, expect, signIn, test } from './fixtures';
import { registerStudentByApi, uniqueEmail } from './membership-helpers';

// A second admin exists while this runs, so it runs with the site-wide journeys, alone
// (playwright.config.ts): the back-office journey counts on a single admin.
const PASSWORD = 'Second-factor-pass-1';
const step = () => Math.floor(Date.now() / 1000 / 30);

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

    // Nor can an article be written: the editor says so before a word is typed, and points back here.
    await page.goto('/article/new');
    await expect(
      page.getByText('Your role as admin needs a second factor before you can write or change articles.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveCount(0);
    await checkA11y(page);
    await page.getByRole('link', { name: 'Set up a second factor' }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);

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
