import { describe, expect, it } from 'vitest';
import { inLanguage, languageOfPath, withoutLanguage } from './language';
import { pageOf, pagePath } from './page-paths';
import { pageAddress } from './page-address';

describe('the language of an address (decision 150)', () => {
  it('is Armenian under /hy and English everywhere else', () => {
    for (const path of ['/hy', '/hy/', '/hy/events', '/HY/news', '/hy?x=1']) expect(languageOfPath(path), path).toBe('hy');
    for (const path of ['/', '/events', '/hyphen', '/hyx/events', '/news/hy']) expect(languageOfPath(path), path).toBe('en');
  });

  it('maps an address between languages, and names the same page in both', () => {
    expect(withoutLanguage('/hy')).toBe('/');
    expect(withoutLanguage('/hy/')).toBe('/');
    expect(withoutLanguage('/hy/events/x')).toBe('/events/x');
    expect(withoutLanguage('/hyphen')).toBe('/hyphen');
    expect(inLanguage('/', 'hy')).toBe('/hy/');
    expect(inLanguage('/events', 'hy')).toBe('/hy/events');
    expect(inLanguage('/events', 'en')).toBe('/events');
    expect(pagePath('article', { articleId: 'a b' }, 'hy')).toBe('/hy/article/a%20b');
    expect(pageOf('/hy/signIn/pwReset/abc')).toBe('pwReset');
    expect(pageOf('/hy/')).toBe('home');
    expect(pageOf('/hy/article/new')).toBe('articleNew');
  });

  it('keeps the language in the kept page’s key, with the parameters the page reads', () => {
    expect(pageAddress('/hy/news?category=Reports&x=1')).toBe('/hy/news?category=Reports');
    expect(pageAddress('/news?category=Reports&x=1')).toBe('/news?category=Reports');
    expect(pageAddress('/hy/events/abc?booking=confirmed&y=2')).toBe('/hy/events/abc?booking=confirmed');
  });
});
