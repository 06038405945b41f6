import { describe, expect, it } from 'vitest';
import { APP_PAGES, PAGE, pageOf, pagePath, pageUrl, SITEMAP_PAGES, TOKEN_PAGES, type PageName } from './page-paths';

describe('the page paths', () => {
  it('fills parameters, encoded', () => {
    expect(pagePath('article', { articleId: 'a b/c' })).toBe('/article/a%20b%2Fc');
    expect(pageUrl('https://example.org', 'pwReset', { uid: 'xyz' })).toBe('https://example.org/signIn/pwReset/xyz');
    expect(pageUrl('https://example.org', 'home')).toBe('https://example.org/');
    expect(() => pagePath('event')).toThrow(/eventId/);
  });

  it('names the page of an address as the router matches it', () => {
    expect(pageOf('/')).toBe('home');
    expect(pageOf('/events')).toBe('events');
    expect(pageOf('/events/')).toBe('events');
    expect(pageOf('/EVENTS/abc')).toBe('event');
    expect(pageOf('/events/bookings/abc')).toBe('booking');
    // A fixed address wins over a pattern.
    expect(pageOf('/article/new')).toBe('articleNew');
    expect(pageOf('/article/abc')).toBe('article');
    expect(pageOf('/article/abc/edit')).toBe('articleEdit');
    expect(pageOf('/signin/pwreset/secret')).toBe('pwReset');
    expect(pageOf('/admin/members/42')).toBe('adminMember');
    expect(pageOf('/nowhere')).toBeNull();
    expect(pageOf('/article/a/b/c')).toBeNull();
  });

  it('keeps each list to pages that exist, and no page both indexed and private', () => {
    const names = Object.keys(PAGE) as PageName[];
    for (const list of [TOKEN_PAGES, SITEMAP_PAGES, APP_PAGES]) for (const page of list) expect(names).toContain(page);
    for (const page of SITEMAP_PAGES) expect(APP_PAGES).not.toContain(page);
    for (const page of TOKEN_PAGES) expect(APP_PAGES).toContain(page);
  });
});
