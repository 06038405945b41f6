import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addressIn } from '../privacy/matching';
import { ERASED, type Person, type PersonalDataCoverage } from '../privacy/personal-data';
import { paymentSummary } from './payment-summary';

/** The person's payments: made by their account, or with one of their addresses before or without one. */
function theirPayments(db: Kysely<Database>, person: Person) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', person.userId), eb.and([eb('user_id', 'is', null), addressIn('email', person.emailKeys)])]))
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Payments are accounting records: kept six years (decision 040) without the person around them.
 * A card attempt is kept a day against the network that tried the card, for the card brake.
 */
export const paymentsPersonalData: PersonalDataCoverage = {
  owner: 'payments',
  tables: {
    payments: {
      personal: ['user_id', 'email', 'note', 'client_address', 'save_for_customer'],
      export: 'payments',
      notPersonal: { reference_id: 'the registration, donation or booking it paid for' },
    },
    card_checks: {
      personal: ['address', 'network'],
      export: { omitted: 'card attempts (charged or declined) by network address, kept a day for the card brake (decision 015)' },
    },
    used_challenges: { none: 'signatures of the card checks already solved, so each is used once' },
    receipt_counters: { none: 'the last receipt number given in each year' },
    webhook_events: { none: 'the ids and types of the payment provider’s events, so each is applied once' },
    test_payment_intents: { none: 'the offline payment simulation’s intents: amounts and secrets' },
    test_payment_methods: { none: 'the offline payment simulation’s saved test cards: brand, last four digits of a test number, expiry' },
    test_setup_intents: { none: 'the offline payment simulation’s setup intents: secrets and the test card saved' },
  },
  async export(db, person) {
    return { payments: (await theirPayments(db, person)).map(paymentSummary) };
  },
  async erase(trx, erasure) {
    const payments = await theirPayments(trx, erasure);
    if (!payments.length) return;
    for (const payment of payments) erasure.subjects.add(payment.id);
    const refs = payments.flatMap((p) => (p.provider_ref ? [p.provider_ref] : []));
    if (refs.length) await trx.deleteFrom('card_checks').where('intent_id', 'in', refs).execute();
    await trx
      .updateTable('payments')
      .set({ email: ERASED, user_id: null, note: null, client_address: null, save_for_customer: null })
      .where(
        'id',
        'in',
        payments.map((p) => p.id),
      )
      .execute();
  },
};
