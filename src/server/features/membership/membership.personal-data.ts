import type { PersonalDataCoverage } from '../../privacy/personal-data';
import { addressIn } from '../../privacy/matching';

/** Registrations begun and not paid for (kept a week), and which renewal reminders went out. */
export const membershipPersonalData: PersonalDataCoverage = {
  owner: 'membership',
  tables: {
    pending_registrations: { personal: ['email', 'password_hash', 'fields'], export: 'pending_registrations' },
    reminders_sent: {
      personal: ['user_id'],
      export: { omitted: 'which renewal reminders went out, to send each once; the reminders themselves are in emails_sent' },
    }, // Decision 086: the hash of a secret only the joining browser held, for the payment that made the account.
    join_sign_ins: { none: "a new member's one-time sign-in after paying: a secret's hash and its payment, no one's details" },
    // Decision 140: the card is the provider's; here its ids and what the member is shown of it.
    auto_renewals: {
      personal: ['user_id', 'customer_id', 'payment_method_id', 'source_intent'],
      export: 'auto_renewal',
      notPersonal: {
        method_last4: "the card's last four digits, as the member is shown them (not a card number)",
        turned_off_by: 'who turned it off: the member, an admin or the site (a word, not an account)',
      },
    },
    auto_renewal_charges: {
      personal: ['user_id'],
      export: 'auto_renewal_charges',
      notPersonal: { claimed_by: 'the server (host:port) that made the charge' },
    },
  },
  async export(db, person) {
    const pending = await db
      .selectFrom('pending_registrations')
      .select(['email', 'fields', 'created_at'])
      .where(addressIn('email', person.emailKeys))
      .execute();
    const auto = await db
      .selectFrom('auto_renewals')
      .select(['status', 'method_brand', 'method_last4', 'method_exp_month', 'method_exp_year', 'turned_off_by', 'updated_at'])
      .where('user_id', '=', person.userId)
      .executeTakeFirst();
    const charges = await db
      .selectFrom('auto_renewal_charges')
      .select(['period', 'amount_pence', 'status', 'attempts', 'last_error', 'created_at', 'updated_at'])
      .where('user_id', '=', person.userId)
      .orderBy('period')
      .execute();
    return {
      pending_registrations: pending.map((p) => ({ email: p.email, created_at: p.created_at, details: JSON.parse(p.fields) as unknown })),
      auto_renewal: auto ?? null,
      auto_renewal_charges: charges,
    };
  },
  async erase(trx, erasure) {
    await trx.deleteFrom('pending_registrations').where(addressIn('email', erasure.emailKeys)).execute();
    await trx.deleteFrom('reminders_sent').where('user_id', '=', erasure.userId).execute();
    // Nothing is charged for an erased person: their automatic renewal and its charges go (the
    // payments themselves are accounting records, kept without the person, decision 040).
    await trx.deleteFrom('auto_renewal_charges').where('user_id', '=', erasure.userId).execute();
    await trx.deleteFrom('auto_renewals').where('user_id', '=', erasure.userId).execute();
    // An unused sign-in would open the erased account: it goes with the person's payments (erased before, as subjects).
    const payments = [...erasure.subjects];
    if (payments.length) await trx.deleteFrom('join_sign_ins').where('payment_id', 'in', payments).execute();
  },
};
