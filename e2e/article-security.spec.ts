import { hostileDocuments } from '../src/server/features/articles/hostile-documents';
import { adminAuthorization, checkA11y, expect, test } from './fixtures';

/**
 * Hostile contents: each is refused by the API or, once stored, shown in Chromium with no script
 * run and no unsafe address in any href or src of the page.
 */
test('hostile article contents are refused or shown harmlessly', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  expect(hostileDocuments.length).toBeGreaterThanOrEqual(50);
  const { authorization } = await adminAuthorization(request);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const origin = new URL(baseURL!).origin;

  for (const hostile of hostileDocuments) {
    const content = typeof hostile.content === 'string' ? hostile.content : JSON.stringify(hostile.content);
    const res = await request.post('/api/new_article', {
      headers: { authorization },
      data: { title: `Hostile: ${hostile.name}`, dated: '2020-01-01', categories: ['Security test'], content },
    });
    if (hostile.expect === 'refused') {
      expect(res.status(), hostile.name).toBe(400);
      continue;
    }
    expect(res.status(), hostile.name).toBe(200);
    const { inserted_id: id } = await res.json();

    await page.goto(`/article/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hostile: ${hostile.name}`);
    await checkA11y(page);
    const found = await page.evaluate((siteOrigin) => {
      const unsafe: string[] = [];
      const allowedFrames = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
      for (const element of Array.from(document.querySelectorAll('[href], [src], [action], [formaction], [srcdoc], [data]'))) {
        for (const name of ['href', 'src', 'action', 'formaction', 'data']) {
          const value = element.getAttribute(name);
          if (value === null) continue;
          const url = new URL(value, location.href);
          const ok = ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol);
          if (!ok) unsafe.push(`${element.tagName} ${name}=${value}`);
          if (element.tagName === 'IFRAME' && !allowedFrames.includes(url.origin)) unsafe.push(`frame ${value}`);
          if (element.tagName === 'SCRIPT' && url.origin !== siteOrigin) unsafe.push(`script ${value}`);
        }
        if (element.hasAttribute('srcdoc')) unsafe.push(`${element.tagName} srcdoc`);
      }
      const handlers = Array.from(document.querySelectorAll('main *')).flatMap((el) =>
        Array.from(el.attributes)
          .filter((a) => a.name.startsWith('on'))
          .map((a) => `${el.tagName} ${a.name}`),
      );
      return {
        unsafe,
        handlers,
        pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
        scripts: document.querySelectorAll('main script').length,
      };
    }, origin);
    expect(found, hostile.name).toEqual({ unsafe: [], handlers: [], pwned: null, scripts: 0 });
  }
  expect(dialogs).toEqual([]);
});
