import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTextDefaults } from '../../shared/domain/site-text';
import { createTestApp, type TestApp } from '../testing/test-app';

// The public pages as the server renders them: status codes, the page's markup and data, and its head.
const HOSTILE_TITLE = `Tom & Jerry's "best" <script>alert(1)</script> Բժիշկների ժողով`;

const document = (text: string) =>
  JSON.stringify({
    blocks: [{ key: 'p1', text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
    entityMap: {},
  });

/** The JSON of each <script type="application/ld+json">, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

function embeddedData(html: string): { queries: { queryKey: unknown[]; state: { status: string } }[] } {
  const text = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (!text) throw new Error('no embedded data');
  return JSON.parse(text) as ReturnType<typeof embeddedData>;
}

/** The string table a bare page carries, as the browser reads it (JSON.parse of the element's text). */
function stringTableIn(html: string): Map<string, string> {
  const elements = [...html.matchAll(/<script type="application\/json" id="string-table">(.*?)<\/script>/gs)];
  expect(elements).toHaveLength(1);
  // Nothing in it can end the element or open another.
  expect(elements[0]![1]).not.toMatch(/[<>&]/);
  const table = JSON.parse(elements[0]![1]!) as { key: string; value: string }[];
  return new Map(table.map((entry) => [entry.key, entry.value]));
}

describe('server-rendered pages', () => {
  let t: TestApp;
  let articleId: string;
  let eventId: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({}, { renderPages: true });
    const editor = await t.userWithRole('editor');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/new_article',
      headers: { authorization: editor.authorization },
      payload: { title: HOSTILE_TITLE, dated: '2026-11-20', categories: ['Events & news'], content: document('Line one. </script><!-- x') },
    });
    expect(created.statusCode).toBe(200);
    articleId = created.json<{ inserted_id: string }>().inserted_id;
    const admin = await t.userWithRole('admin');
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/new_event',
      headers: { authorization: admin.authorization },
      payload: { title: 'Winter <lecture>', dated: '2026-12-05T18:30', description: 'Talks & tea' },
    });
    expect(event.statusCode).toBeLessThan(300);
    const lecture = await t.app.inject({
      method: 'POST',
      url: '/api/new_event',
      headers: { authorization: admin.authorization },
      payload: {
        title: 'Cardiology </script> update',
        dated: '2026-12-10T18:30',
        end_dated: '2026-12-10T21:00',
        description: 'Three talks.',
        venue_name: 'Lecture Hall',
        venue_address: '1 Example Street, London',
        online_url: 'https://meet.example.org/private',
        capacity: 40,
        member_price_pence: 1000,
        price_pence: 2500,
        cpd_hours: 2,
      },
    });
    eventId = lecture.json<{ inserted_id: string }>().inserted_id;
  });
  afterAll(() => t.close());

  it('renders the home page with its sections, styles and data', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toMatch(/<div id="root"><.+<\/div>/s);
    expect(html).toContain('id="committee"');
    expect(html).toContain('Winter &lt;lecture&gt;');
    // A public page is HTML and CSS Modules (decision 081): no Emotion style at all.
    expect(html).not.toMatch(/<style/);
    // No inline script: the CSP allows none.
    expect(html).not.toMatch(/<script>/);
    const queries = embeddedData(html).queries;
    expect(queries.map((q) => q.queryKey[0]).sort()).toEqual(['committees', 'events', 'string_table_v2']);
    expect(queries.every((q) => q.state.status === 'success')).toBe(true);
    // The site texts it draws, not the whole table (decision 084).
    const table = (queries.find((q) => q.queryKey[0] === 'string_table_v2')!.state as unknown as { data: unknown }).data as {
      key: string;
      value: string;
    }[];
    const keys = table.map((entry) => entry.key);
    expect(keys).toEqual(expect.arrayContaining(['site_name', 'home.mission', 'nav.home', 'home.committee.title']));
    expect(keys).not.toContain('donate.title');
    expect(keys.length).toBeLessThan(150);
    expect(jsonLd(html)).toEqual([expect.objectContaining({ '@type': 'Organization', url: 'http://localhost:8000/' })]);
  });

  it('brings the texts the admin changed from their defaults, drawn or not, and the MUI pages their styles', async () => {
    const admin = await t.userWithRole('admin');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin.authorization },
      payload: { key: 'donate.title', value: 'Give today' },
    });
    expect(set.statusCode).toBe(200);
    const state = embeddedData((await get('/')).body).queries.find((q) => q.queryKey[0] === 'string_table_v2')!.state as unknown;
    const table = (state as { data: { key: string; value: string }[] }).data;
    expect(table).toContainEqual({ key: 'donate.title', value: 'Give today' });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin.authorization },
      payload: { key: 'donate.title', value: 'Donate' },
    });
    expect(back.statusCode).toBe(200);
    // Sign-in is drawn with MUI: its styles come with it, marked as placed (data-s) for Emotion to adopt.
    expect((await get('/signIn')).body).toMatch(/<head>.*<style data-s="" data-emotion="css[ -].*<\/head>/s);
  });

  it('gives every public page its own title, description, canonical address and share tags', async () => {
    for (const [path, title] of [
      ['/events', 'Events'],
      ['/news', 'News'],
      ['/signIn', 'Sign in'],
      ['/register', 'Join us'],
      ['/donate', 'Donate'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toMatch(/<div id="root"><.+<\/div>/s);
      expect(res.body, path).toContain(`<title>AMA GB | ${title}</title>`);
      expect(res.body, path).toContain(`<link rel="canonical" href="http://localhost:8000${path}">`);
      expect(res.body, path).toContain(`<meta property="og:url" content="http://localhost:8000${path}">`);
      expect(res.body, path).toMatch(/<meta property="og:image" content="http:\/\/localhost:8000\/api\/share-image\.png\?v=[\w-]+">/);
      expect(res.body, path).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(res.body, path).not.toContain('content="News, events, membership and donations of the association."');
    }
  });

  it('lists each upcoming event as schema.org Event data on the events page', async () => {
    const events = jsonLd((await get('/events')).body).filter((data) => data['@type'] === 'Event');
    expect(events).toContainEqual(
      expect.objectContaining({ name: 'Winter <lecture>', description: 'Talks & tea', startDate: '2026-12-05T18:30:00.000Z' }),
    );
  });

  it("renders an event's own page with its details, its head and Event data with place and offers", async () => {
    const res = await get(`/events/${eventId}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>AMA GB | Cardiology &#60;/script&#62; update</title>');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8000/events/${eventId}">`);
    expect(html).toContain('Lecture Hall');
    expect(html).toContain('Thursday 10 December 2026, 18:30–21:00');
    expect(html).not.toContain('meet.example.org');
    const [event] = jsonLd(html);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: 'Cardiology </script> update',
      startDate: '2026-12-10T18:30:00.000Z',
      endDate: '2026-12-10T21:00:00.000Z',
      eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
      location: [
        { '@type': 'Place', name: 'Lecture Hall', address: '1 Example Street, London' },
        { '@type': 'VirtualLocation', url: `http://localhost:8000/events/${eventId}` },
      ],
      offers: [
        { '@type': 'Offer', price: '25.00', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
        { '@type': 'Offer', price: '10.00', priceCurrency: 'GBP', eligibleCustomerType: 'Member' },
      ],
    });
    expect(embeddedData(html).queries.find((q) => q.queryKey[0] === 'events')).toMatchObject({ queryKey: ['events', eventId, 'en'] });
    for (const path of ['/events/00000000-0000-4000-8000-000000000000', '/events/nope'])
      expect((await get(path)).statusCode, path).toBe(404);
  });

  it('renders an article with its title escaped in the markup, the head and the JSON-LD', async () => {
    const res = await get(`/article/${articleId}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      '<title>AMA GB | Tom &#38; Jerry&#39;s &#34;best&#34; &#60;script&#62;alert(1)&#60;/script&#62; Բժիշկների ժողով</title>',
    );
    expect(html).toMatch(/<h1 id="article-title">Tom &amp; Jerry&#x27;s &quot;best&quot; &lt;script&gt;/);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8000/article/${articleId}">`);
    const [article] = jsonLd(html);
    expect(article).toMatchObject({ '@type': 'NewsArticle', headline: HOSTILE_TITLE, datePublished: expect.stringMatching(/^2026-11-20/) });
    // The JSON-LD and the embedded data cannot close their script element early.
    for (const block of html.match(/<script type="application\/(ld\+)?json"[^>]*>.*?<\/script>/gs) ?? []) {
      expect(block.slice(block.indexOf('>') + 1, -'</script>'.length)).not.toMatch(/<\/script|<!--/i);
    }
    const data = embeddedData(html);
    expect(data.queries.find((q) => q.queryKey[0] === 'article')?.state.status).toBe('success');
    expect(data.queries.find((q) => q.queryKey[0] === 'article')).toMatchObject({ state: { data: { title: HOSTILE_TITLE } } });
  });

  it('answers 404 with the site own page for an unknown path, an unknown article and a malformed id', async () => {
    for (const path of ['/no-such-page', '/article/00000000-0000-4000-8000-000000000000', '/article/%3Cbad%3E', '/news/extra/deep']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('text/html');
      expect(res.body, path).toMatch(/<div id="root"><.+<\/div>/s);
    }
    expect((await get('/no-such-page')).body).toContain('Page not found');
    expect((await get('/article/00000000-0000-4000-8000-000000000000')).body).toContain('Article not found');
  });

  it('gives an address with an empty, "." or ".." segment the site own not-found page, not a bare refusal', async () => {
    for (const path of [
      '/article//edit',
      '//news',
      '/news//',
      '//',
      '/admin//members',
      '/news/./x',
      '/a/b/..',
      '//evil.example/x',
      '/assets//x.js',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('text/html');
      expect(res.body, path).toContain('Page not found');
      expect(res.headers['content-security-policy'], path).toBeDefined();
    }
    // The API keeps its JSON answers.
    expect((await get('/api//health')).headers['content-type']).toMatch(/^application\/json/);
  });

  it("shows the admin's own site text in the rendered page", async () => {
    const admin = await t.userWithRole('admin');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin.authorization },
      payload: { key: 'news.intro', value: 'Our latest <news> & notes' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await get('/news')).body).toContain('Our latest &lt;news&gt; &amp; notes');
  });

  it('leaves the signed-in views to the browser, and missing files and API paths answer JSON', async () => {
    const profile = await get('/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('<div id="root"></div>');
    expect((await get('/api/nothing')).statusCode).toBe(404);
    expect((await get('/missing.js')).json()).toEqual({ detail: 'Not found' });
  });

  it('writes the current string table, escaped, into the bare page of every view the browser renders', async () => {
    const admin = await t.userWithRole('admin');
    const hostile = 'Ends </script><script>alert(1)</script> & <!-- more: Բժիշկների ժողով';
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin.authorization },
      payload: { key: 'profile.export', value: hostile },
    });
    expect(saved.statusCode).toBe(200);
    for (const path of ['/profile', '/admin', '/admin/texts', '/renew', '/register/pay']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root"></div>');
      expect(res.body, path).not.toContain('id="page-data"');
      expect(res.body, path).not.toContain('<script>alert(1)');
      const table = stringTableIn(res.body);
      expect(table.get('profile.export'), path).toBe(hostile);
      // Every default is there: the browser needs none of its own.
      for (const key of Object.keys(siteTextDefaults)) expect(table.has(key), key).toBe(true);
      expect(table.get('home.mission')).toBe(siteTextDefaults['home.mission']);
    }
    // A rendered page carries the table once, in its data.
    const home = (await get('/')).body;
    expect(home).not.toContain('id="string-table"');
    expect(embeddedData(home).queries.map((q) => q.queryKey[0])).toContain('string_table_v2');
  });

  it('embeds a saved text in the next bare page at once; a refused save changes nothing', async () => {
    const admin = await t.userWithRole('admin');
    const save = (value: string, authorization?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/set_string',
        headers: authorization ? { authorization } : {},
        payload: { key: 'profile.title', value },
      });
    expect((await save('Your account', admin.authorization)).statusCode).toBe(200);
    expect(stringTableIn((await get('/profile')).body).get('profile.title')).toBe('Your account');
    const member = await t.userWithRole('member');
    expect((await save('Hijacked', member.authorization)).statusCode).toBe(403);
    expect(stringTableIn((await get('/profile')).body).get('profile.title')).toBe('Your account');
    expect((await save('Ձեր հաշիվը & more', admin.authorization)).statusCode).toBe(200);
    expect(stringTableIn((await get('/profile')).body).get('profile.title')).toBe('Ձեր հաշիվը & more');
    // Another server on the same database: seen once the kept copies have expired.
    await t.db.db.updateTable('strings').set({ value: 'From elsewhere' }).where('key', '=', 'profile.title').execute();
    expect(stringTableIn((await get('/profile')).body).get('profile.title')).toBe('Ձեր հաշիվը & more');
  });

  it('keeps a served page for a few seconds, and forgets it once a write on this server has committed', async () => {
    expect((await get('/events')).body).toContain('Winter &lt;lecture&gt;');
    // Changed by another server on the same database: this one keeps its copy for a few seconds.
    await t.db.db.updateTable('events').set({ title: 'Spring talk' }).where('title', '=', 'Winter <lecture>').execute();
    expect((await get('/events')).body).toContain('Winter &lt;lecture&gt;');
    // A refused write changed nothing, so the copy stands.
    const refused = await t.app.inject({ method: 'POST', url: '/api/set_string', payload: { key: 'news.intro', value: 'x' } });
    expect(refused.statusCode).toBe(401);
    expect((await get('/events')).body).toContain('Winter &lt;lecture&gt;');
    const admin = await t.userWithRole('admin');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin.authorization },
      payload: { key: 'events.intro', value: 'What is on' },
    });
    expect(saved.statusCode).toBe(200);
    const events = (await get('/events')).body;
    expect(events).toContain('Spring talk');
    expect(events).not.toContain('Winter &lt;lecture&gt;');
  });

  it('sends the kept page compressed as the browser accepts it', async () => {
    const plain = await get('/news');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/news', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });
});
