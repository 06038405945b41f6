/**
 * en-GB words and numbers written by hand, exactly as Intl's en-GB prints them in Node 24 and in
 * Chromium (`en-gb.test.ts` compares them with Intl). The first Intl object a page creates makes
 * ICU load its locale data, one long task of 110-170 ms on a slow phone, so public pages create
 * none (decision record 063).
 */

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Current ICU abbreviates September to "Sept" in en-GB (not "Sep"). */
export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/** Indexed like `Date#getUTCDay()`: Sunday first. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** An integer with commas between thousands, as en-GB groups it: 1234567 -> "1,234,567". */
export function groupThousands(whole: number | bigint): string {
  // A bigint never turns into exponent notation ("1e+21") the way a large number does.
  return String(typeof whole === 'number' ? BigInt(whole) : whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The day of the week (0 is Sunday) of a calendar date; years 0-99 are not moved to the 1900s. */
export function dayOfWeek(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCDay();
}

export type CalendarDay = { year: number; month: number; day: number; weekday: number };

/**
 * The UTC calendar day of a Date, its year as Intl prints a numeric year (no era, so 1 BC, year 0,
 * is "1"). An invalid Date throws the RangeError Intl throws.
 */
export function utcCalendarDay(date: Date): CalendarDay {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const year = date.getUTCFullYear();
  return { year: year > 0 ? year : 1 - year, month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: date.getUTCDay() };
}
