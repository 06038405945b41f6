import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// Decision 180: articles, pages, events and the committee carry an Armenian version beside the
// English; an Armenian page without one shows the English with a note; hreflang, the sitemap's
// alternates, the feeds and the calendars follow.

const ORIGIN = 'http://localhost:8000';

const doc = (...texts: string[]) =>
  JSON.stringify({
    blocks: texts.map((text, i) => ({ key: `k${i}`, text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} })),
    entityMap: {},
  });

const english = {
  title: 'Winter lecture report',
  dated: '2026-11-20',
  categories: ['Reports'],
  content: doc('A full hall heard about heart failure.'),
};
const armenian = {
  title: 'Ձմեռային դասախոսության հաշվետվություն',
  categories: ['Հաշվետվություններ'],
  content: doc('Լեփ-լեցուն դահլիճը լսեց սրտային անբավարարության մասին։'),
};

describe('content in both languages', () => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp({}, { renderPages: true });
    editor = (await t.userWithRole('editor')).authorization;
    admin = (await t.userWithRole('admin')).authorization;
    member = (await t.userWithRole('member')).authorization;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('article_categories').execute();
    await t.db.db.deleteFrom('article_categories_hy').execute();
    await t.db.db.deleteFrom('articles').execute();
    await t.db.db.deleteFrom('events').execute();
    await t.db.db.deleteFrom('committee_members').execute();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const post = (url: string, payload: object, authorization = editor) =>
    t.app.inject({ method: 'POST', url, headers: { authorization }, payload });
  const create = async (fields: object) => {
    const res = await post('/api/new_article', fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ inserted_id: string }>().inserted_id;
  };
  const newEvent = async (fields: object) => {
    const res = await post('/api/new_event', { dated: '2099-12-05T18:30', description: 'Talks and tea', ...fields }, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ inserted_id: string }>().inserted_id;
  };

  describe('articles', () => {
    it('answers each language: the Armenian version in Armenian, the English in English, and says which', async () => {
      const id = await create({ ...english, hy: armenian });
      const en = (await get(`/api/articles/${id}`)).json();
      expect(en).toMatchObject({ title: english.title, categories: ['Reports'], content: english.content, language: 'en' });
      expect(en.brief).toBe('A full hall heard about heart failure.');
      expect((await get(`/api/articles/${id}?lang=en`)).json()).toEqual(en);
      const hy = (await get(`/api/articles/${id}?lang=hy`)).json();
      expect(hy).toMatchObject({
        _id: id,
        title: armenian.title,
        categories: ['Հաշվետվություններ'],
        content: armenian.content,
        // The brief is computed from the Armenian content, as the English one is.
        brief: 'Լեփ-լեցուն դահլիճը լսեց սրտային անբավարարության մասին։',
        language: 'hy',
        dated: en.dated,
      });
    });

    it('answers the English, saying so, where the Armenian version is missing', async () => {
      const id = await create(english);
      const hy = (await get(`/api/articles/${id}?lang=hy`)).json();
      expect(hy).toMatchObject({ title: english.title, content: english.content, categories: ['Reports'], language: 'en' });
    });

    it('lists the news and its categories in each language, and filters on the categories readers of it see', async () => {
      const translated = await create({ ...english, hy: armenian });
      const untranslated = await create({ ...english, title: 'Summer picnic', dated: '2026-11-21', categories: ['Social'] });
      const hyList = (await get('/api/articles?lang=hy')).json<{ items: { _id: string; title: string; language: string }[] }>();
      expect(hyList.items.map((a) => [a._id, a.title, a.language])).toEqual([
        [untranslated, 'Summer picnic', 'en'],
        [translated, armenian.title, 'hy'],
      ]);
      expect((await get('/api/articles')).json<{ items: { title: string }[] }>().items.map((a) => a.title)).toEqual([
        'Summer picnic',
        english.title,
      ]);
      // An untranslated article keeps its English categories for Armenian readers, so it can still be found.
      expect((await get('/api/categories?lang=hy')).json()).toEqual(['Social', 'Հաշվետվություններ']);
      expect((await get('/api/categories')).json()).toEqual(['Reports', 'Social']);
      const filtered = await get(`/api/articles?lang=hy&category=${encodeURIComponent('Հաշվետվություններ')}`);
      expect(filtered.json<{ items: { _id: string }[] }>().items.map((a) => a._id)).toEqual([translated]);
      const social = await get('/api/articles?lang=hy&category=Social');
      expect(social.json<{ items: { _id: string }[] }>().items.map((a) => a._id)).toEqual([untranslated]);
      // The English list is not filtered by an Armenian name.
      expect((await get(`/api/articles?category=${encodeURIComponent('Հաշվետվություններ')}`)).json().items).toEqual([]);
    });

    it('takes the English categories for an Armenian version without its own', async () => {
      const id = await create({ ...english, hy: { ...armenian, categories: [] } });
      expect((await get(`/api/articles/${id}?lang=hy`)).json().categories).toEqual(['Reports']);
    });

    it('keeps the Armenian version when an update leaves it out, replaces it when given, and removes it with null', async () => {
      const id = await create({ ...english, hy: armenian });
      expect((await post('/api/update_article', { _id: id, ...english, categories: ['Reports', 'Lectures'] })).statusCode).toBe(200);
      expect((await get(`/api/articles/${id}?lang=hy`)).json()).toMatchObject({ title: armenian.title, categories: ['Հաշվետվություններ'] });
      const changed = { ...armenian, title: 'Նոր վերնագիր' };
      expect((await post('/api/update_article', { _id: id, ...english, hy: changed })).statusCode).toBe(200);
      expect((await get(`/api/articles/${id}?lang=hy`)).json()).toMatchObject({ title: 'Նոր վերնագիր', language: 'hy' });
      expect((await get(`/api/articles/${id}`)).json().title).toBe(english.title);
      expect((await post('/api/update_article', { _id: id, ...english, hy: null })).statusCode).toBe(200);
      expect((await get(`/api/articles/${id}?lang=hy`)).json()).toMatchObject({
        title: english.title,
        language: 'en',
        categories: ['Reports'],
      });
      // Without an Armenian version, its categories follow the English ones.
      await post('/api/update_article', { _id: id, ...english, categories: ['Lectures'] });
      expect((await get('/api/categories?lang=hy')).json()).toEqual(['Lectures']);
    });

    it('lets only editors and admins write the Armenian version', async () => {
      const id = await create(english);
      const change = { _id: id, ...english, hy: armenian };
      expect((await t.app.inject({ method: 'POST', url: '/api/update_article', payload: change })).statusCode).toBe(401);
      expect((await post('/api/update_article', change, member)).statusCode).toBe(403);
      expect((await get(`/api/articles/${id}?lang=hy`)).json().language).toBe('en');
      expect((await post('/api/update_article', change, admin)).statusCode).toBe(200);
      expect((await get(`/api/articles/${id}?lang=hy`)).json().language).toBe('hy');
    });

    it('refuses a bad Armenian version with the field at fault, storing nothing', async () => {
      const id = await create({ ...english, hy: armenian });
      const cases: [object, string][] = [
        [{ ...armenian, title: '  ' }, 'hy.title'],
        [{ ...armenian, title: 'x'.repeat(201) }, 'hy.title'],
        [{ ...armenian, content: '<p>raw HTML</p>' }, 'hy.content'],
        [{ ...armenian, content: doc('x').replace('unstyled', 'script') }, 'hy.content'],
        [{ ...armenian, categories: ['x'.repeat(51)] }, 'hy.categories.0'],
        [{ title: armenian.title }, 'hy.content'],
      ];
      for (const [hy, field] of cases) {
        const res = await post('/api/update_article', { _id: id, ...english, hy });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().field, JSON.stringify(hy).slice(0, 60)).toBe(field);
      }
      const bad = await get(`/api/articles/${id}?lang=fr`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'lang' });
      expect((await get('/api/articles?lang=xx')).statusCode).toBe(400);
      expect((await get(`/api/articles/${id}?lang=hy`)).json()).toMatchObject({ title: armenian.title, content: armenian.content });
    });

    it('shows an Armenian page the Armenian version, naming both addresses; without one, the English with the note, naming only the English', async () => {
      const translated = await create({ ...english, hy: armenian });
      const untranslated = await create({ ...english, title: 'Summer picnic' });

      const hyPage = (await get(`/hy/article/${translated}`)).body;
      expect(hyPage).toContain(`<title>`);
      expect(hyPage).toContain(armenian.title);
      expect(hyPage).not.toContain('data-testid="untranslated-note"');
      expect(hyPage).toContain(`<link rel="canonical" href="${ORIGIN}/hy/article/${translated}">`);
      expect(hyPage).toContain(`<link rel="alternate" hreflang="hy" href="${ORIGIN}/hy/article/${translated}">`);
      expect(hyPage).toContain(`<link rel="alternate" hreflang="en-GB" href="${ORIGIN}/article/${translated}">`);
      expect((await get(`/article/${translated}`)).body).toContain(`hreflang="hy" href="${ORIGIN}/hy/article/${translated}"`);

      const fallback = await get(`/hy/article/${untranslated}`);
      expect(fallback.statusCode).toBe(200);
      expect(fallback.body).toContain('<html lang="hy"');
      expect(fallback.body).toContain('Summer picnic');
      expect(fallback.body).toContain('Դեռ թարգմանված չէ հայերեն, ուստի ներկայացված է անգլերենով։');
      expect(fallback.body).toMatch(new RegExp(`<a href="/article/${untranslated}" hrefLang="en-GB"[^>]*>Բացել անգլերեն էջը</a>`, 'i'));
      // One page, the English: its canonical address, and no alternates.
      expect(fallback.body).toContain(`<link rel="canonical" href="${ORIGIN}/article/${untranslated}">`);
      expect(fallback.body).not.toContain('hreflang="hy"');
      const englishPage = (await get(`/article/${untranslated}`)).body;
      expect(englishPage).not.toContain('rel="alternate" hreflang');
      expect(englishPage).not.toContain('untranslated-note');
    });

    it('lists an untranslated article once in the sitemap, a translated one in both languages with alternates', async () => {
      const translated = await create({ ...english, hy: armenian });
      const untranslated = await create({ ...english, title: 'Summer picnic' });
      const map = (await get('/sitemap.xml')).body;
      expect(map).toContain(`<loc>${ORIGIN}/hy/article/${translated}</loc>`);
      expect(map).toContain(`<xhtml:link rel="alternate" hreflang="hy" href="${ORIGIN}/hy/article/${translated}"/>`);
      expect(map).toMatch(new RegExp(`<url><loc>${ORIGIN}/article/${untranslated}</loc><lastmod>[^<]+</lastmod></url>`));
      expect(map).not.toContain(`/hy/article/${untranslated}`);
    });
  });

  describe('feeds', () => {
    it('serves an Armenian RSS at /hy/news/rss.xml: the news in Armenian where translated, linking to the Armenian pages', async () => {
      const translated = await create({ ...english, hy: armenian });
      const untranslated = await create({ ...english, title: 'Summer picnic', dated: '2026-11-21' });
      const res = await get('/hy/news/rss.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.body).toContain('<language>hy</language>');
      expect(res.body).toContain(`<atom:link href="${ORIGIN}/hy/news/rss.xml" rel="self"`);
      expect(res.body).toContain(`<link>${ORIGIN}/hy/news</link>`);
      expect(res.body).toContain(`<title>${armenian.title}</title>`);
      expect(res.body).toContain(`<link>${ORIGIN}/hy/article/${translated}</link>`);
      expect(res.body).toContain('<category>Հաշվետվություններ</category>');
      expect(res.body).toContain(`<link>${ORIGIN}/hy/article/${untranslated}</link>`);
      expect(res.body).toContain('<title>Summer picnic</title>');
      // The channel's title is the site's name and the news page's title, in Armenian.
      expect(res.body).toMatch(/<title>[^<]*: Նորություններ<\/title>/);

      const en = (await get('/news/rss.xml')).body;
      expect(en).toContain('<language>en-gb</language>');
      expect(en).toContain(`<title>${english.title}</title>`);
      expect(en).not.toContain(armenian.title);
      expect(en).toContain(`<link>${ORIGIN}/article/${translated}</link>`);
    });
  });

  describe('events', () => {
    const hyEvent = { title: 'Ձմեռային հանդիպում', description: 'Զեկույցներ և թեյ', venue_name: 'Միության սրահներ' };

    it('answers each language, with the English venue address where the Armenian is empty, and the admin both', async () => {
      const id = await newEvent({ title: 'Winter meeting', venue_name: 'The Rooms', venue_address: '12 Example Square', hy: hyEvent });
      const hy = (await get(`/api/events/${id}?lang=hy`)).json();
      expect(hy).toMatchObject({
        title: 'Ձմեռային հանդիպում',
        description: 'Զեկույցներ և թեյ',
        venue_name: 'Միության սրահներ',
        venue_address: '12 Example Square',
        language: 'hy',
      });
      expect((await get(`/api/events/${id}`)).json()).toMatchObject({ title: 'Winter meeting', venue_name: 'The Rooms', language: 'en' });
      expect((await get('/api/events?lang=hy')).json()[0]).toMatchObject({ title: 'Ձմեռային հանդիպում', language: 'hy' });
      const edited = (await t.app.inject({ method: 'GET', url: `/api/admin/events/${id}`, headers: { authorization: admin } })).json();
      expect(edited).toMatchObject({ title: 'Winter meeting', hy: { ...hyEvent, venue_address: null } });
    });

    it('answers the English where there is no Armenian version, and keeps or removes the version on update', async () => {
      const id = await newEvent({ title: 'Winter meeting' });
      expect((await get(`/api/events/${id}?lang=hy`)).json()).toMatchObject({ title: 'Winter meeting', language: 'en' });
      const base = { _id: id, title: 'Winter meeting', dated: '2099-12-05T18:30', description: 'Talks and tea' };
      expect((await post('/api/update_event', { ...base, hy: hyEvent }, admin)).statusCode).toBe(200);
      expect((await post('/api/update_event', { ...base, title: 'Winter meeting (moved)' }, admin)).statusCode).toBe(200);
      expect((await get(`/api/events/${id}?lang=hy`)).json()).toMatchObject({ title: 'Ձմեռային հանդիպում', language: 'hy' });
      expect((await post('/api/update_event', { ...base, hy: null }, admin)).statusCode).toBe(200);
      expect((await get(`/api/events/${id}?lang=hy`)).json()).toMatchObject({ title: 'Winter meeting', language: 'en' });
    });

    it('lets only the admin write the Armenian version, and refuses a bad one naming the field', async () => {
      const id = await newEvent({ title: 'Winter meeting' });
      const change = { _id: id, title: 'Winter meeting', dated: '2099-12-05T18:30', description: '', hy: hyEvent };
      expect((await post('/api/update_event', change, editor)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/update_event', payload: change })).statusCode).toBe(401);
      for (const [hy, field] of [
        [{ ...hyEvent, title: '' }, 'hy.title'],
        [{ ...hyEvent, description: 'd'.repeat(5001) }, 'hy.description'],
        [{ ...hyEvent, venue_name: 'v'.repeat(201) }, 'hy.venue_name'],
        [{ description: 'Առանց վերնագրի' }, 'hy.title'],
      ] as const) {
        const res = await post('/api/update_event', { ...change, hy }, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json().field).toBe(field);
      }
      expect((await get(`/api/events/${id}?lang=zz`)).statusCode).toBe(400);
      expect((await get(`/api/events/${id}?lang=hy`)).json().language).toBe('en');
    });

    it('writes the calendar in Armenian: the Armenian words where translated, the Armenian pages, the language named', async () => {
      const translated = await newEvent({ title: 'Winter meeting', hy: hyEvent });
      const untranslated = await newEvent({ title: 'Summer picnic', dated: '2099-07-04T12:00' });
      const one = await get(`/api/events/${translated}.ics?lang=hy`);
      expect(one.statusCode).toBe(200);
      const unfolded = one.body.replace(/\r\n /g, '');
      expect(unfolded).toContain('SUMMARY;LANGUAGE=hy:Ձմեռային հանդիպում');
      expect(unfolded).toContain('DESCRIPTION;LANGUAGE=hy:Զեկույցներ և թեյ');
      expect(unfolded).toContain('LOCATION:Միության սրահներ');
      expect(unfolded).toContain(`URL:${ORIGIN}/hy/events/${translated}`);
      const feed = (await get('/api/events.ics?lang=hy')).body.replace(/\r\n /g, '');
      expect(feed).toContain('SUMMARY;LANGUAGE=hy:Ձմեռային հանդիպում');
      expect(feed).toContain('SUMMARY;LANGUAGE=en-GB:Summer picnic');
      expect(feed).toContain(`URL:${ORIGIN}/hy/events/${untranslated}`);
      const english = (await get(`/api/events/${translated}.ics`)).body.replace(/\r\n /g, '');
      expect(english).toContain('SUMMARY;LANGUAGE=en-GB:Winter meeting');
      expect(english).toContain(`URL:${ORIGIN}/events/${translated}`);
      expect(english).not.toContain('Ձմեռային');
    });

    it('notes an untranslated event on its Armenian page and names alternates only for a translated one', async () => {
      const translated = await newEvent({ title: 'Winter meeting', hy: hyEvent });
      const untranslated = await newEvent({ title: 'Summer picnic' });
      const hy = (await get(`/hy/events/${translated}`)).body;
      expect(hy).toContain('Ձմեռային հանդիպում');
      expect(hy).toContain(`<link rel="alternate" hreflang="en-GB" href="${ORIGIN}/events/${translated}">`);
      expect(hy).not.toContain('untranslated-note');
      const fallback = (await get(`/hy/events/${untranslated}`)).body;
      expect(fallback).toContain('Summer picnic');
      expect(fallback).toContain('data-testid="untranslated-note"');
      expect(fallback).toContain(`<link rel="canonical" href="${ORIGIN}/events/${untranslated}">`);
      expect(fallback).not.toContain('rel="alternate" hreflang');
      const map = (await get('/sitemap.xml')).body;
      expect(map).toContain(`<loc>${ORIGIN}/hy/events/${translated}</loc>`);
      expect(map).not.toContain(`/hy/events/${untranslated}`);
    });
  });

  describe('committee', () => {
    const member = { name: 'Dr Anahit Petrosyan', role: 'President', image: '', description: 'Cardiologist in London.', priority: 100 };

    it('keeps the Armenian role and description beside the English, keeps them when an update leaves them out, removes them with null', async () => {
      const res = await post('/api/new_committee', { ...member, hy: { role: 'Նախագահ', description: 'Սրտաբան Լոնդոնում։' } }, admin);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ inserted_id: string }>().inserted_id;
      const list = async () => (await get('/api/committees')).json<{ _id: string; role: string; hy: unknown }[]>();
      expect((await list())[0]).toMatchObject({ role: 'President', hy: { role: 'Նախագահ', description: 'Սրտաբան Լոնդոնում։' } });
      await post('/api/update_committee', { _id: id, ...member, role: 'Past President' }, admin);
      expect((await list())[0]).toMatchObject({ role: 'Past President', hy: { role: 'Նախագահ' } });
      await post('/api/update_committee', { _id: id, ...member, hy: null }, admin);
      expect((await list())[0]!.hy).toBeNull();
    });

    it('lets only the admin write it, and refuses a bad one naming the field', async () => {
      const id = (await post('/api/new_committee', member, admin)).json<{ inserted_id: string }>().inserted_id;
      const change = { _id: id, ...member, hy: { role: 'Նախագահ', description: '' } };
      expect((await post('/api/update_committee', change, editor)).statusCode).toBe(403);
      for (const [hy, field] of [
        [{ role: '', description: 'Սրտաբան' }, 'hy.role'],
        [{ role: 'Ն'.repeat(201), description: '' }, 'hy.role'],
        [{ role: 'Նախագահ', description: 'դ'.repeat(5001) }, 'hy.description'],
      ] as const) {
        const res = await post('/api/update_committee', { ...change, hy }, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json().field).toBe(field);
      }
      expect((await get('/api/committees')).json()[0].hy).toBeNull();
    });

    it('shows the Armenian role on the Armenian home page, and the English one, marked, where there is none', async () => {
      await post('/api/new_committee', { ...member, hy: { role: 'Նախագահ', description: 'Սրտաբան Լոնդոնում։' } }, admin);
      await post('/api/new_committee', { ...member, name: 'Mr Tigran Grigoryan', role: 'Treasurer', description: '', priority: 90 }, admin);
      const home = (await get('/hy/')).body;
      expect(home).toContain('>Նախագահ<');
      expect(home).toContain('lang="en-GB">Treasurer<');
      expect((await get('/')).body).toContain('>President<');
    });
  });
});
