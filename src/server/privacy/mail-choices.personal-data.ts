import type { PersonalDataCoverage } from './personal-data';

/**
 * What each person chose to receive, per list or kind of mail, and the links in mail that change
 * it (decision 122): exported as the choices, never the links; both go with erasure (decision 040).
 * The history of every change is in consents (the accounts part).
 */
export const mailChoicesPersonalData: PersonalDataCoverage = {
  owner: 'mail choices (privacy/mail-choices.ts)',
  tables: {
    email_subscriptions: { personal: ['email_key', 'user_id'], export: 'email_choices' },
    unsubscribe_tokens: {
      personal: ['email_key'],
      export: { omitted: 'the hashes of the links in mail that change the person’s choices: the choices are in email_choices' },
    },
  },
  async export(db, person) {
    return {
      email_choices: await db
        .selectFrom('email_subscriptions')
        .select(['topic', 'subscribed', 'source', 'at'])
        .where((eb) => eb.or([eb('user_id', '=', person.userId), eb('email_key', 'in', person.emailKeys)]))
        .orderBy('topic')
        .execute(),
    };
  },
  async erase(trx, erasure) {
    await trx
      .deleteFrom('email_subscriptions')
      .where((eb) => eb.or([eb('user_id', '=', erasure.userId), eb('email_key', 'in', erasure.emailKeys)]))
      .execute();
    await trx.deleteFrom('unsubscribe_tokens').where('email_key', 'in', erasure.emailKeys).execute();
  },
};
