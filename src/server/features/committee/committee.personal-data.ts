import type { PersonalDataCoverage } from '../../privacy/personal-data';

/**
 * The committee as the association publishes it: not accounts; the admin edits or removes a member,
 * and with the member go their role and description in both languages (decision 180).
 */
export const committeePersonalData: PersonalDataCoverage = {
  owner: 'committee',
  tables: {
    committee_members: {
      none: 'the committee as the association publishes it on the home page (role and description in English and Armenian), with each member’s agreement; not linked to accounts',
      notPersonal: { name: 'a committee member’s published name: the admin edits or removes it on request' },
    },
  },
};
