import { describe, expect, it } from 'vitest';
import { sitemap, sitemapPart } from './articles.feeds';

const site = { publicUrl: 'https://example.org', siteName: 'Example', description: 'About us' };
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `a${String(i).padStart(3, '0')}`, updated_at: '2026-11-20T10:00:00.000Z', is_page: 0 }));
const events = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `e${String(i).padStart(3, '0')}`, updated_at: '2026-11-21T10:00:00.000Z' }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap', () => {
  it('is one urlset up to the limit, with every event’s page, and has no parts then', () => {
    const xml = sitemap(site, rows(3), events(2), 100);
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toContain('https://example.org/article/a002');
    expect(locs(xml)).toContain('https://example.org/events/e001');
    expect(xml).toContain('<url><loc>https://example.org/events/e000</loc><lastmod>2026-11-21</lastmod></url>');
    expect(sitemapPart(site, rows(3), events(2), 1, 100)).toBeNull();
  });

  it('becomes an index of parts beyond the limit, each part holding at most the limit, none lost', () => {
    const all = rows(25);
    const index = sitemap(site, all, events(5), 10);
    expect(index).toContain('<sitemapindex');
    // The public pages come first: 25 articles, 5 events and the pages make more than 30 addresses, so 4 parts.
    const parts = locs(index);
    expect(parts).toEqual([1, 2, 3, 4].map((n) => `https://example.org/sitemap-${n}.xml`));
    const listed = parts.flatMap((_, i) => {
      const part = sitemapPart(site, all, events(5), i + 1, 10)!;
      expect(locs(part).length).toBeLessThanOrEqual(10);
      return locs(part);
    });
    expect(listed).toEqual(locs(sitemap(site, all, events(5), 1000)));
    expect(sitemapPart(site, all, events(5), 5, 10)).toBeNull();
    expect(sitemapPart(site, all, events(5), 0, 10)).toBeNull();
  });
});
