import type { PersonalDataCoverage } from '../../privacy/personal-data';

/** The site's texts and settings; who last changed a text is kept until that account is erased. */
export const siteTextPersonalData: PersonalDataCoverage = {
  owner: 'site text',
  tables: {
    strings: { personal: ['updated_by'], export: { omitted: 'which texts an admin last changed: the texts are the site’s' } },
    settings: { none: 'the site’s own settings (its signing secret, whether it was set up)' },
  },
  async export() {
    return {};
  },
  async erase(trx, erasure) {
    await trx.updateTable('strings').set({ updated_by: null }).where('updated_by', '=', erasure.userId).execute();
  },
};
