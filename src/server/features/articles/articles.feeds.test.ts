import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { rssFeed, sitemap, sitemapPart } from './articles.feeds';

const site = { publicUrl: 'https://example.org', siteName: 'Example', description: 'About us' };
// Each translated (an Armenian title): listed in both languages (decision 180).
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `a${String(i).padStart(3, '0')}`,
    updated_at: '2026-11-20T10:00:00.000Z',
    is_page: 0,
    title_hy: 'Վերնագիր',
  }));
const events = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `e${String(i).padStart(3, '0')}`,
    updated_at: '2026-11-21T10:00:00.000Z',
    title_hy: 'Դասախոսություն',
  }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap', () => {
  it('is one urlset up to the limit, with every event’s page, and has no parts then', () => {
    const xml = sitemap(site, rows(3), events(2), 100);
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toContain('https://example.org/article/a002');
    expect(locs(xml)).toContain('https://example.org/events/e001');
    // The public pages, the newsletters' archive among them.
    expect(locs(xml)).toEqual(expect.arrayContaining(['https://example.org/news', 'https://example.org/newsletters']));
    // Each page in each language, naming both (decision 150).
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en-GB" href="https://example.org/events/e000"/>' +
      '<xhtml:link rel="alternate" hreflang="hy" href="https://example.org/hy/events/e000"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://example.org/events/e000"/>';
    expect(xml).toContain(`<url><loc>https://example.org/events/e000</loc><lastmod>2026-11-21</lastmod>${alternates}</url>`);
    expect(xml).toContain(`<url><loc>https://example.org/hy/events/e000</loc><lastmod>2026-11-21</lastmod>${alternates}</url>`);
    expect(sitemapPart(site, rows(3), events(2), 1, 100)).toBeNull();
  });

  it('lists an article or event without an Armenian version once, in English, without alternates (decision 180)', () => {
    const xml = sitemap(site, [{ ...rows(1)[0]!, title_hy: null }], [{ ...events(1)[0]!, title_hy: null }], 100);
    expect(xml).toContain('<url><loc>https://example.org/article/a000</loc><lastmod>2026-11-20</lastmod></url>');
    expect(xml).toContain('<url><loc>https://example.org/events/e000</loc><lastmod>2026-11-21</lastmod></url>');
    expect(locs(xml)).not.toContain('https://example.org/hy/article/a000');
    expect(locs(xml)).not.toContain('https://example.org/hy/events/e000');
    // The public pages keep both languages.
    expect(locs(xml)).toContain('https://example.org/hy/news');
  });

  it('becomes an index of parts beyond the limit, each part holding at most the limit, none lost', () => {
    const all = rows(25);
    const index = sitemap(site, all, events(5), 10);
    expect(index).toContain('<sitemapindex');
    // The public pages come first: 25 articles, 5 events and 6 pages, each in two languages, make 72 addresses, so 8 parts.
    const parts = locs(index);
    expect(parts).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `https://example.org/sitemap-${n}.xml`));
    const listed = parts.flatMap((_, i) => {
      const part = sitemapPart(site, all, events(5), i + 1, 10)!;
      expect(locs(part).length).toBeLessThanOrEqual(10);
      return locs(part);
    });
    expect(listed).toEqual(locs(sitemap(site, all, events(5), 1000)));
    expect(sitemapPart(site, all, events(5), 9, 10)).toBeNull();
    expect(sitemapPart(site, all, events(5), 0, 10)).toBeNull();
  });
});

/** Titles and summaries a careless or hostile editor may write; each must reach a reader exactly. */
const HOSTILE_TEXTS = [
  '<b>Tom & "Jerry"</b>',
  'Before <script>alert("x")</script> after',
  'Fish &amp; chips, literally',
  '&lt;not an entity&gt; and &#x3C;b&#x3E;',
  '1 < 2 > 0 & done',
  ']]> <![CDATA[ inside ]]>',
  "O'Brien's <i>“quotes”</i>",
  '<?xml version="1.0"?><!-- comment --><!DOCTYPE x>',
  'Հայերեն տեքստ & 🩺',
];

/**
 * How a feed reader reads the feed: a strict XML parser (jsdom's, which refuses anything not
 * well-formed), then the title and description as HTML (as feedparser and most readers take them).
 */
function readFeed(xml: string) {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const asHtml = (text: string) => {
    const body = new JSDOM(`<!doctype html><body>${text}`).window.document.body;
    // No element at all: nothing a reader could render, run or drop.
    expect(body.children, text).toHaveLength(0);
    return body.textContent;
  };
  const channel = doc.querySelector('channel')!;
  return {
    title: asHtml(channel.querySelector(':scope > title')!.textContent),
    description: asHtml(channel.querySelector(':scope > description')!.textContent),
    items: [...doc.querySelectorAll('item')].map((item) => ({
      title: asHtml(item.querySelector('title')!.textContent),
      description: asHtml(item.querySelector('description')!.textContent),
      categories: [...item.querySelectorAll('category')].map((c) => c.textContent),
    })),
  };
}

describe('RSS feed', () => {
  it('brings every title, summary and category to a reader exactly as written', () => {
    const articles = HOSTILE_TEXTS.map((text, i) => ({
      _id: `a${i}`,
      title: text,
      brief: `Summary: ${text}`,
      dated: '2026-11-20T10:00:00.000Z',
      categories: [text, 'News'],
      is_page: false,
      image: '',
      image_alt: '',
      language: 'en' as const,
    }));
    const feed = readFeed(rssFeed({ ...site, siteName: 'Tom & <Jerry>', description: '<p>About & us</p>' }, articles));
    expect(feed.title).toBe('Tom & <Jerry>: News');
    expect(feed.description).toBe('<p>About & us</p>');
    expect(feed.items.map((item) => item.title)).toEqual(HOSTILE_TEXTS);
    expect(feed.items.map((item) => item.description)).toEqual(HOSTILE_TEXTS.map((text) => `Summary: ${text}`));
    expect(feed.items.map((item) => item.categories)).toEqual(HOSTILE_TEXTS.map((text) => [text, 'News']));
  });

  it('leaves out control characters XML cannot carry, and nothing else', () => {
    const article = {
      _id: 'a',
      title: 'Bell\u0007 and form\u000c feed',
      brief: 'Tab\tkept',
      dated: '2026-11-20T10:00:00.000Z',
      categories: [],
      is_page: false,
      image: '',
      image_alt: '',
      language: 'en' as const,
    };
    const [item] = readFeed(rssFeed(site, [article])).items;
    expect(item).toMatchObject({ title: 'Bell and form feed', description: 'Tab\tkept' });
  });
});
