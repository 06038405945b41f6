/** Pure helpers for the test provider's card form; the rules are Stripe's, shared with the server (card-rules.ts). */
import {
  CARD_MESSAGES,
  cardBrand,
  cardDigits,
  cardLength,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  parseExpiry,
} from '../../../shared/domain/card-rules';

export { cardDigits, luhnValid } from '../../../shared/domain/card-rules';

/** A card number of its brand's length, passing Luhn (spaces allowed). */
export function cardNumberComplete(value: string): boolean {
  return cardNumberProblem(value) === undefined;
}

/**
 * Groups the digits as they are printed on the card: fours ("4242 4242 4242 4242"), or 4-6-5
 * for American Express ("3782 822463 10005"), stopping at the brand's length.
 */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value);
  const brand = cardBrand(digits);
  const kept = digits.slice(0, cardLength(brand));
  if (brand === 'amex') return [kept.slice(0, 4), kept.slice(4, 10), kept.slice(10)].filter(Boolean).join(' ');
  return kept.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Types the slash for the person: "12" -> "12/", "1226" -> "12/26". */
export function formatExpiry(value: string, previous = ''): string {
  const digits = cardDigits(value).slice(0, 4);
  // Deleting the slash deletes the digit before it, rather than the slash coming straight back.
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2) return `${digits}/`;
  return digits;
}

/** What is wrong with the expiry typed (MM/YY): incomplete, or in the past by this device's clock. */
export function expiryState(value: string, now: Date): 'ok' | 'incomplete' | 'past' {
  const expiry = parseExpiry(value);
  if (!expiry) return 'incomplete';
  const problem = expiryProblem(expiry.month, expiry.year, now);
  if (problem === undefined) return 'ok';
  return problem === CARD_MESSAGES.expiryPast ? 'past' : 'incomplete';
}

/** MM/YY with a real month, not yet past. */
export function expiryComplete(value: string, now = new Date()): boolean {
  return expiryState(value, now) === 'ok';
}

/** The security code's length for the card typed: 4 digits for American Express, 3 for the others. */
export function cvcComplete(value: string, cardNumber = ''): boolean {
  return cvcProblem(value, cardNumber) === undefined;
}
