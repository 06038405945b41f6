/** Pure helpers for the test provider's card form; the real card check is the provider's. */

export function cardDigits(value: string): string {
  return value.replace(/\D/g, '');
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

/** A card number that looks complete: 16 digits passing Luhn (spaces allowed). */
export function cardNumberComplete(value: string): boolean {
  const digits = cardDigits(value);
  return digits.length === 16 && luhnValid(digits);
}

/** Groups the digits in fours as people read them off a card: "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
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

/** MM/YY with a real month. Whether the card has expired is the provider's call. */
export function expiryComplete(value: string): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  return month >= 1 && month <= 12;
}

export function cvcComplete(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
}
