import { addressIn } from '../../privacy/matching';
import type { PersonalDataCoverage } from '../../privacy/personal-data';

/**
 * The account itself and what hangs on it: the row goes with erasure, and with it every session
 * (decision 040). Runs after the parts that read the account's id or addresses.
 */
export const accountsPersonalData: PersonalDataCoverage = {
  owner: 'accounts',
  tables: {
    users: {
      personal: [
        'id',
        'title',
        'email',
        'email_key',
        'password_hash',
        'first_name',
        'last_name',
        'qualifications',
        'workplace',
        'job_title',
        'grad_year',
        'addr_line1',
        'addr_line2',
        'addr_city',
        'addr_post',
        'phone_no',
        'last_signed_in_at',
      ],
      export: 'account',
    },
    consents: { personal: ['user_id', 'email_key', 'news_email'], export: 'consent_history' },
    email_changes: { personal: ['user_id', 'new_email'], export: 'email_changes' },
    password_resets: { personal: ['user_id'], export: { omitted: 'a reset link’s hash, usable for an hour' } },
    sign_in_failures: {
      personal: ['email_key', 'ip'],
      export: { omitted: 'failed sign-ins, kept 15 minutes to lock out guessing' },
    },
  },

  async export(db, person) {
    const user = await db.selectFrom('users').selectAll().where('id', '=', person.userId).executeTakeFirstOrThrow();
    // search_text: PostgreSQL's folded copy of the name and address for the members' search (decision 093).
    const {
      password_hash: _hash,
      token_version: _version,
      email_key: _key,
      search_text: _folded,
      ...account
    } = user as typeof user & { search_text?: string };
    const consents = await db
      .selectFrom('consents')
      .selectAll()
      .where((eb) =>
        eb.or([eb('user_id', '=', person.userId), eb.and([eb('user_id', 'is', null), eb('email_key', 'in', person.emailKeys)])]),
      )
      .orderBy('at', 'desc')
      .execute();
    return {
      account,
      consent_history: consents.map((c) => ({
        news_email: c.news_email === 1,
        // A choice about one list or kind of mail (decision 122); without it, news by e-mail as a whole.
        ...(c.topic ? { about: c.topic } : {}),
        source: c.source,
        wording_version: c.wording_version,
        at: c.at,
      })),
      email_changes: await db
        .selectFrom('email_changes')
        .select(['new_email', 'created_at', 'expires_at', 'used_at'])
        .where('user_id', '=', person.userId)
        .orderBy('created_at')
        .execute(),
    };
  },

  async erase(trx, erasure) {
    await trx
      .deleteFrom('consents')
      .where((eb) => eb.or([eb('user_id', '=', erasure.userId), eb('email_key', 'in', erasure.emailKeys)]))
      .execute();
    await trx.deleteFrom('sign_in_failures').where('email_key', 'in', erasure.emailKeys).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', erasure.userId).execute();
    await trx
      .deleteFrom('email_changes')
      .where((eb) => eb.or([eb('user_id', '=', erasure.userId), addressIn('new_email', erasure.emailKeys)]))
      .execute();
    // Every session ends with the row: tokens are checked against it on every request.
    await trx.deleteFrom('users').where('id', '=', erasure.userId).execute();
  },
};
