import type { PersonalDataCoverage } from '../privacy/personal-data';

/** The limits' recent hits: keyed by an address (network or e-mail) or an account, kept a day. */
export const limitsPersonalData: PersonalDataCoverage = {
  owner: 'rate limits',
  tables: {
    rate_limit_hits: {
      personal: ['key'],
      export: { omitted: 'recent attempts counted against an e-mail address, a network or an account, kept a day for the limits' },
    },
  },
  async export() {
    return {};
  },
  async erase(trx, erasure) {
    await trx
      .deleteFrom('rate_limit_hits')
      .where('key', 'in', [...erasure.emailKeys, erasure.userId])
      .execute();
  },
};
