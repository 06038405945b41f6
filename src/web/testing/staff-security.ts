import type { AccountSecurity } from '../../shared/api/second-factor';

/** A staff account's own security answer: with its second factor, or without one and past any grace period. */
export function staffSecurity({ blocked }: { blocked: boolean }): AccountSecurity {
  return {
    totp: !blocked,
    passkeys: [],
    recovery_codes_left: blocked ? 0 : 10,
    staff: { applies: true, blocked, grace_until: null },
    passkeys_available: true,
  };
}
