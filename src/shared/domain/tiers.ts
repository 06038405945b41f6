import { formatPence } from './money';

/** docs/product.md section 3: the membership tiers, priced per year in pence. */
export const tiers = [
  { index: 0, name: 'Doctors, Dental Surgeons and Pharmacists', pence: 5000 },
  { index: 1, name: 'Other Allied Healthcare Professions', pence: 3500 },
  { index: 2, name: 'Students', pence: 0 },
] as const;

export type Tier = (typeof tiers)[number];
export const STUDENT_TIER_INDEX = 2;

export function tierByIndex(index: number): Tier | undefined {
  return tiers.find((tier) => tier.index === index);
}

/** e.g. "£50.00 per year"; a free tier reads "Free". */
export function formatTierPrice(pence: number): string {
  return pence === 0 ? 'Free' : `${formatPence(pence)} per year`;
}

/** How far ahead an expected graduation may be: the longest courses (medicine) with a year out. */
export const GRADUATION_YEARS_AHEAD = 10;

/**
 * The student tier is for people still studying: it needs an expected graduation year that has
 * not yet passed (this year counts), and no further ahead than any course runs. One rule for the
 * join form, the server and renewals; `thisYear` is the London year by the caller's clock.
 */
export function studentYearProblem(
  tierIndex: number | undefined,
  gradYear: number | null | undefined,
  thisYear: number,
): 'missing' | 'past' | 'too_far' | undefined {
  if (tierIndex !== STUDENT_TIER_INDEX) return undefined;
  if (gradYear === null || gradYear === undefined) return 'missing';
  if (gradYear < thisYear) return 'past';
  if (gradYear > thisYear + GRADUATION_YEARS_AHEAD) return 'too_far';
  return undefined;
}

/** The site text that words each problem (`{year}` is the year given). */
export const studentYearTexts = {
  missing: 'register.grad_year_required',
  past: 'register.grad_year_past',
  too_far: 'register.grad_year_too_far',
} as const;
