import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addressIn } from '../../privacy/matching';
import { ERASED, type Person, type PersonalDataCoverage } from '../../privacy/personal-data';

const HMRC = 'HMRC: a Gift Aid declaration is kept six years after the last donation claimed under it (decision 040)';

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
  },
  async export(db, person) {
    const donations = await theirDonations(db, person);
    const ids = donations.map((d) => d.id);
    return {
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
    await trx.updateTable('donations').set({ email: ERASED, name: null }).where(addressIn('email', erasure.emailKeys)).execute();
    // A standing declaration is kept whole for HMRC, without the link to the erased account.
    await trx.updateTable('gift_aid_declarations').set({ user_id: null }).where('user_id', '=', erasure.userId).execute();
  },
};
