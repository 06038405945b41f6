import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromLondonLocal } from '../../shared/domain/london-time';
import {
  ELLIPSIS,
  eventDayBadge,
  formatCalendarMonth,
  formatEventDate,
  formatMonthYear,
  formatShortDate,
  formatShortDateTime,
  truncate,
} from './format';

describe('formatEventDate', () => {
  it('writes the weekday, date and 24-hour time in en-GB', () => {
    // December is GMT: London time equals UTC.
    expect(formatEventDate('2026-12-05T18:30:00.000Z')).toBe('Saturday 5 December 2026, 18:30');
  });

  it('shows London time during British Summer Time', () => {
    // 17:30 UTC is 18:30 BST.
    expect(formatEventDate(new Date('2026-07-04T17:30:00.000Z'))).toBe('Saturday 4 July 2026, 18:30');
  });

  it('shows the London date when the UTC date differs', () => {
    // 23:30 UTC on 31 May is 00:30 on 1 June in London.
    expect(formatEventDate('2026-05-31T23:30:00.000Z')).toBe('Monday 1 June 2026, 00:30');
  });

  it('round-trips a London wall-clock value on both sides of the clock changes', () => {
    expect(formatEventDate(fromLondonLocal('2026-03-28T09:05'))).toBe('Saturday 28 March 2026, 09:05');
    expect(formatEventDate(fromLondonLocal('2026-03-29T09:05'))).toBe('Sunday 29 March 2026, 09:05');
    expect(formatEventDate(fromLondonLocal('2026-10-24T19:00'))).toBe('Saturday 24 October 2026, 19:00');
    expect(formatEventDate(fromLondonLocal('2026-10-25T19:00'))).toBe('Sunday 25 October 2026, 19:00');
  });

  it('writes midnight as 00:00, not 24:00', () => {
    expect(formatEventDate('2027-01-01T00:00:00.000Z')).toBe('Friday 1 January 2027, 00:00');
  });
});

describe('formatMonthYear', () => {
  it('gives the London month and year', () => {
    expect(formatMonthYear('2025-12-10T19:00:00.000Z')).toBe('December 2025');
    // 23:30 UTC on 30 June is already July in London (BST).
    expect(formatMonthYear('2026-06-30T23:30:00.000Z')).toBe('July 2026');
  });
});

describe('eventDayBadge', () => {
  it('gives the short weekday, day and month in London', () => {
    expect(eventDayBadge('2026-12-05T18:30:00.000Z')).toEqual({ weekday: 'Sat', day: '5', month: 'Dec' });
    expect(eventDayBadge('2026-05-31T23:30:00.000Z')).toEqual({ weekday: 'Mon', day: '1', month: 'Jun' });
  });
});

