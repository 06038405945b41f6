import { checkA11y, expect, test } from './fixtures';

const navItems = [
  { en: 'Home', path: '/' },
  { en: 'Events', path: '/events' },
  { en: 'News', path: '/news' },
  { en: 'Membership', path: '/register' },
  { en: 'Donate', path: '/donate' },
];

test('the home page shows the nav in English, and the switch to Armenian', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Armenian Medical Association of Great Britain' })).toBeVisible();
  await expect(page).toHaveTitle(/^AMA GB \| /);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(navItems.length);
  for (const [index, item] of navItems.entries()) {
    const link = links.nth(index);
    await expect(link).toHaveAccessibleName(item.en);
    await expect(link).toHaveAttribute('href', item.path);
  }
  await expect(nav.getByRole('link', { name: /^Home/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Հայերեն' })).toHaveAttribute('href', '/hy/?lang=hy');
  await checkA11y(page);
});

test('an unknown address shows a page-not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('AMA GB | Page not found');
  await checkA11y(page);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('on a short window', () => {
  // Short enough that the next page scrolls too, so staying put would show.
  test.use({ viewport: { width: 1280, height: 420 } });

  test('following a link from far down a page starts the next page at the top', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The nav is sticky, so it is still at hand down here.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Events/ })
      .click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page).toHaveTitle(/^AMA GB \| /);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
