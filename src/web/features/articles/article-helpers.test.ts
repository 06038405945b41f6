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
