/**
 * An amount typed in pounds ("35", "£1,234.50", ".5"), in exact integer pence; null when it is not
 * an amount of pounds and pence (a sign, letters, more than two decimals). Read from the digits,
 * never through a float, so "0.29" is 29 and not 28.999... (The donation form rounds to whole
 * pounds, as docs/product.md says; this is for sums that must be recorded to the penny.)
 */
export function penceFromPounds(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/^£\s*/, '').replace(/,/g, ''));
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  // Nine digits of pounds keep the pence well inside Number's exact integers.
  if ((whole === '' && fraction === '') || whole.length > 9) return null;
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}
