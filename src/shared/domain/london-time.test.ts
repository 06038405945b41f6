import { describe, expect, it } from 'vitest';
import { londonToInstant, londonWallTime } from './london-time';

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
