import { ADMIN_EMAIL, checkA11y, expect, signIn, test } from './fixtures';

test('a wrong password shows that the e-mail or password was not recognised', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, 'not-the-right-password');
  await expect(page.getByRole('alert')).toHaveText('Email or password not recognized');
  await expect(page).toHaveURL(/\/signIn$/);
  expect(await page.evaluate(() => sessionStorage.getItem('session'))).toBeNull();
  await checkA11y(page);
});