describe('truncate', () => {
  it('leaves text within the limit alone', () => {
    expect(truncate('Dr Anahit Petrosyan', 30)).toBe('Dr Anahit Petrosyan');
    expect(truncate('x'.repeat(30), 30)).toBe('x'.repeat(30));
    expect(truncate('', 5)).toBe('');
  });

  it('cuts longer text to exactly the limit, ending in an ellipsis', () => {
    const cut = truncate('x'.repeat(31), 30);
    expect(cut).toHaveLength(30);
    expect(cut).toBe(`${'x'.repeat(29)}${ELLIPSIS}`);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('Consultant in London', 12)).toBe('Consultant…');
  });

  it('never splits a character made of two code units', () => {
    expect(truncate('ab😀cd', 4)).toBe('ab…');
  });

  it('handles tiny limits', () => {
    expect(truncate('abc', 1)).toBe(ELLIPSIS);
    expect(truncate('abc', 0)).toBe('');
  });

  it('is never longer than the limit and keeps a prefix of the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer({ min: 0, max: 250 }), (text, max) => {
        const cut = truncate(text, max);
        expect(cut.length).toBeLessThanOrEqual(Math.max(max, 0));
        if (text.length <= max) expect(cut).toBe(text);
        else if (max >= 1) {
          expect(cut.endsWith(ELLIPSIS)).toBe(true);
          expect(text.startsWith(cut.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});

describe('formatShortDate and formatShortDateTime', () => {
  it('write the London date, and time on the 24-hour clock', () => {
    expect(formatShortDate('2026-11-22T14:05:00.000Z')).toBe('22 Nov 2026');
    expect(formatShortDateTime('2026-11-22T14:05:00.000Z')).toBe('22 Nov 2026, 14:05');
  });

  it('use the London date during British Summer Time', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(formatShortDate('2026-06-30T23:30:00.000Z')).toBe('1 Jul 2026');
    expect(formatShortDateTime('2026-06-30T23:30:00.000Z')).toBe('1 Jul 2026, 00:30');
  });

  it('keep a calendar date as it is, in summer and winter', () => {
    expect(formatShortDate('2026-07-01')).toBe('1 Jul 2026');
    expect(formatShortDate('2026-12-31')).toBe('31 Dec 2026');
  });

  it('write the date in Armenian on an Armenian page, the London date still', () => {
    expect(formatShortDate('2026-11-22T14:05:00.000Z', 'hy')).toBe('22 նոյ, 2026 թ.');
    expect(formatShortDateTime('2026-06-30T23:30:00.000Z', 'hy')).toBe('1 հլս, 2026 թ., 00:30');
  });
});

describe('formatCalendarMonth', () => {
  it('names the month and year', () => {
    expect(formatCalendarMonth('2026-11')).toBe('November 2026');
    expect(formatCalendarMonth('2027-01')).toBe('January 2027');
  });

  it('shows anything else unchanged', () => {
    expect(formatCalendarMonth('soon')).toBe('soon');
  });
});

/**
 * Decision record 063: these formats are written by hand so a page creates no Intl object. The
 * Intl formats they replaced (here only) are the reference, on every day the rule covers and on
 * either side of it, where London time comes from the runtime's time-zone data.
 */
describe('the formats equal the Intl en-GB formats they replaced', () => {
  const london = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options });
  const parts = (format: Intl.DateTimeFormat, date: Date) => Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  const long = london({
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const shortDay = london({ weekday: 'short', day: 'numeric', month: 'short' });
  const monthYear = london({ month: 'long', year: 'numeric' });
  const shortDate = london({ day: 'numeric', month: 'short', year: 'numeric' });
  const shortDateTime = london({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

  function reference(date: Date) {
    const [l, b, m, s, t] = [long, shortDay, monthYear, shortDate, shortDateTime].map((format) => parts(format, date)) as Record<
      string,
      string
    >[];
    return {
      eventDate: `${l!.weekday} ${l!.day} ${l!.month} ${l!.year}, ${l!.hour}:${l!.minute}`,
      badge: { weekday: b!.weekday, day: b!.day, month: b!.month },
      monthYear: `${m!.month} ${m!.year}`,
      shortDate: `${s!.day} ${s!.month} ${s!.year}`,
      shortDateTime: `${t!.day} ${t!.month} ${t!.year}, ${t!.hour}:${t!.minute}`,
    };
  }
  const ours = (date: Date) => ({
    eventDate: formatEventDate(date),
    badge: eventDayBadge(date),
    monthYear: formatMonthYear(date),
    shortDate: formatShortDate(date),
    shortDateTime: formatShortDateTime(date),
  });

  function mismatches(from: number, until: number, step: number): string[] {
    const wrong: string[] = [];
    for (let t = from; t < until && wrong.length < 5; t += step) {
      const date = new Date(t);
      if (JSON.stringify(ours(date)) !== JSON.stringify(reference(date)))
        wrong.push(`${date.toISOString()}: ${JSON.stringify(ours(date))}`);
    }
    return wrong;
  }
  const DAY = 24 * 60 * 60 * 1000;

  it('at 23:30 UTC (the next day in London in summer) every day from 1996 to 2099', () => {
    expect(mismatches(Date.UTC(1996, 0, 1, 23, 30), Date.UTC(2100, 0, 1), DAY)).toEqual([]);
  });

  it('at every hour of a stretch of days, the clock changes of 2026 among them', () => {
    expect(mismatches(Date.UTC(2026, 2, 20), Date.UTC(2026, 3, 5), 60 * 60 * 1000)).toEqual([]);
    expect(mismatches(Date.UTC(2026, 9, 20), Date.UTC(2026, 10, 5), 60 * 60 * 1000 + 60_000)).toEqual([]);
  });

  it('outside 1996-2099, where the time-zone data answers', () => {
    expect(mismatches(Date.UTC(1900, 0, 1, 12), Date.UTC(1996, 0, 1), 7 * DAY + 60 * 60 * 1000)).toEqual([]);
    expect(mismatches(Date.UTC(2100, 0, 1, 12), Date.UTC(2200, 0, 1), 7 * DAY + 60 * 60 * 1000)).toEqual([]);
  });

  it('formatCalendarMonth names every month as Intl does', () => {
    for (let month = 1; month <= 12; month++) {
      const key = `2026-${String(month).padStart(2, '0')}`;
      expect(formatCalendarMonth(key)).toBe(monthYear.format(new Date(`${key}-15T12:00:00.000Z`)));
    }
    expect(formatShortDate('2026-09-01')).toBe('1 Sept 2026');
  });

  it('an invalid date throws a RangeError, as Intl did', () => {
    expect(() => formatEventDate('nonsense')).toThrow(RangeError);
    expect(() => formatShortDate('nonsense')).toThrow(RangeError);
  });
});
