import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardBrand, cardNumberProblem, cvcProblem, expiryProblem, parseExpiry } from './card-rules';

const now = new Date('2026-11-21T12:00:00Z');

describe("Stripe's checks of a card", () => {
  it('knows the brands by their numbers, and each brand its length', () => {
    expect(
      ['4242424242424242', '5555555555554444', '2223003122003222', '378282246310005', '6011111111111117', '3056930009020004'].map(
        cardBrand,
      ),
    ).toEqual(['visa', 'mastercard', 'mastercard', 'amex', 'discover', 'diners']);
    expect(cardNumberProblem('3782 822463 10005')).toBeUndefined();
    expect(cardNumberProblem('3056 9300 0902 0004'.replace(/ /g, '').slice(0, 14))).toBe(CARD_MESSAGES.numberIncorrect);
    expect(cardNumberProblem('4242 4242 4242 424')).toBe(CARD_MESSAGES.numberIncomplete);
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(CARD_MESSAGES.numberIncorrect);
    expect(cardNumberProblem('4242 4242 4242 4242 4')).toBe(CARD_MESSAGES.numberIncorrect);
  });

  it('takes a card to the end of its expiry month, and no expiry in the past', () => {
    expect(expiryProblem(11, 26, now)).toBeUndefined();
    expect(expiryProblem(11, 2026, now)).toBeUndefined();
    expect(expiryProblem(10, 26, now)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryProblem(12, 25, now)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryProblem(1, 2099, now)).toBe(CARD_MESSAGES.expiryYearInvalid);
    expect(expiryProblem(13, 30, now)).toBe(CARD_MESSAGES.expiryIncomplete);
    expect(expiryProblem(0, 30, now)).toBe(CARD_MESSAGES.expiryIncomplete);
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 34 });
    expect(parseExpiry('1/34')).toBeUndefined();
  });

  it('wants 4 digits of security code on American Express and 3 on the others', () => {
    expect(cvcProblem('123', '4242424242424242')).toBeUndefined();
    expect(cvcProblem('1234', '4242424242424242')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcProblem('12', '4242424242424242')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcProblem('1234', '378282246310005')).toBeUndefined();
    expect(cvcProblem('123', '378282246310005')).toBe(CARD_MESSAGES.cvcIncomplete);
  });
});
