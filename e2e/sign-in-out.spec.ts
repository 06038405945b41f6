import { checkA11y, expect, signInAsAdminWithCode, test } from './fixtures';

test('the admin signs in, lands on the profile address and signs out again', async ({ page }) => {
  await page.goto('/signIn');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('AMA GB | Sign in');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByRole('link', { name: /forgot your password/i })).toHaveAttribute('href', '/signIn/pwForgot');
  await expect(page.getByRole('link', { name: /join us/i })).toHaveAttribute('href', '/register');
  await checkA11y(page);

  // The admin has a second factor: the password, then the authenticator app's code.
  await signInAsAdminWithCode(page);
  const account = page.getByRole('link', { name: 'My account' });
  await expect(account).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await checkA11y(page);

  // A signed-in visitor going back to the form is sent on to the profile.
  await page.goto('/signIn');
  await expect(page).toHaveURL(/\/profile$/);

  // Signing out ends the token on the server too: kept by anyone, it opens nothing afterwards.
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token?: string }).token);
  const memberInfo = () => page.request.get('/api/member_info', { headers: { authorization: `Bearer ${token}` } });
  expect((await memberInfo()).status()).toBe(200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('session'))).toBeNull();
  expect((await memberInfo()).status()).toBe(401);
});
