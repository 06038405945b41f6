import { groupThousands, twoDigits } from './en-gb';
import { pounds } from './hy';
import type { Language } from './language';

/**
 * Money is integer pence everywhere; shown as pounds as en-GB Intl shows GBP, e.g. 5000 -> "£50.00",
 * 123456789 -> "£1,234,567.89", -500 -> "-£5.00". Written by hand so that a page creates no Intl
 * object (decision record 063), and exact where Intl is not: a fraction of a penny rounds half away
 * from zero, zero (or what rounds to it) has no sign, and amounts beyond 2^53 pence keep every digit
 * (Intl divides by 100 in floating point first). Not a number, or infinite, is a bug: it throws.
 */
export function formatPence(pence: number, language: Language = 'en'): string {
  if (!Number.isFinite(pence)) throw new RangeError(`Not an amount of pence: ${pence}`);
  const whole = BigInt(Math.round(Math.abs(pence)));
  const sign = pence < 0 && whole > 0n ? '-' : '';
  // In Armenian as Armenian readers write it (decision 150): "1 234,50 £".
  if (language === 'hy') return pounds(sign, whole / 100n, Number(whole % 100n));
  return `${sign}£${groupThousands(whole / 100n)}.${twoDigits(Number(whole % 100n))}`;
}

/** Pence as plain pounds with two decimals, for CSV cells and form fields: 3500 -> "35.00". */
export function poundsDecimal(pence: number): string {
  return (pence / 100).toFixed(2);
}
