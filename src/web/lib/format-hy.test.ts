import { describe, expect, it } from 'vitest';
import { formatCalendarMonth, formatShortDate, formatShortDateTime } from './format';

describe('the compact dates and months in Armenian (decision 150)', () => {
  // Compared with ICU's hy data, as hy.test.ts does for the longer forms.
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('hy', { timeZone: 'Europe/London', ...options });

  it('writes the London date and time as Intl hy does', () => {
    for (const instant of ['2026-11-22T14:05:00.000Z', '2026-06-30T23:30:00.000Z', '2027-01-01T00:00:00.000Z']) {
      const date = new Date(instant);
      expect(formatShortDate(instant, 'hy')).toBe(intl({ day: 'numeric', month: 'short', year: 'numeric' }).format(date));
      expect(formatShortDateTime(instant, 'hy')).toBe(
        intl({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date),
      );
    }
  });

  it('names a calendar month in the language asked for', () => {
    expect(formatCalendarMonth('2026-09', 'hy')).toBe(intl({ month: 'long', year: 'numeric' }).format(new Date('2026-09-15T12:00:00Z')));
    expect(formatCalendarMonth('2026-09')).toBe('September 2026');
  });
});
