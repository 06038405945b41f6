import { MONTHS, SHORT_MONTHS, SHORT_WEEKDAYS } from '../../shared/domain/en-gb';
import { clockTime, londonDay } from '../../shared/domain/event-dates';
import * as hy from '../../shared/domain/hy';
import type { Language } from '../../shared/domain/language';

export { formatEventDate, formatEventSpan } from '../../shared/domain/event-dates';

// house rule 9 (docs/architecture.md): dates are shown en-GB (in Armenian on Armenian pages, decision 150), and event times are London wall-clock times. Written by
// hand, not with Intl, so that a public page creates no Intl object (decision record 063).

/** The month and year of an event in London, e.g. "December 2025". */
export function formatMonthYear(instant: Date | string, language: Language = 'en'): string {
  const day = londonDay(instant);
  if (language === 'hy') return hy.monthYear(day.year, day.month);
  return `${MONTHS[day.month - 1]} ${day.year}`;
}

/** The pieces of a calendar-page badge for an event in London: "Sat", "5", "Dec". */
export function eventDayBadge(instant: Date | string, language: Language = 'en'): { weekday: string; day: string; month: string } {
  const day = londonDay(instant);
  if (language === 'hy') return { weekday: hy.SHORT_WEEKDAYS[day.weekday]!, day: String(day.day), month: hy.SHORT_MONTHS[day.month - 1]! };
  return { weekday: SHORT_WEEKDAYS[day.weekday]!, day: String(day.day), month: SHORT_MONTHS[day.month - 1]! };
}

/**
 * The London date of an instant, e.g. "22 Nov 2026" (compact, for tables). A calendar date
 * "2026-11-22" works too: read as UTC midnight, it is the same day in London (UTC+0 or +1).
 */
export function formatShortDate(instant: Date | string, language: Language = 'en'): string {
  const day = londonDay(instant);
  if (language === 'hy') return hy.shortDate(day.year, day.month, day.day);
  return `${day.day} ${SHORT_MONTHS[day.month - 1]} ${day.year}`;
}

/** The London date and time of an instant, e.g. "22 Nov 2026, 14:05" (compact, for tables); "22 նոյ, 2026 թ., 14:05" in Armenian. */
export function formatShortDateTime(instant: Date | string, language: Language = 'en'): string {
  const day = londonDay(instant);
  if (language === 'hy') return `${hy.shortDate(day.year, day.month, day.day)}, ${clockTime(day)}`;
  return `${day.day} ${SHORT_MONTHS[day.month - 1]} ${day.year}, ${clockTime(day)}`;
}

/** A calendar month "2026-11" as "November 2026"; anything else is shown as it came. */
export function formatCalendarMonth(month: string, language: Language = 'en'): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  // Mid-month at noon UTC is inside the same month in London whatever the clocks do.
  return m ? formatMonthYear(`${m[1]}-${m[2]}-15T12:00:00.000Z`, language) : month;
}

export const ELLIPSIS = '…';

/**
 * Cuts text to at most `max` characters (UTF-16 units, as `length` counts them), ending with an
 * ellipsis when anything was cut. Never splits a surrogate pair, never ends in a space before "…".
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  let kept = text.slice(0, max - 1);
  const last = kept.charCodeAt(kept.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}${ELLIPSIS}`;
}
