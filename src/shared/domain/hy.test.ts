import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';
import { formatPence } from './money';
import { groupThousands, longDate, monthYear, MONTHS, MONTHS_OF, SHORT_MONTHS, SHORT_WEEKDAYS, shortDate, WEEKDAYS } from './hy';

/** Decision 150: the Armenian names are written by hand; ICU's hy data (here only) is the reference. */
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('hy', { timeZone: 'UTC', ...options });
const partOf = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes, date: Date) =>
  intl(options)
    .formatToParts(date)
    .find((part) => part.type === type)?.value;

describe('hy names, dates and money, as ICU writes them', () => {
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, i, 15)));
  const week = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i)));

  it('names every month alone, in a date and short, and every weekday', () => {
    expect(months.map((d) => intl({ month: 'long' }).format(d))).toEqual(MONTHS);
    expect(months.map((d) => partOf({ month: 'long', year: 'numeric' }, 'month', d))).toEqual(MONTHS);
    expect(months.map((d) => partOf({ day: 'numeric', month: 'long', year: 'numeric' }, 'month', d))).toEqual(MONTHS_OF);
    expect(months.map((d) => intl({ month: 'short' }).format(d))).toEqual(SHORT_MONTHS);
    expect(months.map((d) => partOf({ day: 'numeric', month: 'short', year: 'numeric' }, 'month', d))).toEqual(SHORT_MONTHS);
    expect(week.map((d) => intl({ weekday: 'long' }).format(d))).toEqual(WEEKDAYS);
    expect(week.map((d) => intl({ weekday: 'short' }).format(d))).toEqual(SHORT_WEEKDAYS);
  });

  it('writes every day of two years as ICU does: long, short, and the month of a year', () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 24 * 60 * 60 * 1000) {
      const d = new Date(t);
      const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
      const pairs: [string, string][] = [
        [longDate(y, m, day), intl({ day: 'numeric', month: 'long', year: 'numeric' }).format(d)],
        [shortDate(y, m, day), intl({ day: 'numeric', month: 'short', year: 'numeric' }).format(d)],
        [monthYear(y, m), intl({ month: 'long', year: 'numeric' }).format(d)],
        [formatLongDate(d.toISOString().slice(0, 10), 'hy'), intl({ day: 'numeric', month: 'long', year: 'numeric' }).format(d)],
      ];
      for (const [ours, theirs] of pairs) if (ours !== theirs) wrong.push(`${ours} / ${theirs}`);
    }
    expect(wrong).toEqual([]);
  });

  it('writes money and groups digits as ICU does', () => {
    const gbp = new Intl.NumberFormat('hy', { style: 'currency', currency: 'GBP' });
    for (const pence of [0, 1, 99, 100, 5000, 123456, 999999, 1000000, 123456789, -500, -1234567])
      expect(formatPence(pence, 'hy'), String(pence)).toBe(gbp.format(pence / 100));
    const plain = new Intl.NumberFormat('hy');
    for (const n of [0, 7, 1234, 9999, 10000, 12345, 1234567, 1000000000]) expect(groupThousands(n), String(n)).toBe(plain.format(n));
    // English stays as it was.
    expect(formatPence(123456789)).toBe('£1,234,567.89');
    expect(formatLongDate('2026-09-05')).toBe('5 September 2026');
  });
});
