import { checkA11y, expect, test } from './fixtures';

test('a visitor reads the news and an article', async ({ page, request }) => {
  // The editor (tiptap) is its own chunk: reading the news never downloads it.
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  // Newest first, each with a numeric date and a brief.
  const first = page.getByRole('main').getByRole('listitem').first();
  await expect(first.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/news/rss.xml');
  await expect(page.getByRole('link', { name: 'New article' })).toHaveCount(0);
  await checkA11y(page);

  // A demo article (other journeys add and delete their own articles meanwhile).
  const title = 'Report of the Annual General Meeting';
  await page.getByRole('main').getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/article\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`\\| ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await checkA11y(page);

  // The served page already carries the article's preview for link unfurlers.
  const served = await (await request.get(page.url())).text();
  expect(served).toContain('<meta property="og:type" content="article">');
  expect(served).toContain('<meta property="og:title"');

  expect(scripts.some((url) => url.includes('/assets/article-page-'))).toBe(true);
  expect(scripts.filter((url) => url.includes('article-editor-page'))).toEqual([]);

  await page.getByRole('link', { name: 'Back to news' }).click();
  await expect(page).toHaveURL(/\/news$/);

  await page.goto('/article/not-a-real-id');
  await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
  await checkA11y(page);
  await page.goto('/article/%3Cscript%3E');
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid article ID' })).toBeVisible();
});

test('the news feed, sitemap and robots.txt are served', async ({ request }) => {
  const rss = await request.get('/news/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  expect(await rss.text()).toContain('<item>');
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/article/');
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
});
