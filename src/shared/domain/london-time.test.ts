import { describe, expect, it } from 'vitest';
import { londonToInstant, londonWallTime, type WallTime } from './london-time';

describe('London time', () => {
  it('is UTC in winter and UTC+1 in summer', () => {
    expect(londonToInstant({ year: 2026, month: 12, day: 5, hour: 18, minute: 30 }).toISOString()).toBe('2026-12-05T18:30:00.000Z');
    expect(londonToInstant({ year: 2026, month: 7, day: 1, hour: 18, minute: 30 }).toISOString()).toBe('2026-07-01T17:30:00.000Z');
  });

  it('handles the March and October clock changes', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(londonToInstant({ year: 2026, month: 3, day: 29, hour: 0, minute: 30 }).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(londonToInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(londonToInstant({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:00 BST becomes 01:00 GMT; 01:30 happens twice, the first is taken.
    expect(londonToInstant({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(londonToInstant({ year: 2026, month: 10, day: 25, hour: 3, minute: 0 }).toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('round-trips wall times through instants', () => {
    const instant = new Date('2026-06-15T09:05:00Z');
    const wall = londonWallTime(instant);
    expect(wall).toMatchObject({ year: 2026, month: 6, day: 15, hour: 10, minute: 5 });
    expect(londonToInstant(wall).toISOString()).toBe(instant.toISOString());
  });
});

/** The runtime's own time-zone data: the reference the hand-written rule is checked against. */
const tzdata = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * Decision record 063: London time is computed from the UK rule, not asked of Intl. These compare
 * it with the runtime's own time-zone data (Intl, here only), so a change of the rule in tzdata
 * fails them.
 */
describe('London time equals the runtime time-zone data', () => {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const asTzdata = (w: ReturnType<typeof londonWallTime>) =>
    `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)}, ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  const HOUR = 60 * 60 * 1000;

  /** Every instant in [from, until) `step` apart whose London wall time differs from tzdata's. */
  function mismatches(from: number, until: number, step: number): string[] {
    const wrong: string[] = [];
    for (let t = from; t < until && wrong.length < 5; t += step) {
      const instant = new Date(t);
      if (asTzdata(londonWallTime(instant)) !== tzdata.format(instant)) wrong.push(instant.toISOString());
    }
    return wrong;
  }

  /** 01:00 UTC on the last Sunday of a month (1-12), when the clocks change. */
  function changeAt(year: number, month: number): number {
    const last = new Date(Date.UTC(year, month, 0));
    return Date.UTC(year, month - 1, last.getUTCDate() - last.getUTCDay(), 1);
  }

  const years = Array.from({ length: 2099 - 1996 + 1 }, (_, i) => 1996 + i);

  it('every hour from 1996 to 2060, every fifth hour to 2099', () => {
    expect(mismatches(Date.UTC(1996, 0, 1), Date.UTC(2061, 0, 1), HOUR)).toEqual([]);
    expect(mismatches(Date.UTC(2061, 0, 1), Date.UTC(2100, 0, 1), 5 * HOUR)).toEqual([]);
  });

  it('every minute of the three hours either side of each clock change, 1996 to 2099', () => {
    for (const year of years)
      for (const month of [3, 10])
        expect(mismatches(changeAt(year, month) - 3 * HOUR, changeAt(year, month) + 3 * HOUR, 60_000)).toEqual([]);
  });

  it('the last second before each change and the change itself, and the seconds of odd instants', () => {
    for (const year of years)
      for (const month of [3, 10]) expect(mismatches(changeAt(year, month) - 2000, changeAt(year, month) + 2000, 250)).toEqual([]);
    // Milliseconds are dropped, not rounded; an odd step lands on every second and minute.
    expect(mismatches(Date.UTC(1996, 0, 1), Date.UTC(2100, 0, 1), 7_777_777_777)).toEqual([]);
    expect(mismatches(Date.UTC(2026, 2, 29, 0, 59, 59, 999), Date.UTC(2026, 2, 29, 1, 0, 0, 1), 1)).toEqual([]);
  });

  it('outside 1996-2099 the time-zone data answers, across both edges of the rule', () => {
    expect(mismatches(Date.UTC(1990, 0, 1), Date.UTC(1996, 0, 2), HOUR)).toEqual([]);
    expect(mismatches(Date.UTC(2099, 11, 30), Date.UTC(2101, 0, 1), HOUR)).toEqual([]);
    // 1995 ended summer time on the fourth Sunday of October (22nd), not the last (29th).
    expect(londonWallTime(new Date('1995-10-25T12:00:00Z')).hour).toBe(12);
    expect(londonWallTime(new Date('1900-06-01T12:00:00Z')).hour).toBe(12);
    expect(londonWallTime(new Date('2200-07-01T12:00:00Z')).hour).toBe(13);
  });

  it('throws on an invalid date, as Intl does', () => {
    expect(() => londonWallTime(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('londonToInstant matches the Intl-based resolution it replaced', () => {
  /** The former implementation, on Intl: offset = wall time read as UTC minus the instant. */
  function intlOffset(instant: Date): number {
    const p = Object.fromEntries(tzdata.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
    return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
  }
  function intlToInstant(wall: WallTime): Date {
    const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
    const before = intlOffset(new Date(asUtc - 3 * 60 * 60 * 1000));
    const after = intlOffset(new Date(asUtc + 3 * 60 * 60 * 1000));
    for (const offset of [Math.max(before, after), Math.min(before, after)]) {
      const candidate = new Date(asUtc - offset);
      if (intlOffset(candidate) === offset) return candidate;
    }
    return new Date(asUtc - Math.min(before, after));
  }

  it('every quarter hour of the days around each clock change, 1996 to 2099', () => {
    const wrong: string[] = [];
    for (let year = 1996; year <= 2099; year++)
      for (const month of [3, 10]) {
        const last = new Date(Date.UTC(year, month, 0));
        const sunday = last.getUTCDate() - last.getUTCDay();
        for (let day = sunday - 1; day <= sunday + 1; day++)
          for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
            const wall = { year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 };
            if (londonToInstant(wall).getTime() !== intlToInstant(wall).getTime()) wrong.push(JSON.stringify(wall));
          }
      }
    expect(wrong).toEqual([]);
  });

  it('round-trips every hour of a summer and a winter day, every year 1996 to 2099', () => {
    for (let year = 1996; year <= 2099; year++)
      for (const month of [1, 7])
        for (let hour = 0; hour < 24; hour++) {
          const wall = { year, month, day: 15, hour, minute: 30 };
          expect(londonWallTime(londonToInstant(wall))).toEqual({ ...wall, second: 0 });
        }
  });

  it('moves a time in the March gap forward by the hour, and takes the first of the repeated October hour', () => {
    // 31 March 2041: 01:00 GMT becomes 02:00 BST, so 01:15 does not exist and means 02:15 BST.
    expect(londonToInstant({ year: 2041, month: 3, day: 31, hour: 1, minute: 15 }).toISOString()).toBe('2041-03-31T01:15:00.000Z');
    expect(londonToInstant({ year: 2041, month: 3, day: 31, hour: 0, minute: 59 }).toISOString()).toBe('2041-03-31T00:59:00.000Z');
    expect(londonToInstant({ year: 2041, month: 3, day: 31, hour: 2, minute: 0 }).toISOString()).toBe('2041-03-31T01:00:00.000Z');
    // 27 October 2041: 02:00 BST becomes 01:00 GMT, so 01:15 happens at 00:15 and 01:15 UTC.
    expect(londonToInstant({ year: 2041, month: 10, day: 27, hour: 1, minute: 15 }).toISOString()).toBe('2041-10-27T00:15:00.000Z');
    expect(londonToInstant({ year: 2041, month: 10, day: 27, hour: 0, minute: 59 }).toISOString()).toBe('2041-10-26T23:59:00.000Z');
    expect(londonToInstant({ year: 2041, month: 10, day: 27, hour: 2, minute: 0 }).toISOString()).toBe('2041-10-27T02:00:00.000Z');
  });
});
