import { describe, expect, it } from 'vitest';
import { dayOfWeek, groupThousands, MONTHS, SHORT_MONTHS, SHORT_WEEKDAYS, utcCalendarDay, WEEKDAYS } from './en-gb';

/** Decision record 063: the names are written by hand; Intl (here only) is the reference. */
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options });
const partOf = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes, date: Date) =>
  intl(options)
    .formatToParts(date)
    .find((part) => part.type === type)?.value;

describe('en-GB names', () => {
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, i, 15)));
  // 1 to 7 November 2026 run from Sunday to Saturday.
  const week = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i)));

  it('every month, long and short, alone and in the formats the site uses', () => {
    expect(months.map((d) => intl({ month: 'long' }).format(d))).toEqual(MONTHS);
    expect(months.map((d) => intl({ month: 'short' }).format(d))).toEqual(SHORT_MONTHS);
    expect(months.map((d) => partOf({ month: 'long', year: 'numeric' }, 'month', d))).toEqual(MONTHS);
    expect(months.map((d) => partOf({ day: 'numeric', month: 'long', year: 'numeric' }, 'month', d))).toEqual(MONTHS);
    expect(months.map((d) => partOf({ day: 'numeric', month: 'short', year: 'numeric' }, 'month', d))).toEqual(SHORT_MONTHS);
    expect(months.map((d) => partOf({ weekday: 'short', day: 'numeric', month: 'short' }, 'month', d))).toEqual(SHORT_MONTHS);
    expect(SHORT_MONTHS[8]).toBe('Sept');
  });

  it('every weekday, long and short, alone and in the formats the site uses', () => {
    expect(week.map((d) => intl({ weekday: 'long' }).format(d))).toEqual(WEEKDAYS);
    expect(week.map((d) => intl({ weekday: 'short' }).format(d))).toEqual(SHORT_WEEKDAYS);
    const long = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;
    expect(week.map((d) => partOf(long, 'weekday', d))).toEqual(WEEKDAYS);
    expect(week.map((d) => partOf({ weekday: 'short', day: 'numeric', month: 'short' }, 'weekday', d))).toEqual(SHORT_WEEKDAYS);
  });
});

describe('dayOfWeek and utcCalendarDay', () => {
  it('agree with Intl on every day from 1890 to 2110', () => {
    const format = intl({ weekday: 'short', day: 'numeric', month: 'numeric', year: 'numeric' });
    const wrong: string[] = [];
    for (let t = Date.UTC(1890, 0, 1); t < Date.UTC(2111, 0, 1) && wrong.length < 5; t += 24 * 60 * 60 * 1000) {
      const date = new Date(t);
      const p = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
      const day = utcCalendarDay(date);
      const ours = [
        SHORT_WEEKDAYS[dayOfWeek(day.year, day.month, day.day)],
        SHORT_WEEKDAYS[day.weekday],
        day.day,
        day.month,
        day.year,
      ].join(' ');
      if (ours !== [p.weekday, p.weekday, Number(p.day), Number(p.month), p.year].join(' ')) wrong.push(`${date.toISOString()}: ${ours}`);
    }
    expect(wrong).toEqual([]);
  });

  it('print early years as Intl does, without era', () => {
    const year = (iso: string) => {
      const date = new Date(iso);
      return [String(utcCalendarDay(date).year), partOf({ year: 'numeric' }, 'year', date)];
    };
    for (const iso of [
      '0001-01-01T00:00:00Z',
      '0099-06-01T00:00:00Z',
      '0000-06-01T00:00:00Z',
      '-000005-06-01T00:00:00Z',
      '+012345-01-01T00:00:00Z',
    ]) {
      const [ours, theirs] = year(iso);
      expect(ours, iso).toBe(theirs);
    }
    expect(dayOfWeek(26, 1, 5)).toBe(new Date('0026-01-05T00:00:00Z').getUTCDay());
  });

  it('throw on an invalid date, as Intl does', () => {
    expect(() => utcCalendarDay(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('groupThousands', () => {
  it('groups as en-GB toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 9999, 100_000, 1_000_000, 1_234_567, -1_234_567, 2 ** 53 - 1, -(2 ** 53)])
      expect(groupThousands(n)).toBe(n.toLocaleString('en-GB'));
    for (let n = 1; n < Number.MAX_SAFE_INTEGER; n *= 7) expect(groupThousands(n)).toBe(n.toLocaleString('en-GB'));
    // Beyond 2^53 every digit of the number is kept, where toLocaleString rounds to 17 digits.
    expect(groupThousands(2 ** 60)).toBe('1,152,921,504,606,846,976');
    expect(groupThousands(10n ** 24n)).toBe('1,000,000,000,000,000,000,000,000');
  });
});
