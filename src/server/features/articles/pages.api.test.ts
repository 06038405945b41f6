import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { up as pagesMigration } from '../../db/migrations/0006-pages-and-settings';
import { createTestApp, type TestApp } from '../../testing/test-app';

const content = (text: string) =>
  JSON.stringify({
    blocks: [{ key: 'a', text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
    entityMap: {},
  });

describe('pages are not news', () => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = (await t.userWithRole('editor')).authorization;
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('strings').execute();
    t.services.siteText.forgetCached();
    await t.db.db.deleteFrom('article_categories').execute();
    await t.db.db.deleteFrom('articles').execute();
  });

  const post = (url: string, payload: object, authorization = editor) =>
    t.app.inject({ method: 'POST', url, headers: { authorization }, payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const create = async (title: string, over: object = {}) => {
    const res = await post('/api/new_article', { title, dated: '2026-11-20', categories: ['About'], content: content(title), ...over });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().inserted_id as string;
  };
  const newsTitles = async (query = '') => ((await get(`/api/articles${query}`)).json().items as { title: string }[]).map((a) => a.title);

  it('keeps a page out of the news list, its categories and the feed, at its own address', async () => {
    const pageId = await create('Our privacy policy', { is_page: true });
    await create('Winter lecture', { categories: ['Events'] });

    expect(await newsTitles()).toEqual(['Winter lecture']);
    expect(await newsTitles('?category=About')).toEqual([]);
    expect((await get('/api/categories')).json()).toEqual(['Events']);
    const rss = (await get('/news/rss.xml')).body;
    expect(rss).toContain('Winter lecture');
    expect(rss).not.toContain('privacy policy');

    const page = await get(`/api/articles/${pageId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title: 'Our privacy policy', is_page: true });
  });

  it('lists a page in the sitemap once, among the pages, before the news', async () => {
    const pageId = await create('About us', { is_page: true });
    const newsId = await create('Winter lecture');
    const map = (await get('/sitemap.xml')).body;
    const at = (id: string) => map.indexOf(`/article/${id}<`);
    // Once: it has no Armenian version yet (decision 180).
    expect(map.split(`/article/${pageId}<`)).toHaveLength(2);
    expect(at(pageId)).toBeGreaterThan(map.indexOf('/donate<'));
    expect(at(pageId)).toBeLessThan(at(newsId));
  });

  it('gives a page a website preview without a date', async () => {
    const { articlePageHead } = await import('./articles.head');
    const pageId = await create('About us', { is_page: true });
    const head = await articlePageHead(t.services.articles, `/article/${pageId}`, {
      publicUrl: 'http://localhost:8000',
      shortName: 'AMA GB',
      siteName: 'Site',
      shareImage: 'http://localhost:8000/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.png',
    });
    expect(head!.meta).toContainEqual({ property: 'og:type', content: 'website' });
    expect(head!.meta!.some((tag) => 'property' in tag && tag.property === 'article:published_time')).toBe(false);
    // Without a picture of its own, the site's share image.
    expect(head!.meta).toContainEqual({
      property: 'og:image',
      content: 'http://localhost:8000/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.png',
    });
  });

  it('turns an article into a page and back; an update that does not say keeps it as it was', async () => {
    const id = await create('Membership rules');
    const update = (over: object) =>
      post('/api/update_article', {
        _id: id,
        title: 'Membership rules',
        dated: '2026-11-20',
        categories: [],
        content: content('x'),
        ...over,
      });
    expect((await update({ is_page: true })).statusCode).toBe(200);
    expect(await newsTitles()).toEqual([]);
    expect((await update({})).statusCode).toBe(200);
    expect((await get(`/api/articles/${id}`)).json().is_page).toBe(true);
    expect((await update({ is_page: false })).statusCode).toBe(200);
    expect(await newsTitles()).toEqual(['Membership rules']);

    const summaries = await t.db.db.selectFrom('audit_log').select('summary').where('subject_id', '=', id).orderBy('seq').execute();
    expect(summaries.map((e) => e.summary)).toEqual([
      'Wrote article "Membership rules"',
      'Edited article "Membership rules" and made it a page',
      'Edited article "Membership rules"',
      'Edited article "Membership rules" and made it news',
    ]);
    expect((await update({ is_page: 'yes' })).json()).toMatchObject({ field: 'is_page' });
  });

  it('keeps the About and Privacy pages chosen in Settings: they cannot be deleted or made news', async () => {
    const about = await create('About us', { is_page: true });
    expect((await post('/api/admin/settings', { about_article_id: about, privacy_article_id: about }, admin)).statusCode).toBe(200);
    const auditBefore = await t.db.db.selectFrom('audit_log').select('seq').execute();

    const remove = await post('/api/delete_article', { _id: about });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().detail).toBe("This page is the site's About and Privacy page: choose another one in Settings first");
    const unflag = await post('/api/update_article', {
      _id: about,
      title: 'About us',
      dated: '2026-11-20',
      categories: [],
      content: content('x'),
      is_page: false,
    });
    expect(unflag.statusCode).toBe(409);
    expect((await get(`/api/articles/${about}`)).json()).toMatchObject({ is_page: true, title: 'About us' });
    expect(await t.db.db.selectFrom('audit_log').select('seq').execute()).toHaveLength(auditBefore.length);

    // Once Settings point elsewhere, it is an ordinary page again.
    await post('/api/admin/settings', { about_article_id: '', privacy_article_id: '' }, admin);
    expect((await post('/api/delete_article', { _id: about })).statusCode).toBe(200);
  });

  it('marks the About and Privacy articles of an older site as pages when migrating', async () => {
    const about = await create('About the association');
    const privacy = await create('Privacy policy');
    const news = await create('News');
    await t.db.db
      .insertInto('strings')
      .values([
        { key: 'about_article_id', value: about, updated_at: '2026-01-01T00:00:00.000Z', updated_by: null },
        { key: 'privacy_article_id', value: privacy, updated_at: '2026-01-01T00:00:00.000Z', updated_by: null },
      ])
      .execute();
    t.services.siteText.forgetCached();
    // Run the migration again as on an older database (later migrations stay applied).
    await t.db.db.schema.dropIndex('articles_news').execute();
    await t.db.db.schema.alterTable('articles').dropColumn('is_page').execute();
    await pagesMigration(t.db.db as never);

    expect(await newsTitles()).toEqual(['News']);
    const flags = await t.db.db.selectFrom('articles').select(['id', 'is_page']).execute();
    expect(new Map(flags.map((row) => [row.id, row.is_page]))).toEqual(
      new Map([
        [about, 1],
        [privacy, 1],
        [news, 0],
      ]),
    );
  });
});
