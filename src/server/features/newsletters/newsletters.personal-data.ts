import type { PersonalDataCoverage } from '../../privacy/personal-data';

/**
 * Newsletters (decisions 120, 121): the rows saying which newsletter was meant for the person, sent
 * or kept from them and why, are exported and go with erasure; a newsletter itself is the same for
 * everyone, and forgets which admin wrote or sent it when that admin is erased. Each message's
 * outbox row is the mail part's.
 */
export const newslettersPersonalData: PersonalDataCoverage = {
  owner: 'newsletters',
  tables: {
    mailing_lists: {
      none: 'the lists the admin names (News, Events)',
      notPersonal: { name: 'the list’s name', name_key: 'the list’s name, lower-cased to keep it unique' },
    },
    newsletters: {
      personal: ['created_by', 'sent_by'],
      export: { omitted: 'which admin wrote or sent a newsletter: the person’s own newsletters are in newsletters_received' },
      notPersonal: {
        html_body: 'the newsletter as sent, the same for everyone',
        text_body: 'the newsletter as sent, the same for everyone',
      },
    },
    newsletter_recipients: { personal: ['email_key', 'email', 'name'], export: 'newsletters_received' },
  },
  async export(db, person) {
    return {
      newsletters_received: await db
        .selectFrom('newsletter_recipients')
        .innerJoin('newsletters', 'newsletters.id', 'newsletter_recipients.newsletter_id')
        .select([
          'newsletters.subject',
          'newsletter_recipients.email',
          'newsletter_recipients.status',
          'newsletter_recipients.reason',
          'newsletter_recipients.at',
        ])
        .where('newsletter_recipients.email_key', 'in', person.emailKeys)
        .orderBy('newsletter_recipients.at')
        .execute(),
    };
  },
  async erase(trx, erasure) {
    await trx.deleteFrom('newsletter_recipients').where('email_key', 'in', erasure.emailKeys).execute();
    await trx.updateTable('newsletters').set({ created_by: null }).where('created_by', '=', erasure.userId).execute();
    await trx.updateTable('newsletters').set({ sent_by: null }).where('sent_by', '=', erasure.userId).execute();
  },
};
