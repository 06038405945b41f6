import { checkA11y, expect, signInAsAdmin, test } from './fixtures';

test('an editor marks an article as a page: it leaves the news and shows no date, at the same address', async ({ page }) => {
  test.slow();
  const title = `Code of conduct ${Date.now()}`;
  await signInAsAdmin(page);
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token?: string }).token);
  const content = JSON.stringify({
    blocks: [
      {
        key: 'a',
        text: 'Members treat each other with respect.',
        type: 'unstyled',
        depth: 0,
        inlineStyleRanges: [],
        entityRanges: [],
        data: {},
      },
    ],
    entityMap: {},
  });
  const created = await page.request.post('/api/new_article', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, dated: '2026-01-15', categories: ['Conduct'], content },
  });
  const id = (await created.json()).inserted_id as string;

  await page.goto('/news');
  await expect(page.getByRole('main').getByRole('link', { name: title })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: title }).click();
  await expect(page.getByRole('article').locator('time')).toHaveCount(1);

  await page.getByRole('link', { name: 'Edit' }).click();
  const asPage = page.getByRole('checkbox', { name: 'This is a page, not news' });
  await expect(asPage).not.toBeChecked();
  await asPage.check();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/article/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // A page shows no date, no news categories, and leads home rather than to the news.
  await expect(page.getByRole('article').locator('time')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Conduct' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await checkA11y(page);

  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: title })).toHaveCount(0);
  expect(await (await page.request.get('/news/rss.xml')).text()).not.toContain(title);

  // Settings offer it for the About and Privacy choice.
  await page.goto('/admin/settings');
  await expect(page.getByRole('list', { name: "The site's pages" })).toContainText(title);
  await checkA11y(page);

  const removed = await page.request.post('/api/delete_article', { headers: { authorization: `Bearer ${token}` }, data: { _id: id } });
  expect(removed.status()).toBe(200);
});
