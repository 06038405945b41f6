import { siteTextDefaults } from '../src/shared/domain/site-text';
import { checkA11y, expect, openSiteTextPrompt, setSiteText, signInAsAdmin, siteTextValue, test } from './fixtures';

test('the admin changes a site text by right-clicking it, and the change stays', async ({ page, browser }) => {
  const mission = `Caring for our community across Great Britain (${Date.now()}).`;
  await signInAsAdmin(page);
  // Site text is shared by every journey on this server: put the mission back however this one ends.
  const before = await siteTextValue(page, 'home.mission');
  try {
    await page.goto('/');
    const prompt = await openSiteTextPrompt(page.getByText(before));
    await expect(prompt).toContainText('home.mission');
    const value = prompt.getByRole('textbox', { name: 'Value' });
    await expect(value).toHaveValue(before);
    await checkA11y(page);

    await value.fill(mission);
    await prompt.getByRole('button', { name: 'Save' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByText(mission)).toBeVisible();

    await page.reload();
    await expect(page.getByText(mission)).toBeVisible();

    // A new visitor (no cached table) gets the saved text from the server.
    const visitor = await browser.newPage();
    await visitor.goto(new URL('/', page.url()).href);
    await expect(visitor.getByText(mission)).toBeVisible();
    await visitor.close();
  } finally {
    await setSiteText(page, 'home.mission', before);
  }
});

test("a page the browser renders shows the admin's words from the page itself, and no page loads the defaults", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const before = await siteTextValue(page, 'pw_forgot.title');
  const title = `Lost your password? (${Date.now()}) Մոռացե՞լ եք`;
  // A default no saved text on this server replaces: if a script fetched holds it, the defaults were loaded.
  const shippedDefault = siteTextDefaults['pw_forgot.sent_hint'];
  try {
    await setSiteText(page, 'pw_forgot.title', title);
    // A new visitor: no cached table.
    const visitor = await browser.newPage();
    const tableCalls: string[] = [];
    const scripts: Promise<string>[] = [];
    visitor.on('request', (request) => {
      if (request.url().includes('/api/string_table_v2')) tableCalls.push(request.url());
    });
    visitor.on('response', (response) => {
      if (response.url().endsWith('.js') && response.status() === 200) scripts.push(response.text());
    });
    for (const path of ['/signIn/pwForgot', '/', '/events']) {
      await visitor.goto(new URL(path, page.url()).href);
      await visitor.waitForLoadState('networkidle');
    }
    await visitor.goto(new URL('/signIn/pwForgot', page.url()).href);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await visitor.waitForLoadState('networkidle');
    expect(tableCalls).toEqual([]);
    expect((await Promise.all(scripts)).filter((source) => source.includes(shippedDefault))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    await visitor.close();
  } finally {
    await setSiteText(page, 'pw_forgot.title', before);
  }
});

test('an empty text is not saved at the prompt: the prompt says so and puts the default back', async ({ page }) => {
  await signInAsAdmin(page);
  const before = await siteTextValue(page, 'home.mission');
  const changed = `Our mission, for now (${Date.now()}).`;
  try {
    await setSiteText(page, 'home.mission', changed);
    await page.goto('/');
    const prompt = await openSiteTextPrompt(page.getByText(changed));
    const value = prompt.getByRole('textbox', { name: 'Value' });
    await value.fill('   ');
    // Blank: the prompt says what Save will do instead, and the button says it too.
    await expect(value).toHaveAccessibleDescription(/A text cannot be empty: it would vanish from the site/);
    await expect(prompt).toContainText(`Saving puts back the default: "${siteTextDefaults['home.mission']}"`);
    await checkA11y(page);
    await prompt.getByRole('button', { name: 'Put back the default' }).click();
    await expect(prompt).toBeHidden();
    // The mission is there to see and right-click again.
    await expect(page.getByText(siteTextDefaults['home.mission'])).toBeVisible();
    expect(await siteTextValue(page, 'home.mission')).toBe(siteTextDefaults['home.mission']);
    await page.getByText(siteTextDefaults['home.mission']).click({ button: 'right' });
    await expect(page.getByRole('dialog', { name: /Edit site text/ })).toBeVisible();
  } finally {
    await setSiteText(page, 'home.mission', before);
  }
});
