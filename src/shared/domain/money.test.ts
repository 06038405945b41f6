import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence, poundsDecimal } from './money';

/** Decision record 063: pounds are written by hand; en-GB Intl (here only) is the reference. */
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const intlPence = (pence: number) => gbp.format(pence / 100);

describe('formatPence', () => {
  it('writes pounds as en-GB Intl does', () => {
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(1)).toBe('£0.01');
    expect(formatPence(99)).toBe('£0.99');
    expect(formatPence(100)).toBe('£1.00');
    expect(formatPence(5000)).toBe('£50.00');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
    expect(formatPence(-500)).toBe('-£5.00');
    for (const pence of [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, 100_000_000_000, 999_999_999_999_999])
      for (const signed of [pence, -pence || 0]) expect(formatPence(signed), String(signed)).toBe(intlPence(signed));
  });

  it('equals Intl for every whole number of pence up to 100,000 and any up to 10^15', () => {
    for (let pence = -100_000; pence <= 100_000; pence++)
      if (formatPence(pence) !== intlPence(pence)) expect(formatPence(pence)).toBe(intlPence(pence));
    fc.assert(
      fc.property(fc.integer({ min: -1e15 + 1, max: 1e15 - 1 }), (pence) => {
        expect(formatPence(pence)).toBe(intlPence(pence || 0));
      }),
      { numRuns: 20_000 },
    );
  });

  it('rounds a fraction of a penny half away from zero, as Intl does', () => {
    for (const pence of [0.5, 1.5, 2.5, 0.49, 99.5, 1234.4999, -1.5, -2.5, -99.5])
      expect(formatPence(pence), String(pence)).toBe(intlPence(pence));
  });

  it('never signs zero, where Intl writes "-£0.00"', () => {
    expect(intlPence(-0)).toBe('-£0.00');
    expect(formatPence(-0)).toBe('£0.00');
    expect(formatPence(-0.4)).toBe('£0.00');
  });

  it('keeps every digit of huge amounts, and never writes an exponent', () => {
    expect(formatPence(1e21)).toBe('£10,000,000,000,000,000,000.00');
    expect(formatPence(-1e21)).toBe(intlPence(-1e21));
    // Intl divides by 100 in floating point first and loses the last penny: "£90,071,992,547,409.90".
    expect(formatPence(Number.MAX_SAFE_INTEGER)).toBe('£90,071,992,547,409.91');
    const huge = formatPence(1e300);
    expect(huge).toMatch(/^£\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(huge.replace(/[£,.]/g, '')).toBe(BigInt(1e300).toString());
  });

  it('refuses what is not an amount instead of writing "£NaN" or "£∞"', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(() => formatPence(bad)).toThrow(RangeError);
  });
});

describe('poundsDecimal', () => {
  it('writes two decimals without a symbol', () => {
    expect(poundsDecimal(3500)).toBe('35.00');
    expect(poundsDecimal(1)).toBe('0.01');
  });
});
