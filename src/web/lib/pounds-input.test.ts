import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poundsDecimal as poundsText } from '../../shared/domain/money';
import { penceFromPounds } from './pounds-input';

describe('penceFromPounds', () => {
  it('reads pounds and pence exactly', () => {
    expect(penceFromPounds('35')).toBe(3500);
    expect(penceFromPounds('35.00')).toBe(3500);
    expect(penceFromPounds(' £1,234.5 ')).toBe(123450);
    expect(penceFromPounds('0.29')).toBe(29);
    expect(penceFromPounds('.5')).toBe(50);
    expect(penceFromPounds('12.')).toBe(1200);
    expect(penceFromPounds('0')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', ' ', '.', '£', 'abc', '-5', '+5', '1.234', '1e3', '12.3.4', '1234567890']) {
      expect(penceFromPounds(text), text).toBeNull();
    }
  });

  it('reads back every amount it shows', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (pence) => penceFromPounds(poundsText(pence)) === pence));
  });
});

describe('poundsText', () => {
  it('shows two decimals', () => {
    expect(poundsText(3500)).toBe('35.00');
    expect(poundsText(5)).toBe('0.05');
    expect(poundsText(0)).toBe('0.00');
  });
});
