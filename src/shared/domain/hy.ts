import { twoDigits } from './en-gb';

/**
 * Armenian (hy) words and numbers written by hand, exactly as Intl's hy prints them in Node 24 and
 * Chromium (`hy.test.ts` compares them with ICU's hy data), the counterpart of en-gb.ts for the
 * Armenian pages and mail (decision 150): a page creates no Intl object (decision 063).
 */

/** A month named alone ("սեպտեմբեր"), as in "2026 թ․ սեպտեմբեր". */
export const MONTHS = [
  'հունվար',
  'փետրվար',
  'մարտ',
  'ապրիլ',
  'մայիս',
  'հունիս',
  'հուլիս',
  'օգոստոս',
  'սեպտեմբեր',
  'հոկտեմբեր',
  'նոյեմբեր',
  'դեկտեմբեր',
] as const;

/** A month in a date ("5 սեպտեմբերի"): the genitive, as Armenian writes a day of a month. */
export const MONTHS_OF = [
  'հունվարի',
  'փետրվարի',
  'մարտի',
  'ապրիլի',
  'մայիսի',
  'հունիսի',
  'հուլիսի',
  'օգոստոսի',
  'սեպտեմբերի',
  'հոկտեմբերի',
  'նոյեմբերի',
  'դեկտեմբերի',
] as const;

export const SHORT_MONTHS = ['հնվ', 'փտվ', 'մրտ', 'ապր', 'մյս', 'հնս', 'հլս', 'օգս', 'սեպ', 'հոկ', 'նոյ', 'դեկ'] as const;

/** Indexed like `Date#getUTCDay()`: Sunday first. */
export const WEEKDAYS = ['կիրակի', 'երկուշաբթի', 'երեքշաբթի', 'չորեքշաբթի', 'հինգշաբթի', 'ուրբաթ', 'շաբաթ'] as const;

export const SHORT_WEEKDAYS = ['կիր', 'երկ', 'երք', 'չրք', 'հնգ', 'ուր', 'շբթ'] as const;

/** "թ." after a year in a date ("5 սեպտեմբերի, 2026 թ."); ICU writes "թ․" (U+2024) before a month. */
export const YEAR_MARK = 'թ.';
export const YEAR_MARK_BEFORE_MONTH = 'թ\u2024';

const NO_BREAK_SPACE = '\u00a0';

/**
 * An integer grouped as hy groups it: a no-break space between thousands, and none at all below
 * 10,000 (ICU's minimum grouping of two digits): 1234 -> "1234", 12345 -> "12 345".
 */
export function groupThousands(whole: number | bigint): string {
  const digits = String(typeof whole === 'number' ? BigInt(whole) : whole);
  const magnitude = digits.startsWith('-') ? digits.slice(1) : digits;
  if (magnitude.length < 5) return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
}

/** A calendar day as a date: "5 սեպտեմբերի, 2026 թ." (Intl's hy day, long month and year). */
export function longDate(year: number, month: number, day: number): string {
  return `${day} ${MONTHS_OF[month - 1]}, ${year} ${YEAR_MARK}`;
}

/** A compact date: "5 սեպ, 2026 թ." (Intl's hy day, short month and year). */
export function shortDate(year: number, month: number, day: number): string {
  return `${day} ${SHORT_MONTHS[month - 1]}, ${year} ${YEAR_MARK}`;
}

/** A month of a year: "2026 թ․ սեպտեմբեր" (Intl's hy long month and year). */
export function monthYear(year: number, month: number): string {
  return `${year} ${YEAR_MARK_BEFORE_MONTH} ${MONTHS[month - 1]}`;
}

/** Pence as pounds, as Intl's hy writes GBP: 123456789 -> "1 234 567,89 £" (no-break spaces). */
export function pounds(sign: string, whole: bigint, pence: number): string {
  return `${sign}${groupThousands(whole)},${twoDigits(pence)}${NO_BREAK_SPACE}£`;
}
