import { LONDON } from '../../shared/domain/london-time';

export { formatEventDate, formatEventSpan } from '../../shared/domain/event-dates';

/** DESIGN rule 9: dates are shown en-GB, and event times are London wall-clock times. */
const LOCALE = 'en-GB';

const shortDay = new Intl.DateTimeFormat(LOCALE, {
  timeZone: LONDON,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

const monthYear = new Intl.DateTimeFormat(LOCALE, { timeZone: LONDON, month: 'long', year: 'numeric' });

const shortDate = new Intl.DateTimeFormat(LOCALE, { timeZone: LONDON, day: 'numeric', month: 'short', year: 'numeric' });

const shortDateTime = new Intl.DateTimeFormat(LOCALE, {
  timeZone: LONDON,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function partsOf(format: Intl.DateTimeFormat, instant: Date | string): Parts {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** The month and year of an event in London, e.g. "December 2025". */
export function formatMonthYear(instant: Date | string): string {
  const p = partsOf(monthYear, instant);
  return `${p.month} ${p.year}`;
}

/** The pieces of a calendar-page badge for an event in London: "Sat", "5", "Dec". */
export function eventDayBadge(instant: Date | string): { weekday: string; day: string; month: string } {
  const p = partsOf(shortDay, instant);
  return { weekday: p.weekday ?? '', day: p.day ?? '', month: p.month ?? '' };
}

/**
 * The London date of an instant, e.g. "22 Nov 2026" (compact, for tables). A calendar date
 * "2026-11-22" works too: read as UTC midnight, it is the same day in London (UTC+0 or +1).
 */
export function formatShortDate(instant: Date | string): string {
  const p = partsOf(shortDate, instant);
  return `${p.day} ${p.month} ${p.year}`;
}

/** The London date and time of an instant, e.g. "22 Nov 2026, 14:05" (compact, for tables). */
export function formatShortDateTime(instant: Date | string): string {
  const p = partsOf(shortDateTime, instant);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

/** A calendar month "2026-11" as "November 2026"; anything else is shown as it came. */
export function formatCalendarMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  // Mid-month at noon UTC is inside the same month in London whatever the clocks do.
  return m ? formatMonthYear(`${m[1]}-${m[2]}-15T12:00:00.000Z`) : month;
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
