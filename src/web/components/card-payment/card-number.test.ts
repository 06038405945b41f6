import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../shared/api/payments';
import { cardNumberComplete, cvcComplete, expiryComplete, expiryState, formatCardNumber, formatExpiry, luhnValid } from './card-number';

describe('the test card form helpers', () => {
  it('accepts Stripe test numbers, with or without spaces', () => {
    for (const number of Object.values(TEST_CARDS)) {
      expect(cardNumberComplete(number)).toBe(true);
      expect(cardNumberComplete(formatCardNumber(number))).toBe(true);
    }
  });

  it('refuses short numbers and numbers failing the checksum', () => {
    expect(cardNumberComplete('4242 4242 4242 424')).toBe(false);
    expect(cardNumberComplete('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
  });

  it('formats the number in groups of four and stops at 16 digits', () => {
    expect(formatCardNumber('42424242')).toBe('4242 4242');
    expect(formatCardNumber('4242-4242-4242-4242-99')).toBe('4242 4242 4242 4242');
  });

  it('types the expiry slash and lets it be deleted', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1226')).toBe('12/26');
    expect(formatExpiry('12', '12/')).toBe('1');
    expect(expiryComplete('12/34')).toBe(true);
    expect(expiryComplete('13/26')).toBe(false);
    expect(expiryComplete('1/26')).toBe(false);
  });

  it('wants the security code of the card typed: 3 digits, 4 on American Express', () => {
    expect(cvcComplete('123', '4242 4242 4242 4242')).toBe(true);
    expect(cvcComplete('1234', '4242 4242 4242 4242')).toBe(false);
    expect(cvcComplete('1234', '3782 822463 10005')).toBe(true);
    expect(cvcComplete('123', '3782 822463 10005')).toBe(false);
    expect(cvcComplete('12')).toBe(false);
    expect(cvcComplete('12a')).toBe(false);
  });

  it('groups an American Express number as it is printed, and refuses an expiry in the past', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(cardNumberComplete('3782 822463 10005')).toBe(true);
    const now = new Date('2026-11-21T12:00:00Z');
    expect(expiryState('11/26', now)).toBe('ok');
    expect(expiryState('10/26', now)).toBe('past');
    expect(expiryState('13/26', now)).toBe('incomplete');
    expect(expiryComplete('12/25', now)).toBe(false);
  });
});
