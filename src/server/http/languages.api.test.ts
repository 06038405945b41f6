import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTextDefaults, type SiteTextKey } from '../../shared/domain/site-text';
import { siteTextHy } from '../../shared/domain/site-text-hy';
import { isTranslatedKey } from '../../shared/domain/site-text-languages';
import { registrationForm } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';

// Decision 150: English at the site's addresses, Armenian under /hy/, the texts of each page in its
// language, the head naming both, the visitor's choice remembered, and each kept page per language.

const ORIGIN = 'http://localhost:8000';

/** How an HTML page writes a text: &, <, >, " and ' escaped (React's and the head's). */
const inHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A text as the whole content of an element, or of an attribute (a label, a title). */
function showsText(html: string, text: string): boolean {
  const escaped = inHtml(text);
  const alternatives = [escaped, escaped.replace(/&#x27;/g, '&#39;'), escaped.replace(/&quot;/g, '&#34;')];
  return alternatives.some((form) => html.includes(`>${form}<`) || html.includes(`="${form}"`));
}

/** English defaults that differ from their Armenian value: none may show on an Armenian page. */
const englishOnly = (Object.keys(siteTextDefaults) as SiteTextKey[]).filter(
  (key) =>
    isTranslatedKey(key) &&
    siteTextDefaults[key].trim() !== '' &&
    (siteTextHy as Record<string, string>)[key] !== undefined &&
    (siteTextHy as Record<string, string>)[key] !== siteTextDefaults[key],
);

describe('two languages, one site', () => {
  let t: TestApp;
  let articleId: string;
  let eventId: string;
  let admin: string;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp({}, { renderPages: true });
    admin = (await t.userWithRole('admin')).authorization;
    const editor = await t.userWithRole('editor');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/new_article',
      headers: { authorization: editor.authorization },
      payload: {
        title: 'Annual lecture report',
        dated: '2026-11-20',
        categories: ['Reports'],
        content: JSON.stringify({
          blocks: [{ key: 'p1', text: 'A full hall.', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
          entityMap: {},
        }),
        // Translated, so both its addresses name each other (decision 180).
        hy: {
          title: 'Տարեկան դասախոսության հաշվետվություն',
          content: JSON.stringify({
            blocks: [
              { key: 'p1', text: 'Դահլիճը լեփ-լեցուն էր։', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
            ],
            entityMap: {},
          }),
        },
      },
    });
    articleId = created.json<{ inserted_id: string }>().inserted_id;
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/new_event',
      headers: { authorization: admin },
      payload: {
        title: 'Winter meeting',
        dated: '2026-12-05T18:30',
        description: 'Talks and tea',
        capacity: 30,
        price_pence: 500,
        hy: { title: 'Ձմեռային հանդիպում', description: 'Զեկույցներ և թեյ' },
      },
    });
    eventId = event.json<{ inserted_id: string }>().inserted_id;
  });
  afterAll(() => t.close());

  const publicPages = () => [
    '/',
    '/events',
    `/events/${eventId}`,
    '/news',
    `/article/${articleId}`,
    '/newsletters',
    '/register',
    '/donate',
    '/signIn',
  ];

  /**
   * The pages of the member area the server draws before the script (decision 205): the others
   * (My Profile, the token pages) are drawn in the browser, and the component tests read them.
   */
  const memberPages = ['/signIn/pwForgot', '/signIn/pwReset/no-such-user'];

  it('serves every public page in both languages with its own lang, canonical address and both alternates', async () => {
    for (const path of publicPages()) {
      for (const [language, address, tag] of [
        ['en', path, 'en-GB'],
        ['hy', path === '/' ? '/hy/' : `/hy${path}`, 'hy'],
      ] as const) {
        const res = await get(address);
        expect(res.statusCode, address).toBe(200);
        expect(res.body, address).toContain(`<html lang="${tag}"`);
        expect(res.body, address).toContain(`<link rel="canonical" href="${ORIGIN}${address}">`);
        const english = `${ORIGIN}${path}`;
        const armenian = `${ORIGIN}${path === '/' ? '/hy/' : `/hy${path}`}`;
        expect(res.body, address).toContain(`<link rel="alternate" hreflang="en-GB" href="${english}">`);
        expect(res.body, address).toContain(`<link rel="alternate" hreflang="hy" href="${armenian}">`);
        expect(res.body, address).toContain(`<link rel="alternate" hreflang="x-default" href="${english}">`);
        // The switch names the other language, and goes to this page in it.
        const other = language === 'en' ? 'Հայերեն' : 'English';
        expect(res.body, address).toMatch(new RegExp(`<a href="[^"]*\\?lang=${language === 'en' ? 'hy' : 'en'}"[^>]*>${other}</a>`));
      }
    }
  });

  it('draws an Armenian page in Armenian: none of the English defaults shows where an Armenian value exists', async () => {
    expect(englishOnly.length).toBeGreaterThan(600);
    for (const path of [...publicPages(), ...memberPages, '/no-such-page']) {
      const address = path === '/' ? '/hy/' : `/hy${path}`;
      const html = (await get(address)).body;
      const english = englishOnly.filter((key) => showsText(html, siteTextDefaults[key]));
      expect(
        english.map((key) => `${key}: ${siteTextDefaults[key]}`),
        address,
      ).toEqual([]);
      // And it does draw Armenian: its navigation at least.
      expect(html, address).toContain(`>${siteTextHy['nav.events']}<`);
    }
    // The check finds English where it is: the English pages draw those same texts.
    const home = (await get('/')).body;
    expect(englishOnly.filter((key) => showsText(home, siteTextDefaults[key])).length).toBeGreaterThan(10);
  });

  it('keeps the English pages as they were: English texts, links without a prefix, no Armenian in the navigation', async () => {
    const html = (await get('/events')).body;
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain('<title>AMA GB | Events</title>');
    expect(html).toContain('href="/news"');
    expect(html).not.toContain(`>${siteTextHy['nav.news']}<`);
    const hy = (await get('/hy/events')).body;
    expect(hy).toContain(`<title>AMA GB | ${siteTextHy['events.title']}</title>`);
    // Its links stay in Armenian.
    expect(hy).toContain('href="/hy/news"');
    expect(hy).not.toContain('href="/news"');
  });

  it('remembers the switch in a cookie and redirects to the clean address; an explicit address always wins', async () => {
    const switched = await get('/news?category=Reports&lang=hy');
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe('/hy/news?category=Reports');
    expect(switched.headers['set-cookie']).toMatch(/^site_lang=hy; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
    const back = await get('/hy/events?lang=en');
    expect(back.headers.location).toBe('/events');
    expect(back.headers['set-cookie']).toMatch(/^site_lang=en;/);
    // The site root is the one address without a language: the choice sends it to the Armenian home.
    const root = await get('/', { cookie: 'other=1; site_lang=hy' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/hy/');
    expect(root.headers.vary).toContain('cookie');
    expect((await get('/?utm=x', { cookie: 'site_lang=hy' })).headers.location).toBe('/hy/?utm=x');
    for (const cookie of ['site_lang=en', 'site_lang=fr', 'site_lang=', '']) {
      const res = await get('/', { cookie });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body).toContain('<html lang="en-GB"');
    }
    // Any other address says its language itself, whatever the cookie.
    const events = await get('/events', { cookie: 'site_lang=hy' });
    expect(events.statusCode).toBe(200);
    expect(events.body).toContain('<html lang="en-GB"');
    // A made-up language is no switch; nor is the parameter on the API or a file.
    expect((await get('/events?lang=fr')).statusCode).toBe(200);
    expect((await get('/api/events?lang=hy')).headers['set-cookie']).toBeUndefined();
  });

  it('keeps each page per language: an Armenian address never gets the kept English page, nor the reverse', async () => {
    for (let round = 0; round < 2; round++) {
      expect((await get('/news')).body).toContain('<html lang="en-GB"');
      expect((await get('/hy/news')).body).toContain('<html lang="hy"');
      expect((await get('/hy/news?category=Reports&x=1')).body).toContain('<html lang="hy"');
      expect((await get('/news?category=Reports')).body).toContain('<html lang="en-GB"');
    }
    // /hy and /hy/ are both the Armenian home page (its canonical address is /hy/).
    expect((await get('/hy')).body).toContain(`<link rel="canonical" href="${ORIGIN}/hy/">`);
  });

  it('answers the string table in either language, and refuses a language it does not have', async () => {
    const table = async (query: string) =>
      new Map((await get(`/api/string_table_v2${query}`)).json<{ key: string; value: string }[]>().map((e) => [e.key, e.value]));
    const english = await table('');
    const armenian = await table('?lang=hy');
    expect(english.get('nav.events')).toBe('Events');
    expect(armenian.get('nav.events')).toBe('Միջոցառումներ');
    // A text shared by both languages is the same in each.
    expect(armenian.get('contact_email')).toBe(english.get('contact_email'));
    expect([...armenian.keys()].sort()).toEqual([...english.keys()].sort());
    const bad = await get('/api/string_table_v2?lang=fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'lang' });
  });

  describe('texts in each language, kept apart', () => {
    const set = (payload: object, authorization = admin) =>
      t.app.inject({ method: 'POST', url: '/api/set_string', headers: { authorization }, payload });
    const reset = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/texts/reset', headers: { authorization: admin }, payload });
    const value = async (key: string, lang: 'en' | 'hy') =>
      (await get(`/api/string_table_v2?lang=${lang}&t=${Math.random()}`))
        .json<{ key: string; value: string }[]>()
        .find((e) => e.key === key)?.value;

    it('saves an Armenian text without touching the English, shows it on the Armenian page, and puts its default back', async () => {
      expect((await set({ key: 'events.title', value: 'Մեր միջոցառումները', lang: 'hy' })).statusCode).toBe(200);
      expect(await value('events.title', 'hy')).toBe('Մեր միջոցառումները');
      expect(await value('events.title', 'en')).toBe('Events');
      expect((await get('/hy/events')).body).toContain('<title>AMA GB | Մեր միջոցառումները</title>');
      expect((await get('/events')).body).toContain('<title>AMA GB | Events</title>');

      const texts = (await t.app.inject({ method: 'GET', url: '/api/admin/texts', headers: { authorization: admin } })).json<
        { key: string; customised: boolean; hy: { value: string; customised: boolean; to_review: boolean } | null }[]
      >();
      const entry = texts.find((e) => e.key === 'events.title')!;
      expect(entry).toMatchObject({ customised: false, hy: { value: 'Մեր միջոցառումները', customised: true, to_review: false } });
      // A saved Armenian text is never listed as a key of its own.
      expect(texts.some((e) => e.key.startsWith('hy:'))).toBe(false);

      expect((await reset({ key: 'events.title', lang: 'hy' })).statusCode).toBe(200);
      expect(await value('events.title', 'hy')).toBe(siteTextHy['events.title']);
      // The English text changed alone leaves the Armenian as it was.
      expect((await set({ key: 'events.title', value: 'What is on' })).statusCode).toBe(200);
      expect(await value('events.title', 'hy')).toBe(siteTextHy['events.title']);
      expect((await reset({ key: 'events.title' })).statusCode).toBe(200);
    });

    it('refuses an Armenian value for a text shared by both languages, an empty one, an unknown key or language, and anyone but the admin', async () => {
      const shared = await set({ key: 'contact_email', value: 'hy@example.org', lang: 'hy' });
      expect(shared.statusCode).toBe(400);
      expect(shared.json()).toMatchObject({ field: 'lang' });
      const empty = await set({ key: 'events.title', value: '  ', lang: 'hy' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ field: 'value' });
      expect((await set({ key: 'no.such.key', value: 'x', lang: 'hy' })).json()).toMatchObject({ field: 'key' });
      expect((await set({ key: 'events.title', value: 'x', lang: 'fr' })).json()).toMatchObject({ field: 'lang' });
      const editor = (await t.userWithRole('editor')).authorization;
      expect((await set({ key: 'events.title', value: 'x', lang: 'hy' }, editor)).statusCode).toBe(403);
      expect((await reset({ key: 'contact_email', lang: 'hy' })).statusCode).toBe(404);
      expect(await value('events.title', 'hy')).toBe(siteTextHy['events.title']);
      expect(await value('contact_email', 'hy')).toBe(siteTextDefaults.contact_email);
    });

    it('ships every text complete in Armenian: none missing, each marked for review until saved', async () => {
      const texts = (await t.app.inject({ method: 'GET', url: '/api/admin/texts', headers: { authorization: admin } })).json<
        { key: string; hy: { missing: boolean; to_review: boolean } | null }[]
      >();
      const translated = texts.filter((e) => e.key in siteTextDefaults && isTranslatedKey(e.key as SiteTextKey));
      expect(translated.length).toBeGreaterThan(600);
      expect(translated.filter((e) => e.hy === null || e.hy.missing).map((e) => e.key)).toEqual([]);
      expect(translated.filter((e) => e.hy?.to_review).length).toBeGreaterThan(600);
    });
  });

  it('answers a form posted to an Armenian page with that page, in Armenian', async () => {
    const member = await t.userWithRole('member');
    const res = await t.app.inject({
      method: 'POST',
      url: '/hy/signIn',
      remoteAddress: '10.77.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams({ email: member.email, password: 'not the password' }).toString(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('<html lang="hy"');
    expect(res.body).toContain(siteTextHy.invalid_credentials);
    expect(res.body).not.toContain(siteTextDefaults.invalid_credentials);

    // The schemas' messages about the fields follow the page's language too.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/hy/signIn',
      remoteAddress: '10.77.0.2',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams({ email: '', password: '' }).toString(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Մուտքագրեք ձեր էլ. փոստի հասցեն');
    expect(empty.body).not.toContain('Enter your e-mail address');
    const english = await t.app.inject({
      method: 'POST',
      url: '/signIn',
      remoteAddress: '10.77.0.3',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams({ email: '', password: '' }).toString(),
    });
    expect(english.body).toContain('Enter your e-mail address');
  });

  it('takes the page’s language for a member who joins on an Armenian page without choosing one', async () => {
    for (const [url, language] of [
      ['/hy/register', 'hy'],
      ['/register', 'en'],
    ] as const) {
      const form = registrationForm();
      const fields = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, value === null ? '' : String(value)]));
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.78.0.${language === 'hy' ? 1 : 2}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(res.statusCode, url).toBe(200);
      const pending = await t.db.db
        .selectFrom('pending_registrations')
        .select('fields')
        .where('email', '=', form.email)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(pending.fields), url).toMatchObject({ language });
    }
  });

  it('preloads the Armenian web font on Armenian pages only: two files, under 30 KiB, kept a year (decision 151)', async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" href="([^"]+)" crossorigin fetchpriority="low">/g)].map(
        (m) => m[1]!,
      );
    for (const path of ['/', '/events', '/register']) expect(preloads((await get(path)).body), path).toEqual([]);
    const fonts = preloads((await get('/hy/events')).body);
    expect(fonts).toHaveLength(2);
    expect(fonts.every((href) => /^\/assets\/noto-sans-armenian-armenian-(400|700)-normal-[\w-]+\.woff2$/.test(href))).toBe(true);
    let bytes = 0;
    for (const href of fonts) {
      const res = await get(href);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      bytes += res.rawPayload.length;
    }
    expect(bytes).toBeLessThanOrEqual(30 * 1024);
  });

  it('lists both languages in the sitemap, each address with its alternates', async () => {
    const map = (await get('/sitemap.xml')).body;
    expect(map).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of ['/events', `/events/${eventId}`, `/article/${articleId}`]) {
      const alternates =
        `<xhtml:link rel="alternate" hreflang="en-GB" href="${ORIGIN}${path}"/>` +
        `<xhtml:link rel="alternate" hreflang="hy" href="${ORIGIN}/hy${path}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}${path}"/>`;
      expect(map).toMatch(
        new RegExp(`<url><loc>${ORIGIN}${path}</loc>(<lastmod>[^<]+</lastmod>)?${alternates.replace(/[.?]/g, '\\$&')}</url>`),
      );
      expect(map).toMatch(
        new RegExp(`<url><loc>${ORIGIN}/hy${path}</loc>(<lastmod>[^<]+</lastmod>)?${alternates.replace(/[.?]/g, '\\$&')}</url>`),
      );
    }
    expect(map).toContain(`<url><loc>${ORIGIN}/hy/</loc>`);
  });
});
