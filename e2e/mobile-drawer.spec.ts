import { checkA11y, expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 740 } });

test('at 375px the nav is a drawer opened by the menu button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The desktop bar is gone; only the menu and account buttons remain in the header.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await checkA11y(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const nav = drawer.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(5);
  for (const name of ['Home', 'Events', 'News', 'Membership', 'Donate']) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${name} `) })).toBeVisible();
  }
  const box = await drawer.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(300);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(375, 0);
  await checkA11y(page);

  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
});
