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
  },
  async export(db, person) {
    const pending = await db
      .selectFrom('pending_registrations')
      .select(['email', 'fields', 'created_at'])
      .where(addressIn('email', person.emailKeys))
      .execute();
    return {
      pending_registrations: pending.map((p) => ({ email: p.email, created_at: p.created_at, details: JSON.parse(p.fields) as unknown })),
    };
  },
  async erase(trx, erasure) {
    await trx.deleteFrom('pending_registrations').where(addressIn('email', erasure.emailKeys)).execute();
    await trx.deleteFrom('reminders_sent').where('user_id', '=', erasure.userId).execute();
    // An unused sign-in would open the erased account: it goes with the person's payments (erased before, as subjects).
    const payments = [...erasure.subjects];
    if (payments.length) await trx.deleteFrom('join_sign_ins').where('payment_id', 'in', payments).execute();
  },
};
