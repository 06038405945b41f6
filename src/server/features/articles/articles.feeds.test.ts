import { describe, expect, it } from 'vitest';
import { sitemap, sitemapPart } from './articles.feeds';

const site = { publicUrl: 'https://example.org', siteName: 'Example', description: 'About us' };
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `a${String(i).padStart(3, '0')}`, updated_at: '2026-11-20T10:00:00.000Z', is_page: 0 }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap', () => {
  it('is one urlset up to the limit, and has no parts then', () => {
    const xml = sitemap(site, rows(3), 100);
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toContain('https://example.org/article/a002');
    expect(sitemapPart(site, rows(3), 1, 100)).toBeNull();
  });

  it('becomes an index of parts beyond the limit, each part holding at most the limit, none lost', () => {
    const all = rows(25);
    const index = sitemap(site, all, 10);
    expect(index).toContain('<sitemapindex');
    // The public pages come first: 25 articles and the pages make more than 20 addresses, so 3 parts.
    const parts = locs(index);
    expect(parts).toEqual(['https://example.org/sitemap-1.xml', 'https://example.org/sitemap-2.xml', 'https://example.org/sitemap-3.xml']);
    const listed = parts.flatMap((_, i) => {
      const part = sitemapPart(site, all, i + 1, 10)!;
      expect(locs(part).length).toBeLessThanOrEqual(10);
      return locs(part);
    });
    expect(listed).toEqual(locs(sitemap(site, all, 1000)));
    expect(sitemapPart(site, all, 4, 10)).toBeNull();
    expect(sitemapPart(site, all, 0, 10)).toBeNull();
  });
});
