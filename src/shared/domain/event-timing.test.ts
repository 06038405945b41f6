import { describe, expect, it } from 'vitest';
import { splitEvents } from './event-timing';

describe('splitEvents', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  const event = (date: string) => ({ date });

  it('lists upcoming events soonest first and past ones most recent first, by instant', () => {
    const events = [
      '2026-12-05T18:30:00.000Z',
      '2026-01-10T09:00:00.000Z',
      '2026-11-22T09:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2025-06-01T17:00:00.000Z',
    ];
    const { upcoming, past } = splitEvents(events.map(event), now);
    expect(upcoming.map((e) => e.date)).toEqual(['2026-11-22T09:00:00.000Z', '2026-12-05T18:30:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(past.map((e) => e.date)).toEqual(['2026-01-10T09:00:00.000Z', '2025-06-01T17:00:00.000Z']);
  });

  it('keeps events at the same instant in their order and leaves the input alone', () => {
    const events = [
      { date: '2026-12-05T18:30:00.000Z', title: 'b' },
      { date: '2026-12-05T18:30:00.000Z', title: 'a' },
    ];
    expect(splitEvents(events, now).upcoming.map((e) => e.title)).toEqual(['b', 'a']);
    expect(events.map((e) => e.title)).toEqual(['b', 'a']);
  });
});
