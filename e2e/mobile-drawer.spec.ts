import { checkA11y, expect, test } from './fixtures';
import type { Page } from '@playwright/test';

test.use({ viewport: { width: 375, height: 740 } });

test('at 375px the nav is a drawer opened by the menu button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The desktop bar is gone; only the menu and account buttons remain in the header.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await checkA11y(page);

  // Pressed near its right-hand side, a few pixels from the screen's edge: the swipe area starts
  // below the header, so it does not take the press.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const buttonBox = (await menuButton.boundingBox())!;
  await menuButton.click({ position: { x: buttonBox.width - 3, y: buttonBox.height / 2 } });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const nav = drawer.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(5);
  for (const name of ['Home', 'Events', 'News', 'Membership', 'Donate']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // On a phone the language switch is in the drawer (decision 150).
  await expect(drawer.getByRole('link', { name: 'Հայերեն' })).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(300);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(375, 0);
  await checkA11y(page);

  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  /** A finger sliding from the right-hand edge past the middle (more than half the drawer: it opens whatever the speed). */
  async function swipeFromRightEdge(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    const y = 400;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 370, y }] });
    for (const x of [355, 330, 290, 240, 180, 120])
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  test('a swipe from the right-hand edge opens the drawer before it was ever opened', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const drawer = page.getByRole('dialog', { name: 'Menu' });

    // The drawer is not mounted yet: the page's own edge strip meets the swipe. (Once mounted, the
    // drawer's own swipe area, MUI's, takes swipes; its speed heuristics make it a poor journey.)
    await swipeFromRightEdge(page);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(5);
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });
});
