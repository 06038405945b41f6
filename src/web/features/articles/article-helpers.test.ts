import { describe, expect, it } from 'vitest';
import { formatArticleDate, toDateInput, todayInput } from './article-date';
import { articleMode } from './article-mode';

describe('article dates', () => {
  it('shows the UTC date as dd/mm/yyyy', () => {
    expect(formatArticleDate('2026-11-05T00:00:00.000Z')).toBe('05/11/2026');
    // Late evening UTC is still that day, whatever the reader's zone.
    expect(formatArticleDate('2026-06-30T23:30:00.000Z')).toBe('30/06/2026');
    expect(formatArticleDate('nonsense')).toBe('');
  });

  it('equals the Intl en-GB format it replaced on every day from 1900 to 2100 (decision record 063)', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
    const wrong: string[] = [];
    for (let t = Date.UTC(1900, 0, 1, 23, 59); t < Date.UTC(2101, 0, 1) && wrong.length < 5; t += 24 * 60 * 60 * 1000) {
      const instant = new Date(t).toISOString();
      if (formatArticleDate(instant) !== intl.format(new Date(t))) wrong.push(instant);
    }
    expect(wrong).toEqual([]);
    for (const instant of ['0005-03-04T00:00:00.000Z', '0000-01-01T00:00:00.000Z', '+010000-01-01T00:00:00.000Z'])
      expect(formatArticleDate(instant), instant).toBe(intl.format(new Date(instant)));
  });

  it('fills the date field', () => {
    expect(toDateInput('2026-11-05T00:00:00.000Z')).toBe('2026-11-05');
    expect(todayInput(new Date('2026-11-21T12:00:00Z'))).toBe('2026-11-21');
  });
});

describe('articleMode', () => {
  it('follows the path', () => {
    expect(articleMode('/article/new')).toBe('create');
    expect(articleMode('/article/abc/edit')).toBe('edit');
    expect(articleMode('/article/abc')).toBe('view');
  });
});
