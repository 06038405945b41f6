import { describe, expect, it } from 'vitest';
import { formatArticleDate } from './article-date';

describe('an article’s date', () => {
  it('is dd/mm/yyyy in English and dd.mm.yyyy in Armenian, as ICU writes each (decision 150)', () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 24 * 60 * 60 * 1000) {
      const d = new Date(t);
      for (const [language, locale] of [
        ['en', 'en-GB'],
        ['hy', 'hy'],
      ] as const) {
        const theirs = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(d);
        if (formatArticleDate(d.toISOString(), language) !== theirs) wrong.push(`${language} ${d.toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(formatArticleDate('not a date', 'hy')).toBe('');
  });
});
