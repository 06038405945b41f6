import { checkA11y, expect, signInAsAdmin, test } from './fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads the home page, the events, the news and an article', async ({ page }) => {
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our committee' })).toBeVisible();
    await expect(page.locator('#committee').getByRole('listitem').first()).toBeVisible();

    await page
      .getByRole('navigation')
      .getByRole('link', { name: /Events/ })
      .click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Past events' })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: /News/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    const title = 'Report of the Annual General Meeting';
    await page.getByRole('main').getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/article\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('article').getByRole('paragraph').first()).not.toBeEmpty();

    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // axe is a script itself: the next journey scans these pages as served, before any script of ours runs.
    await page.goto('about:blank');
  });
});

test('the pages as served, before any script of the site runs, pass the accessibility scan', async ({ context, request }) => {
  // Pages scanned one after the other, in English and in Armenian (decision 150).
  test.slow();
  const events = (await (await request.get('/api/events')).json()) as { _id: string }[];
  const event = `/events/${events[0]!._id}`;
  // A page of its own: the fixture's page waits for the site's script, which never runs here.
  const page = await context.newPage();
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const armenian = ['/', '/events', event, '/news', '/signIn', '/register', '/donate', '/signIn/pwForgot', '/newsletters', '/no-such-page'];
  for (const path of ['/', '/events', '/news', '/no-such-page', ...armenian.map((path) => `/hy${path}`)]) {
    await page.goto(path);
    await checkA11y(page);
  }
  await page.goto('/hy/news');
  // The demo news in Armenian (decision 180).
  await page.getByRole('main').getByRole('link', { name: 'Տարեկան ընդհանուր ժողովի հաշվետվություն' }).click();
  await expect(page).toHaveURL(/\/hy\/article\//);
  await checkA11y(page);
  await page.goto('/news');
  await page.getByRole('main').getByRole('link', { name: 'Report of the Annual General Meeting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report of the Annual General Meeting' })).toBeVisible();
  await checkA11y(page);
});

type Served = {
  servedRoot?: Element | null;
  servedElements: Element[];
  servedClasses: string[];
  servedText: string;
  servedStyles?: number;
  stylesMoved?: number;
};

/** Drawn with MUI (forms), so styled by Emotion; the public pages are HTML and CSS (decision 081). */
const MUI_PAGES = new Set(['/signIn', '/register', '/donate']);

