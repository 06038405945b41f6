import { MONTHS, utcCalendarDay } from './en-gb';
import { longDate } from './hy';
import type { Language } from './language';

/**
 * Calendar dates (YYYY-MM-DD) shown en-GB, e.g. "21 November 2026", or in Armenian as Armenian
 * readers expect, "21 նոյեմբերի, 2026 թ." (by hand: decision records 063 and 150).
 */
export function formatLongDate(date: string, language: Language = 'en'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = utcCalendarDay(new Date(Date.UTC(y, m - 1, d)));
  if (language === 'hy') return longDate(day.year, day.month, day.day);
  return `${day.day} ${MONTHS[day.month - 1]} ${day.year}`;
}
