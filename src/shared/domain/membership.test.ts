import { describe, expect, it } from 'vitest';
import { addYears, currentPeriod, daysBetween, expiryDate, expiryText, needsRenewal, renewalEffectiveDate } from './membership';
import { formatTierPrice, tierByIndex } from './tiers';

describe('membership dates', () => {
  it('lasts one year from the last renewal, 29 February included', () => {
    expect(expiryDate('2026-11-21')).toBe('2027-11-21');
    expect(expiryDate('2028-02-29')).toBe('2029-02-28');
    expect(addYears('2027-02-28', 1)).toBe('2028-02-28');
  });

  it('says expired, today, tomorrow or in N days at each boundary', () => {
    const expiry = expiryDate('2025-12-01'); // 2026-12-01
    const text = (today: string) => expiryText(daysBetween(today, expiry));
    expect(text('2026-12-02')).toBe('Your membership has expired');
    expect(text('2026-12-01')).toBe('Your membership expires today');
    expect(text('2026-11-30')).toBe('Your membership expires tomorrow');
    expect(text('2026-11-29')).toBe('Your membership expires in 2 days');
    expect(text('2026-11-01')).toBe('Your membership expires in 30 days');
  });

  it('warns from 30 days before expiry', () => {
    expect(needsRenewal(31)).toBe(false);
    expect(needsRenewal(30)).toBe(true);
    expect(needsRenewal(0)).toBe(true);
    expect(needsRenewal(-5)).toBe(true);
  });

  it('starts a renewal at the expiry while it is ahead, else today', () => {
    expect(renewalEffectiveDate('2026-01-10', '2026-12-20')).toBe('2027-01-10');
    expect(renewalEffectiveDate('2026-01-10', '2027-01-10')).toBe('2027-01-10');
    expect(renewalEffectiveDate('2026-01-10', '2027-01-11')).toBe('2027-01-11');
    expect(renewalEffectiveDate(null, '2027-01-11')).toBe('2027-01-11');
  });
});

describe('tiers', () => {
  it('are priced in pence and shown in pounds per year', () => {
    expect(tierByIndex(0)).toEqual({ index: 0, name: 'Doctors, Dental Surgeons and Pharmacists', pence: 5000 });
    expect(formatTierPrice(5000)).toBe('£50.00 per year');
    expect(formatTierPrice(3500)).toBe('£35.00 per year');
    expect(formatTierPrice(0)).toBe('Free');
    expect(tierByIndex(3)).toBeUndefined();
  });
});

describe('the membership year running today', () => {
  it('is the year from the last renewal while that has begun', () => {
    expect(currentPeriod('2026-03-10', '2026-11-21')).toEqual({ start: '2026-03-10', end: '2027-03-10' });
    expect(currentPeriod('2026-11-21', '2026-11-21')).toEqual({ start: '2026-11-21', end: '2027-11-21' });
  });

  it('after an early renewal is the year before the one paid ahead, never a start to come', () => {
    // Joined 26 November 2026, renewed early in 2027: the new year starts 26 November 2027.
    expect(currentPeriod('2027-11-26', '2027-01-15')).toEqual({ start: '2026-11-26', end: '2027-11-26' });
    // Two years renewed ahead.
    expect(currentPeriod('2028-11-26', '2027-01-15')).toEqual({ start: '2026-11-26', end: '2027-11-26' });
    // 29 February: the years meet without a gap.
    expect(currentPeriod('2029-02-28', '2028-12-01')).toEqual({ start: '2028-02-28', end: '2029-02-28' });
  });

  it('is none once the membership has ended, and none before the first payment', () => {
    expect(currentPeriod('2025-01-01', '2026-11-21')).toBeNull();
    expect(currentPeriod('2025-11-21', '2026-11-21')).toEqual({ start: '2025-11-21', end: '2026-11-21' });
    expect(currentPeriod(null, '2026-11-21')).toBeNull();
  });
});
