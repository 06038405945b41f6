import type { Role } from '../../../shared/api/accounts';
import type { StaffRule } from '../../../shared/api/second-factor';

const DAY = 24 * 60 * 60 * 1000;
export const STAFF_GRACE_SETTING = 'staff_factor_grace_days';

export const isStaffRole = (role: Role) => role === 'admin' || role === 'editor';

/**
 * Admins and editors need a second factor (decision 132). Without one, their role waits: staff
 * calls are refused once the grace period, counted from when the account was first seen with
 * its role and no factor, has passed (at once when the admin set none).
 */
export function staffRule(user: { role: Role; staff_since: string | null }, hasFactor: boolean, graceDays: number, now: Date): StaffRule {
  if (!isStaffRole(user.role) || hasFactor) return { applies: isStaffRole(user.role), blocked: false, grace_until: null };
  const since = Date.parse(user.staff_since ?? now.toISOString());
  const until = since + graceDays * DAY;
  if (graceDays > 0 && now.getTime() < until) return { applies: true, blocked: false, grace_until: new Date(until).toISOString() };
  return { applies: true, blocked: true, grace_until: null };
}
