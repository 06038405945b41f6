/**
 * Membership dates are calendar dates (YYYY-MM-DD) in London. A membership lasts one year from
 * its last renewed date; the renewal warning shows from 30 days before expiry.
 */
export const MEMBERSHIP_YEARS = 1;
export const RENEWAL_WARNING_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The same day a year later; 29 February gives 28 February, never 1 March. */
export function addYears(date: string, years: number): string {
  const d = toUtc(date);
  const target = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return fromUtc(target);
}

export function addDays(date: string, days: number): string {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

export function expiryDate(lastRenewedDate: string): string {
  return addYears(lastRenewedDate, MEMBERSHIP_YEARS);
}

/** Whole days from `today` to `date` (negative once it has passed). */
export function daysBetween(today: string, date: string): number {
  return Math.round((toUtc(date).getTime() - toUtc(today).getTime()) / DAY_MS);
}

/** The four expiry texts; `inDays` has a `{days}` place. My Profile gives the site's texts in the page's language (decision 205). */
export type ExpiryTexts = { expired: string; today: string; tomorrow: string; inDays: string };

const ENGLISH_EXPIRY: ExpiryTexts = {
  expired: 'Your membership has expired',
  today: 'Your membership expires today',
  tomorrow: 'Your membership expires tomorrow',
  inDays: 'Your membership expires in {days} days',
};

/** docs/product.md: the expiry text says expired, expires today, tomorrow, or in N days. */
export function expiryText(daysLeft: number, texts: ExpiryTexts = ENGLISH_EXPIRY): string {
  if (daysLeft < 0) return texts.expired;
  if (daysLeft === 0) return texts.today;
  if (daysLeft === 1) return texts.tomorrow;
  return texts.inDays.replace('{days}', String(daysLeft));
}

export function needsRenewal(daysLeft: number): boolean {
  return daysLeft <= RENEWAL_WARNING_DAYS;
}

/**
 * The membership year `today` falls in, or null once the membership has ended (or never began).
 * The last renewed date is the start of the latest year paid for, which lies ahead after an early
 * renewal; years renewed early follow one another, so the current one is found by stepping back.
 */
export function currentPeriod(lastRenewedDate: string | null, today: string): { start: string; end: string } | null {
  if (!lastRenewedDate) return null;
  let start = lastRenewedDate;
  let end = expiryDate(lastRenewedDate);
  if (end < today) return null;
  while (start > today) {
    end = start;
    start = addYears(start, -MEMBERSHIP_YEARS);
  }
  return { start, end };
}

/** Renewing early loses no days: the new year starts at the current expiry while that is ahead. */
export function renewalEffectiveDate(lastRenewedDate: string | null, today: string): string {
  if (!lastRenewedDate) return today;
  const expiry = expiryDate(lastRenewedDate);
  return expiry > today ? expiry : today;
}

/**
 * Whether a free tier may renew today: in the last 30 days of the membership or after it has
 * ended (a free year cannot be stacked on years ahead).
 */
export function freeRenewalOpen(lastRenewedDate: string | null, today: string): boolean {
  return !lastRenewedDate || needsRenewal(daysBetween(today, expiryDate(lastRenewedDate)));
}

/**
 * Where a membership stands on a day: active (more than 30 days left), expiring (0 to 30 days
 * left, when the renewal warning shows), lapsed (the expiry date has passed) or none (never paid).
 */
export const membershipStatuses = ['active', 'expiring', 'lapsed', 'none'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

export function membershipStatus(lastRenewedDate: string | null, today: string): MembershipStatus {
  if (!lastRenewedDate) return 'none';
  const daysLeft = daysBetween(today, expiryDate(lastRenewedDate));
  if (daysLeft < 0) return 'lapsed';
  return needsRenewal(daysLeft) ? 'expiring' : 'active';
}

/**
 * The earliest last-renewed date whose membership still runs on `date`. Expiry dates only grow
 * with the renewed date, so "expires on or after D" is "renewed on or after this", which the
 * database can compare as text; the steps settle the days 29 February makes uneven.
 */
export function earliestRenewalRunningOn(date: string): string {
  let candidate = addYears(date, -MEMBERSHIP_YEARS);
  while (expiryDate(candidate) < date) candidate = addDays(candidate, 1);
  while (expiryDate(addDays(candidate, -1)) >= date) candidate = addDays(candidate, -1);
  return candidate;
}
