import { dayOfWeek, MONTHS, twoDigits, WEEKDAYS } from './en-gb';
import * as hy from './hy';
import type { Language } from './language';
import { londonWallTime, type WallTime } from './london-time';

/** house rule 9 (docs/architecture.md): event times are London wall-clock times, shown en-GB (pages and e-mails alike). */
export type LondonDay = WallTime & { weekday: number };

/** The London wall-clock time of an instant (a Date or an ISO string) with its weekday; an invalid one throws a RangeError. */
export function londonDay(instant: Date | string): LondonDay {
  const wall = londonWallTime(typeof instant === 'string' ? new Date(instant) : instant);
  return { ...wall, weekday: dayOfWeek(wall.year, wall.month, wall.day) };
}

/** A London wall-clock time's hour and minute on the 24-hour clock, e.g. "09:05". */
export const clockTime = (wall: WallTime): string => `${twoDigits(wall.hour)}:${twoDigits(wall.minute)}`;

/**
 * An event's date and time in London, e.g. "Saturday 5 December 2026, 18:30" (Intl's plain en-GB
 * format, "Saturday, 5 December 2026 at 18:30", varies by runtime).
 */
export function formatEventDate(instant: Date | string, language: Language = 'en'): string {
  const day = londonDay(instant);
  // In Armenian (decision 150): "շաբաթ, 5 դեկտեմբերի, 2026 թ., 18:30", the date as ICU's hy writes it.
  if (language === 'hy') return `${hy.WEEKDAYS[day.weekday]}, ${hy.longDate(day.year, day.month, day.day)}, ${clockTime(day)}`;
  return `${WEEKDAYS[day.weekday]} ${day.day} ${MONTHS[day.month - 1]} ${day.year}, ${clockTime(day)}`;
}

/**
 * An event's start and end in London: "Saturday 5 December 2026, 18:30–21:00" on one day, else
 * both dates in full. Without an end, the start alone.
 */
export function formatEventSpan(start: Date | string, end: Date | string | null, language: Language = 'en'): string {
  const from = formatEventDate(start, language);
  if (!end) return from;
  const to = formatEventDate(end, language);
  const [fromDay, toDay] = [from.slice(0, from.lastIndexOf(',')), to.slice(0, to.lastIndexOf(','))];
  return fromDay === toDay ? `${from}–${to.slice(to.lastIndexOf(',') + 2)}` : `${from} – ${to}`;
}
