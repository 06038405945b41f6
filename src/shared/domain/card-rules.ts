/**
 * What Stripe checks of a card before anything is charged, for the test provider's card step:
 * the number's length for its brand and its Luhn checksum, an expiry that has not passed, and a
 * security code of the brand's length (4 digits for American Express, 3 for the others). The
 * browser's test card form and the server's test provider both check with these (decision 106),
 * with Stripe's own messages, so the simulation refuses what Stripe would.
 */

export type CardBrand = 'amex' | 'diners' | 'visa' | 'mastercard' | 'discover' | 'unknown';

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberIncorrect: 'Your card number is incorrect.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** A card's expiry lies at most this many years ahead (Stripe refuses years further off). */
const EXPIRY_YEARS_AHEAD = 50;

export const cardDigits = (value: string) => value.replace(/\D/g, '');

export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** The number of digits a card of the brand has. */
export function cardLength(brand: CardBrand): number {
  return brand === 'amex' ? 15 : brand === 'diners' ? 14 : 16;
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardNumberProblem(number: string): string | undefined {
  const digits = cardDigits(number);
  if (digits.length < cardLength(cardBrand(digits))) return CARD_MESSAGES.numberIncomplete;
  if (digits.length > cardLength(cardBrand(digits)) || !luhnValid(digits)) return CARD_MESSAGES.numberIncorrect;
  return undefined;
}

/** Month 1 to 12 and a two- or four-digit year; a card is good to the end of its expiry month (UTC). */
export function expiryProblem(month: number, year: number, now: Date): string | undefined {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return CARD_MESSAGES.expiryIncomplete;
  const fullYear = year < 100 ? 2000 + year : year;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (fullYear < thisYear || (fullYear === thisYear && month < thisMonth)) return CARD_MESSAGES.expiryPast;
  if (fullYear > thisYear + EXPIRY_YEARS_AHEAD) return CARD_MESSAGES.expiryYearInvalid;
  return undefined;
}

/** "MM/YY" as the card shows it (the form's field), read into month and year; undefined when it is not that. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  return m ? { month: Number(m[1]), year: Number(m[2]) } : undefined;
}

export function cvcProblem(cvc: string, number: string): string | undefined {
  return new RegExp(`^\\d{${cvcLength(cardBrand(cardDigits(number)))}}$`).test(cvc.trim()) ? undefined : CARD_MESSAGES.cvcIncomplete;
}
