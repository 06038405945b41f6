import { formatPence } from './money';

/** SPEC section 3: the membership tiers, priced per year in pence. */
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
