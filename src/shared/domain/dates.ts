import { MONTHS, utcCalendarDay } from './en-gb';

/** Calendar dates (YYYY-MM-DD) shown en-GB, e.g. "21 November 2026" (by hand: decision record 063). */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = utcCalendarDay(new Date(Date.UTC(y, m - 1, d)));
  return `${day.day} ${MONTHS[day.month - 1]} ${day.year}`;
}
