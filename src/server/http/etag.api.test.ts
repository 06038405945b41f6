import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// The string table and the feeds carry an ETag; a client that has the same bytes gets a 304.
describe('ETag and 304', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each(['/api/string_table_v2', '/news/rss.xml', '/sitemap.xml', '/api/events.ics'])('%s answers 304 to its own ETag', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A weak form of the tag and a list that names it count too; another tag does not.
    expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('gives the string table a new ETag when the admin changes a text', async () => {
    const admin = await t.userWithRole('admin');
    const before = (await get('/api/string_table_v2')).headers.etag as string;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin.authorization },
      payload: { key: 'news.intro', value: 'Fresh words' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await get('/api/string_table_v2', { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toContainEqual({ key: 'news.intro', value: 'Fresh words' });
    expect(after.headers['content-type']).toContain('application/json');
    expect(after.headers['cache-control']).toBe('no-cache');
  });
});
