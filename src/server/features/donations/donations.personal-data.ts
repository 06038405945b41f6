import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addressIn } from '../../privacy/matching';
import { ERASED, type Person, type PersonalDataCoverage } from '../../privacy/personal-data';

const HMRC = 'HMRC: a Gift Aid declaration is kept six years after the last donation claimed under it (decision 040)';

function theirGifts(db: Kysely<Database>, person: Person) {
  return db
    .selectFrom('monthly_gifts')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', person.userId), addressIn('email', person.emailKeys)]))
    .where('status', '!=', 'setup')
    .orderBy('created_at')
    .execute();
}

function theirDonations(db: Kysely<Database>, person: Person) {
  return db.selectFrom('donations').selectAll().where(addressIn('email', person.emailKeys)).orderBy('created_at').execute();
}

/** Donations keep their amount and dates (accounting records); Gift Aid declarations are kept whole (decision 040). */
export const donationsPersonalData: PersonalDataCoverage = {
  owner: 'donations',
  tables: {
    donations: { personal: ['name', 'email'], export: 'donations' },
    gift_aid_declarations: {
      personal: ['title', 'first_name', 'last_name', 'house', 'postcode', 'user_id'],
      export: 'gift_aid_declarations',
      kept: { title: HMRC, first_name: HMRC, last_name: HMRC, house: HMRC, postcode: HMRC },
      notPersonal: { cancelled_by: 'the admin who cancelled the declaration, not the donor' },
    },
    // Decision 170: the card is the provider's; here its ids, what the donor is shown of it, and
    // the declaration each month's donation copies (which HMRC's six years keep, above).
    monthly_gifts: {
      personal: [
        'user_id',
        'email',
        'name',
        'customer_id',
        'payment_method_id',
        'gift_aid_title',
        'gift_aid_first_name',
        'gift_aid_last_name',
        'gift_aid_house',
        'gift_aid_postcode',
      ],
      export: 'monthly_gifts',
      notPersonal: {
        method_last4: "the card's last four digits, as the donor is shown them (not a card number)",
        ended_by: 'who ended it: the donor, an admin or the site (a word, not an account)',
      },
    },
    monthly_gift_charges: {
      personal: [],
      export: 'monthly_gifts',
      notPersonal: { claimed_by: 'the server (host:port) that made the charge' },
    },
  },
  async export(db, person) {
    const donations = await theirDonations(db, person);
    const ids = donations.map((d) => d.id);
    const gifts = await theirGifts(db, person);
    const charges = gifts.length
      ? await db
          .selectFrom('monthly_gift_charges')
          .select(['gift_id', 'period', 'amount_pence', 'status', 'attempts', 'last_error', 'created_at', 'updated_at'])
          .where(
            'gift_id',
            'in',
            gifts.map((g) => g.id),
          )
          .orderBy('period')
          .execute()
      : [];
    return {
      monthly_gifts: gifts.map((g) => ({
        id: g.id,
        email: g.email,
        name: g.name,
        amount: g.amount_pence,
        status: g.status,
        card: g.method_last4 ? `${g.method_brand} ending ${g.method_last4}` : null,
        gift_aid: g.gift_aid_first_name
          ? {
              title: g.gift_aid_title,
              first_name: g.gift_aid_first_name,
              last_name: g.gift_aid_last_name,
              house: g.gift_aid_house,
              postcode: g.gift_aid_postcode,
            }
          : null,
        started_at: g.started_at,
        ended_at: g.ended_at,
        months: charges.filter((c) => c.gift_id === g.id),
      })),
      donations: donations.map((d) => ({
        id: d.id,
        amount: d.amount_pence,
        name: d.name,
        email: d.email,
        status: d.status,
        created_at: d.created_at,
      })),
      // Those made with the donations, and the member's standing ones (imported, decision 110).
      gift_aid_declarations: await db
        .selectFrom('gift_aid_declarations')
        .selectAll()
        .where((eb) => eb.or([eb('user_id', '=', person.userId), ...(ids.length ? [eb('donation_id', 'in', ids)] : [])]))
        .execute(),
    };
  },
  async erase(trx, erasure) {
    const donations = await theirDonations(trx, erasure);
    for (const donation of donations) erasure.subjects.add(donation.id);
    // Nothing more is charged for an erased person: their monthly gifts and their months go (each
    // month's donation and declaration stay as accounting and HMRC records, decision 040).
    const gifts = await theirGifts(trx, erasure);
    if (gifts.length) {
      const ids = gifts.map((g) => g.id);
      await trx.deleteFrom('monthly_gift_charges').where('gift_id', 'in', ids).execute();
      await trx.deleteFrom('monthly_gifts').where('id', 'in', ids).execute();
    }
    await trx.deleteFrom('monthly_gifts').where('status', '=', 'setup').where(addressIn('email', erasure.emailKeys)).execute();
    await trx.updateTable('donations').set({ email: ERASED, name: null }).where(addressIn('email', erasure.emailKeys)).execute();
    // A standing declaration is kept whole for HMRC, without the link to the erased account.
    await trx.updateTable('gift_aid_declarations').set({ user_id: null }).where('user_id', '=', erasure.userId).execute();
  },
};
