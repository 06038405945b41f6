import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';

describe('formatLongDate', () => {
  it('writes a calendar date en-GB', () => {
    expect(formatLongDate('2026-11-21')).toBe('21 November 2026');
    expect(formatLongDate('2027-09-01')).toBe('1 September 2027');
  });

  it('equals the Intl format it replaced on every day from 1900 to 2100 (decision record 063)', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const wrong: string[] = [];
    for (let t = Date.UTC(1900, 0, 1); t < Date.UTC(2101, 0, 1) && wrong.length < 5; t += 24 * 60 * 60 * 1000) {
      const date = new Date(t).toISOString().slice(0, 10);
      if (formatLongDate(date) !== intl.format(new Date(t))) wrong.push(date);
    }
    expect(wrong).toEqual([]);
  });

  it('rolls an impossible day over and throws on what is not a date, as before', () => {
    expect(formatLongDate('2026-02-30')).toBe('2 March 2026');
    expect(() => formatLongDate('nonsense')).toThrow(RangeError);
  });
});