test('the public pages take over the rendered page without a hydration warning', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The 404 page's own status is reported by the browser as a failed load: that one is expected.
    if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(message.text());
    if (/hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // The journeys ask for reduced motion, which switches the theme once the page is taken over
  // (new styles, rightly): this one looks at a visitor who did not, as the server renders for.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // Before any script of the site runs: the server's markup and style elements, to compare after.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const served = window as unknown as Served;
      const root = document.getElementById('root');
      served.servedRoot = root?.firstElementChild;
      served.servedElements = [...(root?.querySelectorAll('*') ?? [])];
      served.servedClasses = served.servedElements.map((element) => element.getAttribute('class') ?? '');
      served.servedText = root?.textContent ?? '';
      // The components' styles ("css <names>"); a global style ("css-global <name>") is re-inserted
      // by its own component where it belongs, a few hundred bytes.
      const styles = new Set<Node>(document.head.querySelectorAll('style[data-emotion^="css "]'));
      served.servedStyles = styles.size;
      served.stylesMoved = 0;
      // Moving an element is taking it out and putting it back: count the server's styles taken out.
      new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.removedNodes) if (styles.has(node)) served.stylesMoved! += 1;
      }).observe(document.head, { childList: true });
    });
  });
  const events = (await (await page.request.get('/api/events')).json()) as { _id: string; booking_state: string }[];
  const eventPage = `/events/${events.find((event) => event.booking_state === 'open')!._id}`;
  for (const path of [
    '/',
    '/events',
    eventPage,
    '/news',
    '/signIn',
    '/register',
    '/donate',
    '/no-such-page',
    '/hy/',
    `/hy${eventPage}`,
    '/hy/register',
  ]) {
    // Built for production like the browser's code: a renderer in development mode labels its
    // classes (css-1x2y3z-MuiContainer-root), none matches the browser's, and every style is made twice.
    expect(await (await page.request.get(path)).text(), path).not.toMatch(/css-[a-z0-9]+-Mui/);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Hydrated, not drawn again: the page keeps the server's elements, and its style elements stay
    // where the server put them (Emotion adopts them rather than moving or rebuilding them).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const adopted = await page.evaluate(() => {
      const served = window as unknown as Served;
      const root = document.getElementById('root');
      return {
        sameRoot: served.servedRoot != null && root?.firstElementChild === served.servedRoot,
        // The browser's runtime does not warn about a mismatch (it mends it): every element the
        // server sent is still in the page, none was added, and the words are the same.
        elementsReplaced: served.servedElements.filter((element) => !element.isConnected).length,
        elementsAdded: (root?.querySelectorAll('*').length ?? 0) - served.servedElements.filter((element) => element.isConnected).length,
        // The same class names on both sides (CSS Modules name them at build time, for both).
        classesChanged: served.servedElements.filter((element, i) => (element.getAttribute('class') ?? '') !== served.servedClasses[i])
          .length,
        sameText: root?.textContent === served.servedText,
        stylesMoved: served.stylesMoved,
        served: served.servedStyles ?? 0,
        // Rules the browser's Emotion made itself (in elements it adds, data-emotion="css").
        madeAgain: [...document.head.querySelectorAll('style[data-emotion="css"]')].reduce(
          (sum, style) => sum + ((style as HTMLStyleElement).sheet?.cssRules.length ?? 0),
          0,
        ),
      };
    });
    expect(adopted.sameRoot, path).toBe(true);
    expect(adopted.elementsReplaced, path).toBe(0);
    expect(adopted.elementsAdded, path).toBe(0);
    expect(adopted.sameText, path).toBe(true);
    expect(adopted.classesChanged, path).toBe(0);
    // An Armenian page is drawn as its English one (decision 150).
    if (!MUI_PAGES.has(path.replace(/^\/hy(?=\/)/, ''))) {
      // A public page carries no Emotion style and makes none.
      expect(adopted.served, path).toBe(0);
      expect(adopted.madeAgain, path).toBe(0);
      continue;
    }
    expect(adopted.served, path).toBeGreaterThan(0);
    // Emotion's cache takes each into its sheet once (re-inserting it in place); without data-s it
    // also moved each one to the end of <head> as it loaded, a second parse of 40 KB of CSS.
    expect(adopted.stylesMoved, path).toBeLessThanOrEqual(adopted.served);
    // The page brings every style its components made, the layers of MUI's components included.
    expect(adopted.madeAgain, path).toBe(0);
  }
  await page.goto('/news');
  await page.getByRole('main').getByRole('link', { name: 'Report of the Annual General Meeting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report of the Annual General Meeting' })).toBeVisible();
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

// What differs in the browser (reduced motion, a signed-in admin) arrives after hydration, as an update.
test('what differs in the browser shows on a hydrated page as on a page the browser drew', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/events');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const newsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^News/ });
  // The reduced-motion theme has no transitions (the standard theme's last 0.3 s).
  await expect.poll(() => newsLink.evaluate((link) => getComputedStyle(link).transitionDuration)).toMatch(/^0s(, 0s)*$/);

  await signInAsAdmin(page);
  await page.goto('/news');
  const articleLink = page.getByRole('main').getByRole('link', { name: 'Report of the Annual General Meeting' });
  const address = await articleLink.getAttribute('href');
  await page.goto(address!);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The editor's buttons are a row, as when the browser draws the article itself.
  const edit = page.getByRole('main').getByRole('link', { name: 'Edit' });
  await expect.poll(() => edit.evaluate((link) => getComputedStyle(link.parentElement!).display)).toBe('flex');
  // Every id an element points at is on the page.
  await page.goto('/events');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('button', { name: /^Edit/ }).first()).toBeVisible();
  const dangling = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-describedby], [aria-labelledby]')].flatMap((element) =>
      ['aria-describedby', 'aria-labelledby'].flatMap((name) =>
        (element.getAttribute(name) ?? '')
          .split(/\s+/)
          .filter((id) => id && !document.getElementById(id))
          .map((id) => `${name}=${id}`),
      ),
    ),
  );
  expect(dangling).toEqual([]);
});
