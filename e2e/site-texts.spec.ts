import type { Page } from '@playwright/test';
import { checkA11y, expect, openSiteTextPrompt, signInAsAdmin, test } from './fixtures';

// Runs in the "site-wide" project, after every other journey: it changes texts other journeys
// look for, and puts each back.

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The Texts page's entry for a key. */
const entry = (page: Page, key: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: key, exact: true }) });

test('the admin changes a t() text by right-click, another on the Texts page, and resets both', async ({ page }) => {
  test.slow();
  const errors = watchConsole(page);
  const stamp = Date.now() % 100000;
  await signInAsAdmin(page);
  await page.goto('/');
  const committee = page.getByRole('region', { name: 'Our committee' });

  // "Add committee member" is drawn with t() inside a button: right-click still finds its key.
  const prompt = await openSiteTextPrompt(committee.getByRole('button', { name: 'Add committee member' }));
  await expect(prompt).toContainText('committee.add');
  await expect(prompt.getByRole('textbox', { name: 'Value' })).toHaveValue('Add committee member');
  await checkA11y(page);
  await prompt.getByRole('textbox', { name: 'Value' }).fill(`Add a volunteer ${stamp}`);
  await prompt.getByRole('button', { name: 'Save' }).click();
  await expect(prompt).toBeHidden();
  await expect(committee.getByRole('button', { name: `Add a volunteer ${stamp}` })).toBeVisible();

  // An attribute text (the drawer button's label is one on phones) and words in a message are
  // reached the same way; here the nav's label, drawn by a SiteText.
  await page.getByRole('navigation', { name: 'Main' }).getByText('News', { exact: true }).click({ button: 'right' });
  await expect(prompt).toContainText('nav.news');
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toBeHidden();

  // The Texts page: every key with its value, default and where it shows.
  await page.goto('/admin/texts');
  await expect(page.getByRole('heading', { level: 2, name: 'Texts' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('searchbox', { name: 'Search texts' }).fill('committee.add');
  const added = entry(page, 'committee.add');
  await expect(added).toContainText(`Add a volunteer ${stamp}`);
  await expect(added).toContainText('Default: Add committee member');
  await expect(added).toContainText('Home page: the committee');
  await expect(added).toContainText('Changed');

  // Each text's Armenian value is beside its English one.
  await page.getByRole('searchbox', { name: 'Search texts' }).fill('nav.news');
  await expect(entry(page, 'nav.news').getByRole('region', { name: 'Armenian' })).toContainText('Նորություններ');

  // Another text, changed in place.
  await page.getByRole('searchbox', { name: 'Search texts' }).fill('news.intro');
  const intro = entry(page, 'news.intro');
  await intro.getByRole('button', { name: 'Edit English' }).click();
  await intro.getByRole('textbox', { name: 'New English text for news.intro' }).fill(`News from our members (${stamp}).`);
  await checkA11y(page);
  await intro.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved news.intro.' })).toBeVisible();
  await expect(intro).toContainText(`News from our members (${stamp}).`);
  await page.getByRole('link', { name: 'News', exact: true }).click();
  await expect(page.getByText(`News from our members (${stamp}).`)).toBeVisible();

  // Both back to their defaults, from the Texts page.
  await page.goto('/admin/texts?changed=1');
  for (const key of ['committee.add', 'news.intro']) {
    await entry(page, key).getByRole('button', { name: 'Reset English to default' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${key} is back to its default.` })).toBeVisible();
    await expect(entry(page, key)).toHaveCount(0);
  }
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Our committee' }).getByRole('button', { name: 'Add committee member' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('with the keyboard alone, the admin goes through the texts of a page and changes one', async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsAdmin(page);
  await page.goto('/events');
  await page.getByRole('button', { name: 'Edit texts on this page' }).focus();
  await page.keyboard.press('Enter');
  const bar = page.getByRole('region', { name: 'Edit texts on this page' });
  await expect(bar).toContainText(/Texts on this page: \d+/);
  await checkA11y(page);

  // Tab walks the outlined texts in the page's order; attributes (the nav's label) are among them.
  await expect(page.getByRole('button', { name: 'Change the text "Main" (nav.label)' })).toHaveCount(1);
  const upcoming = page.getByRole('button', { name: 'Change the text "Upcoming events" (events.upcoming)' });
  let steps = 0;
  while (!(await upcoming.evaluate((el) => el === document.activeElement)) && steps++ < 80) await page.keyboard.press('Tab');
  await expect(upcoming).toBeFocused();
  await page.keyboard.press('Enter');
  const prompt = page.getByRole('dialog', { name: /Edit site text/ });
  await expect(prompt).toContainText('events.upcoming');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' soon');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(prompt).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Upcoming events soon' })).toBeVisible();
  // The outline that opened the prompt has the focus again.
  await expect(page.getByRole('button', { name: 'Change the text "Upcoming events soon" (events.upcoming)' })).toBeFocused();

  // The page title has its own button.
  await bar.getByRole('button', { name: 'Page title' }).click();
  await expect(prompt).toContainText('events.title');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();

  // Escape leaves the mode, the page is usable again and the focus is back on the pencil button.
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit texts on this page' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Events', exact: true })).toBeVisible();

  // Back as it was.
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token?: string }).token);
  const reset = await page.request.post('/api/admin/texts/reset', {
    headers: { authorization: `Bearer ${token}` },
    data: { key: 'events.upcoming' },
  });
  expect(reset.status()).toBe(200);
  expect(errors).toEqual([]);
});
