import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoContent } from './seed';

describe('demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fills an empty site once: committee with photos, past and future events, articles in categories', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(await seedDemoContent(t.db.db, t.services, now)).toBe(true);
    expect(await seedDemoContent(t.db.db, t.services, now)).toBe(false);

    const committee = await t.services.committee.list();
    expect(committee.length).toBeGreaterThan(4);
    expect(committee.map((m) => m.priority)).toEqual([...committee.map((m) => m.priority)].sort((a, b) => b - a));
    for (const member of committee) {
      const photo = await t.app.inject({ method: 'GET', url: member.image });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
    }

    const events = await t.services.events.list();
    expect(events.some((e) => e.date < now.toISOString())).toBe(true);
    expect(events.some((e) => e.date > now.toISOString())).toBe(true);

    const articles = await t.services.articles.summaries();
    expect(articles.length).toBeGreaterThanOrEqual(5);
    for (const article of articles) expect(article.brief.length).toBeGreaterThan(20);
    const categories = await t.db.db.selectFrom('article_categories').select('category').distinct().execute();
    expect(categories.map((c) => c.category).sort()).toEqual(['About', 'Education', 'Humanitarian', 'News']);

    // About and Privacy are pages: chosen in Settings, not in the news.
    const pages = new Set(articles.filter((a) => a.is_page === 1).map((a) => a.id));
    expect(pages).toEqual(
      new Set([await t.services.siteText.get('about_article_id'), await t.services.siteText.get('privacy_article_id')]),
    );
    expect((await t.services.articles.categories()).sort()).toEqual(['Education', 'Humanitarian', 'News']);
    // The byline is plain text until the association gives it a link of its own.
    expect(await t.services.siteText.get('footer.byline_url')).toBe('');
  });
});
