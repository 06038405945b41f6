/**
 * CPD certificate numbers: "CPD-2026-7K3M-Q9XD", the event's year and eight random characters of
 * Crockford's base32 (40 bits: no number can be worked out from another's). The alphabet has no
 * I, L, O or U, so a number read out over the phone or copied from paper is not mistaken.
 */
export const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_CHARACTERS = 8;

/** `pick(n)` gives a uniformly random whole number below n (crypto's randomInt on the server). */
export function newCertificateNumber(year: number, pick: (n: number) => number): string {
  const chars = Array.from({ length: RANDOM_CHARACTERS }, () => CERTIFICATE_ALPHABET[pick(CERTIFICATE_ALPHABET.length)]!);
  return `CPD-${year}-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/**
 * A number as someone typed it: any case and spacing, O for 0 and I or L for 1 (as Crockford
 * intends), dashes optional; undefined when it cannot be a certificate number.
 */
export function normaliseCertificateNumber(typed: string): string | undefined {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '').replace(/^CPD/, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  const match = /^(\d{4})([0-9A-HJKMNP-TV-Z]{4})([0-9A-HJKMNP-TV-Z]{4})$/.exec(compact);
  return match ? `CPD-${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/** CPD minutes as the certificate says them: "1.5 hours", "1 hour", "45 minutes". */
export function cpdHours(minutes: number): string {
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
