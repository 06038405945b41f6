import { checkA11y, expect, signInAsAdmin, test } from './fixtures';

// Decision 150: the Armenian site under /hy/, its own navigation, and a switch that keeps the page
// and is remembered for the site's root.

test('a reader opens the Armenian home page, moves around in Armenian and switches language on a page', async ({ page }) => {
  // The Armenian web font (decision 151): never fetched by an English page, preloaded by an Armenian one.
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) fonts.push(request.url());
  });
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts).toEqual([]);

  await page.goto('/hy/');
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Armenian Web"', 'Հայերեն'))).toBe(true);
  // Its arrival moves nothing: no layout shift on the page.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
  expect(shift).toBeLessThan(0.01);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hy');
  await expect(page).toHaveTitle(/^AMA GB \| /);
  const nav = page.getByRole('navigation', { name: 'Գլխավոր նավարկում' });
  await expect(nav.getByRole('link')).toHaveText(['Գլխավոր', 'Միջոցառումներ', 'Նորություններ', 'Անդամակցություն', 'Նվիրաբերել']);
  await expect(page.getByRole('heading', { name: 'Մեր վարչությունը' })).toBeVisible();

  // The navigation stays in Armenian (the router's links keep the /hy prefix).
  await nav.getByRole('link', { name: 'Նորություններ' }).click();
  await expect(page).toHaveURL(/\/hy\/news$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Նորություններ' })).toBeVisible();
  // The demo news is written in Armenian too (decision 180): the article reads in Armenian.
  await page.getByRole('main').getByRole('link', { name: 'Տարեկան ընդհանուր ժողովի հաշվետվություն' }).click();
  await expect(page).toHaveURL(/\/hy\/article\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Տարեկան ընդհանուր ժողովի հաշվետվություն' })).toBeVisible();
  await expect(page.getByText(/^Շնորհակալություն բոլոր նրանց, ովքեր մասնակցեցին/)).toBeVisible();
  await expect(page.getByTestId('untranslated-note')).toHaveCount(0);
  const article = new URL(page.url()).pathname.replace(/^\/hy/, '');

  // The switch keeps the page: the same article, in English, remembered.
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`${article}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(page.getByRole('heading', { level: 1, name: 'Report of the Annual General Meeting' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News', exact: true })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

  // Back to Armenian on the events page: the site's root now opens in Armenian.
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.getByRole('link', { name: 'Հայերեն' }).click();
  await expect(page).toHaveURL(/\/hy\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Միջոցառումներ' })).toBeVisible();
  // An event reads in Armenian, its place too (decision 180).
  await page
    .getByRole('main')
    .getByRole('link', { name: /Ձմեռային դասախոսություն/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/hy\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ձմեռային դասախոսություն. նորություններ սրտաբանության մեջ' })).toBeVisible();
  await expect(page.getByText('Միության սրահներ, դասախոսությունների դահլիճ').first()).toBeVisible();
  await expect(page.getByTestId('untranslated-note')).toHaveCount(0);
  await page.goto('/');
  await expect(page).toHaveURL(/\/hy\/$/);
  // An explicit English address stays English.
  await page.goto('/news');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
});

test('an admin runs the back office in Armenian, which passes the accessibility scan', async ({ page }) => {
  // Decision 190: the back office's words in the page's language; its links stay under /hy/admin.
  await signInAsAdmin(page);
  await page.goto('/hy/admin/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Կառավարում' })).toBeVisible();
  await expect(page).toHaveTitle(/Անդամներ – Կառավարում/);
  await checkA11y(page);
  const sections = page.getByRole('navigation', { name: 'Կառավարման բաժիններ' });
  for (const section of ['Վճարումներ', 'Միջոցառումներ', 'Դերեր', 'Կարգավորումներ', 'Տեքստեր']) {
    await sections.getByRole('link', { name: section, exact: true }).click();
    await expect(sections.getByRole('link', { name: section, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\/hy\/admin\/[a-z-]+$/);
    await expect(page).toHaveTitle(new RegExp(`${section} – Կառավարում`));
    await checkA11y(page);
  }
});
