import type { PersonalDataCoverage } from '../../privacy/personal-data';
import { secondFactorRepo } from './second-factor.repo';
import { sessionsRepo } from './sessions.repo';

/**
 * Second factors, sessions and known devices (decisions 130–133): exported as what they are (never
 * their secrets), and gone with the account. They also go with the account row by ON DELETE
 * CASCADE; erasing them here says so, and keeps erasure whole should that ever change.
 */
export const secondFactorsPersonalData: PersonalDataCoverage = {
  owner: 'accounts (second factors and sessions)',
  tables: {
    totp_factors: { personal: ['user_id', 'secret_enc'], export: 'second_factors' },
    recovery_codes: { personal: ['user_id', 'code_hash'], export: 'second_factors' },
    passkeys: { personal: ['user_id', 'name', 'public_key'], export: 'second_factors' },
    webauthn_challenges: {
      personal: ['user_id'],
      export: { omitted: 'a passkey ceremony’s challenge, good for a few minutes' },
    },
    sessions: { personal: ['user_id', 'device', 'ip', 'place'], export: 'sessions' },
    known_devices: { personal: ['user_id', 'device_key'], export: 'known_devices' },
  },
  async export(db, person) {
    return {
      // What the second factors are, never their secrets.
      second_factors: await secondFactorRepo(db).exportFor(person.userId),
      ...(await sessionsRepo(db).exportFor(person.userId)),
    };
  },
  async erase(trx, erasure) {
    for (const table of ['totp_factors', 'recovery_codes', 'passkeys', 'webauthn_challenges', 'sessions', 'known_devices'] as const)
      await trx.deleteFrom(table).where('user_id', '=', erasure.userId).execute();
  },
};
