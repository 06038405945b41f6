import { expect, signInAsAdmin, test } from './fixtures';

// Decision 150: the English site stays as it was at its own addresses. No Armenian word reaches an
// English page, public or back office, except where it is marked as Armenian (`lang="hy"`: the
// switch and the language choices, which name Armenian in Armenian).
const ARMENIAN = /[\u0531-\u058F]+/g;

test('the English pages, public and back office, carry no Armenian words but the ones marked as Armenian', async ({ page, request }) => {
  test.slow();
  const events = (await (await request.get('/api/events')).json()) as { _id: string }[];
  const articles = (await (await request.get('/api/articles')).json()) as { items: { _id: string }[] };
  const armenianOn = async (path: string) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    const text = await page.locator('body').evaluate((body) => {
      const copy = body.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[lang="hy"], script, style').forEach((element) => element.remove());
      return copy.innerText;
    });
    return { path, words: text.match(ARMENIAN) ?? [] };
  };
  const pages = ['/', '/events', `/events/${events[0]!._id}`, '/news', `/article/${articles.items[0]!._id}`, '/newsletters'];
  pages.push('/signIn', '/signIn/pwForgot', '/register', '/donate', '/no-such-page');
  const found = [];
  for (const path of pages) found.push(await armenianOn(path));
  await signInAsAdmin(page);
  for (const path of ['/profile', '/admin/members', '/admin/events', '/admin/payments', '/admin/roles', '/admin/settings', '/article/new'])
    found.push(await armenianOn(path));
  expect(found.filter((page) => page.words.length > 0)).toEqual([]);
});
