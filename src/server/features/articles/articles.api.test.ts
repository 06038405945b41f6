import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RawDocument } from '../../../shared/domain/richtext/document';
import { createEvent } from '../../testing/events';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { hostileDocuments } from './hostile-documents';

const paragraph = (text: string, key = 'p1') => ({
  key,
  text,
  type: 'unstyled',
  depth: 0,
  inlineStyleRanges: [],
  entityRanges: [],
  data: {},
});
const doc = (...texts: string[]): RawDocument => ({
  blocks: texts.map((t, i) => paragraph(t, `k${i}`)) as RawDocument['blocks'],
  entityMap: {},
});
const withLink = (url: string) =>
  JSON.stringify({
    blocks: [{ ...paragraph('read more'), entityRanges: [{ offset: 0, length: 4, key: 0 }] }],
    entityMap: { 0: { type: 'LINK', mutability: 'MUTABLE', data: { url } } },
  });

describe('articles API', () => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = (await t.userWithRole('editor')).authorization;
    admin = (await t.userWithRole('admin')).authorization;
    member = (await t.userWithRole('member')).authorization;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('article_categories').execute();
    await t.db.db.deleteFrom('articles').execute();
  });

  const post = (url: string, payload: object, authorization = editor) =>
    t.app.inject({ method: 'POST', url, headers: { authorization }, payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const fields = (over: object = {}) => ({
    title: 'Winter lecture',
    dated: '2026-11-20',
    categories: ['News'],
    content: JSON.stringify(doc('Hello world')),
    ...over,
  });
  const create = async (over: object = {}) => {
    const res = await post('/api/new_article', fields(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().inserted_id as string;
  };

  it('keeps a feature image with its words, shows it in the list, keeps it when an update leaves it out, and refuses a bad address', async () => {
    const image = '/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.jpg';
    const id = await create({ image, image_alt: '  Volunteers unloading boxes  ' });
    expect((await get(`/api/articles/${id}`)).json()).toMatchObject({ image, image_alt: 'Volunteers unloading boxes' });
    expect((await get('/api/articles')).json().items[0]).toMatchObject({ _id: id, image, image_alt: 'Volunteers unloading boxes' });

    // An older client that knows nothing of pictures changes nothing about them.
    expect((await post('/api/update_article', { _id: id, ...fields({ title: 'Renamed' }) })).statusCode).toBe(200);
    expect((await get(`/api/articles/${id}`)).json()).toMatchObject({ title: 'Renamed', image, image_alt: 'Volunteers unloading boxes' });
    // Taking the picture away takes its words too.
    expect((await post('/api/update_article', { _id: id, ...fields({ image: '', image_alt: 'left over' }) })).statusCode).toBe(200);
    expect((await get(`/api/articles/${id}`)).json()).toMatchObject({ image: '', image_alt: '' });

    for (const bad of ['javascript:alert(1)', 'ftp://example.org/a.png', '/etc/passwd']) {
      const res = await post('/api/new_article', fields({ image: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ field: 'image' });
    }
    const long = await post('/api/new_article', fields({ image, image_alt: 'x'.repeat(301) }));
    expect(long.json()).toMatchObject({ field: 'image_alt' });
  });

  it('names the author while their account exists, and drops the byline once it is gone', async () => {
    const writer = await t.userWithRole('editor');
    const res = await post('/api/new_article', fields(), writer.authorization);
    const id = res.json().inserted_id as string;
    expect((await get(`/api/articles/${id}`)).json().author).toBe('Test editor');
    await t.db.db.updateTable('articles').set({ created_by: null }).where('id', '=', id).execute();
    expect((await get(`/api/articles/${id}`)).json().author).toBeNull();
  });

  it('creates, reads, updates and deletes an article', async () => {
    const id = await create({ brief: 'ignored', categories: ['News', ' Events ', 'news'] });
    const read = await get(`/api/articles/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      _id: id,
      title: 'Winter lecture',
      dated: '2026-11-20T00:00:00.000Z',
      brief: 'Hello world',
      categories: ['Events', 'News'],
      content: JSON.stringify(doc('Hello world')),
      is_page: false,
      image: '',
      image_alt: '',
      language: 'en',
      // The editor who wrote it (createTestApp's accounts are "Test <role>").
      author: expect.stringMatching(/^Test /),
    });

    const update = await post('/api/update_article', {
      _id: id,
      ...fields({ title: 'Spring lecture', categories: ['Talks'], content: JSON.stringify(doc('New  text', 'second')), brief: 'x' }),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await get(`/api/articles/${id}`)).json()).toMatchObject({
      title: 'Spring lecture',
      brief: 'New text second',
      categories: ['Talks'],
    });

    expect((await post('/api/delete_article', { _id: id }, admin)).statusCode).toBe(200);
    const gone = await get(`/api/articles/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Article not found' });
    expect((await post('/api/delete_article', { _id: id })).statusCode).toBe(404);
    expect((await post('/api/update_article', { _id: id, ...fields() })).statusCode).toBe(404);
  });

  it('computes the brief from every block, cut at a word boundary', async () => {
    const id = await create({ content: JSON.stringify(doc('word '.repeat(30), 'more '.repeat(30))) });
    const { brief } = (await get(`/api/articles/${id}`)).json<{ brief: string }>();
    expect(brief.length).toBeLessThanOrEqual(200);
    expect(brief).toMatch(/^word word .* more…$/);
  });

  it('tells a malformed id from an unknown one', async () => {
    expect((await get('/api/articles/not%20an%20id')).json()).toEqual({ detail: 'Invalid article ID' });
    expect((await get('/api/articles/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets only editors and admins write', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/new_article', payload: fields() })).statusCode).toBe(401);
    expect((await post('/api/new_article', fields(), member)).statusCode).toBe(403);
    expect((await post('/api/new_article', fields(), admin)).statusCode).toBe(200);
    const id = await create();
    expect((await post('/api/delete_article', { _id: id }, member)).statusCode).toBe(403);
    expect((await post('/api/update_article', { _id: id, ...fields() }, member)).statusCode).toBe(403);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u001fjavascript:alert(1)',
    'javascript\u007f:alert(1)',
    'data:text/html,hi',
  ])('refuses the link %j', async (url) => {
    const res = await post('/api/new_article', fields({ content: withLink(url) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'content',
      detail: expect.stringMatching(/^content: The link on ".+" goes to .+, which is not a web address \(http or https\), mailto or tel/),
    });
  });

  it('keeps http, https, mailto and tel links', async () => {
    for (const url of ['http://example.org', 'https://example.org/a?b#c', 'mailto:info@example.org', 'tel:+441234567890']) {
      expect((await post('/api/new_article', fields({ content: withLink(url) }))).statusCode, url).toBe(200);
    }
  });

  it('validates the other fields', async () => {
    expect((await post('/api/new_article', fields({ title: '  ' }))).json()).toMatchObject({ field: 'title' });
    expect((await post('/api/new_article', fields({ dated: '2026-02-30' }))).json()).toMatchObject({ field: 'dated' });
    expect((await post('/api/new_article', fields({ categories: ['x'.repeat(51)] }))).json()).toMatchObject({ field: 'categories.0' });
    expect((await post('/api/new_article', fields({ content: undefined }))).json()).toMatchObject({ field: 'content' });
  });

  it('answers every hostile document: refused, or stored as it was sent', async () => {
    for (const hostile of hostileDocuments) {
      const content = typeof hostile.content === 'string' ? hostile.content : JSON.stringify(hostile.content);
      const res = await post('/api/new_article', fields({ content }));
      expect(res.statusCode, `${hostile.name}: ${res.body.slice(0, 200)}`).toBe(hostile.expect === 'refused' ? 400 : 200);
    }
  });

  it('pages newest first with a cursor, at most 100 at a time', async () => {
    // 25 articles over 5 days, several on the same day: the id breaks the tie.
    for (let i = 0; i < 25; i++) await create({ title: `A${i}`, dated: `2026-11-${String(10 + (i % 5)).padStart(2, '0')}` });
    const first = (await get('/api/articles')).json<{ items: { _id: string; dated: string; content?: string }[]; next_cursor: string }>();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).not.toHaveProperty('content');
    const second = (await get(`/api/articles?cursor=${encodeURIComponent(first.next_cursor)}`)).json<typeof first>();
    expect(second.items).toHaveLength(5);
    expect(second.next_cursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((a) => a._id)).size).toBe(25);
    const order = all.map((a) => a.dated);
    expect(order).toEqual([...order].sort().reverse());

    let seen = 0;
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { items: unknown[]; next_cursor: string | null } = (
        await get(`/api/articles?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).json();
      seen += page.items.length;
      cursor = page.next_cursor;
    }
    expect(seen).toBe(25);
    expect((await get('/api/articles?limit=101')).statusCode).toBe(400);
    expect((await get('/api/articles?limit=0')).statusCode).toBe(400);
    expect((await get('/api/articles?cursor=bogus')).json()).toEqual({ detail: 'Invalid cursor' });
  });

  it('filters by category and lists every category, sorted', async () => {
    await create({ title: 'one', categories: ['News', 'Events'] });
    await create({ title: 'two', categories: ['events'] });
    await create({ title: 'three', categories: [] });
    const page = (await get('/api/articles?category=Events')).json<{ items: { title: string; categories: string[] }[] }>();
    expect(page.items.map((a) => a.title)).toEqual(['one']);
    expect(page.items[0]!.categories).toEqual(['Events', 'News']);
    expect((await get('/api/articles?category=Nothing')).json()).toEqual({ items: [], next_cursor: null });
    expect((await get('/api/categories')).json()).toEqual(['Events', 'events', 'News']);
  });
});

describe('reach: feed, sitemap, robots and link previews', () => {
  let t: TestApp;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp();
    id = await t.services.articles.create(
      {
        title: 'Gala <dinner> & "awards"',
        dated: new Date('2026-11-01T00:00:00Z'),
        categories: ['Events'],
        content: {
          blocks: [
            paragraph('A night to remember.') as RawDocument['blocks'][number],
            {
              key: 'm',
              text: ' ',
              type: 'atomic',
              depth: 0,
              inlineStyleRanges: [],
              entityRanges: [{ offset: 0, length: 1, key: 0 }],
              data: {},
            },
          ],
          entityMap: {
            0: {
              type: 'IMAGE',
              mutability: 'IMMUTABLE',
              data: { url: '/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.png', type: 'image' },
            },
          },
        },
      },
      null,
    );
  });
  afterAll(() => t.close());

  it('serves an RSS 2.0 feed of the latest articles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/news/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.body).toContain('<rss version="2.0"');
    // Escaped as HTML, then as XML: a reader taking the title as HTML shows exactly the text (decision 101).
    expect(res.body).toContain('<title>Gala &amp;lt;dinner&amp;gt; &amp;amp; &amp;quot;awards&amp;quot;</title>');
    expect(res.body).toContain(`<link>http://localhost:8000/article/${id}</link>`);
    expect(res.body).toContain('<pubDate>Sun, 01 Nov 2026 00:00:00 GMT</pubDate>');
  });

  it('lists public pages and every article in the sitemap, and points robots at it', async () => {
    const map = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(map.body).toContain('<loc>http://localhost:8000/news</loc>');
    expect(map.body).toContain(`<loc>http://localhost:8000/article/${id}</loc>`);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: http://localhost:8000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).not.toContain('Disallow: /signIn');
  });

  it('keeps the sitemap in memory but lists a new or deleted article at once, and has no parts while small', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const added = await t.services.articles.create(
      {
        title: 'Fresh',
        dated: new Date('2026-11-02T00:00:00Z'),
        categories: [],
        content: { blocks: [paragraph('x') as RawDocument['blocks'][number]], entityMap: {} },
      },
      null,
    );
    expect(before).not.toContain(added);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(`/article/${added}</loc>`);
    await t.services.articles.delete(added, null);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(added);
    for (const part of ['1', '0', 'x', '99999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/sitemap-${part}.xml` });
      expect(res.statusCode, part).toBe(404);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('lists every event’s page, and an event added or deleted at once', async () => {
    const admin = (await t.userWithRole('admin')).authorization;
    const eventId = await createEvent(t, admin, {
      title: 'Sitemap lecture',
      dated: '2026-12-05T18:30',
      description: '',
      hy: { title: 'Դասախոսություն' },
    });
    const map = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(map).toContain(`<url><loc>http://localhost:8000/events/${eventId}</loc><lastmod>2026-11-21</lastmod><xhtml:link`);
    expect(map).toContain(`<url><loc>http://localhost:8000/hy/events/${eventId}</loc><lastmod>2026-11-21</lastmod><xhtml:link`);
    // Compressed once and sent as the crawler accepts it.
    const gz = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(map);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/delete_event',
      headers: { authorization: admin },
      payload: { _id: eventId },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(eventId);
  });

  it('gives an article page its title, description and Open Graph tags', async () => {
    const { articlePageHead } = await import('./articles.head');
    const head = await articlePageHead(t.services.articles, `/article/${id}`, {
      publicUrl: 'http://localhost:8000',
      shortName: 'AMA GB',
      siteName: 'Site',
    });
    expect(head).toMatchObject({ title: 'AMA GB | Gala <dinner> & "awards"', description: 'A night to remember.' });
    expect(head!.meta).toContainEqual({
      property: 'og:image',
      content: 'http://localhost:8000/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.png',
    });
    expect(head!.meta).toContainEqual({ property: 'og:url', content: `http://localhost:8000/article/${id}` });
    expect(await articlePageHead(t.services.articles, '/article/unknown', { publicUrl: '', shortName: '', siteName: '' })).toBeNull();
    expect(await articlePageHead(t.services.articles, '/events', { publicUrl: '', shortName: '', siteName: '' })).toBeNull();
  });
});
