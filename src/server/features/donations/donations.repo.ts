import { sql, type Insertable, type Kysely } from 'kysely';
import { declarationCovers } from '../../../shared/domain/gift-aid-schedule';
import { inTransaction } from '../../db/transaction';
import type { Database, DonationsTable, GiftAidDeclarationsTable } from '../../db/schema';

export function donationsRepo(db: Kysely<Database>) {
  return {
    async insert(donation: Insertable<DonationsTable>, declaration?: Insertable<GiftAidDeclarationsTable>): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.insertInto('donations').values(donation).execute();
        if (declaration) await trx.insertInto('gift_aid_declarations').values(declaration).execute();
      });
    },
    find(id: string) {
      return db.selectFrom('donations').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async complete(id: string, at: string): Promise<void> {
      await db.updateTable('donations').set({ status: 'completed', completed_at: at }).where('id', '=', id).execute();
    },
    declaration(id: string) {
      return db.selectFrom('gift_aid_declarations').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
    },
    /** One declaration with its donation, as the declarations list shows it. */
    declarationRow(id: string) {
      return (
        db
          .selectFrom('gift_aid_declarations as g')
          .innerJoin('donations as d', 'd.id', 'g.donation_id')
          .selectAll('g')
          .select(['d.amount_pence', 'd.status as donation_status', 'd.completed_at'])
          .where('g.id', '=', id)
          // Through the inner join: a declaration with a donation, as the list shows them.
          .$narrowType<{ donation_id: string }>()
          .executeTakeFirst()
      );
    },
    async correctDeclaration(
      id: string,
      details: { title: string | null; first_name: string; last_name: string; house: string; postcode: string | null; non_uk: number },
    ): Promise<void> {
      await db.updateTable('gift_aid_declarations').set(details).where('id', '=', id).execute();
    },
    hasDeclaration(donationId: string) {
      return db.selectFrom('gift_aid_declarations').select('id').where('donation_id', '=', donationId).executeTakeFirst();
    },
    declarations(limit = 500) {
      return (
        db
          .selectFrom('gift_aid_declarations as g')
          .innerJoin('donations as d', 'd.id', 'g.donation_id')
          .selectAll('g')
          .select(['d.amount_pence', 'd.status as donation_status', 'd.completed_at'])
          // The inner join leaves out members' standing declarations (no donation): they show on the member's page.
          .$narrowType<{ donation_id: string }>()
          .orderBy('g.declared_at', 'desc')
          .limit(limit)
          .execute()
      );
    },
    async cancelDeclaration(id: string, at: string, by: string): Promise<boolean> {
      const result = await db
        .updateTable('gift_aid_declarations')
        .set({ cancelled_at: at, cancelled_by: by })
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * The donations HMRC's schedule claims for, completed in [from, to): those made with a
     * declaration of their own, and those of a member whose standing declaration (brought in by a
     * member import) covers them. Gift Aid is claimed on what the donor gave and kept given:
     * nothing refunded, disputed or lost in a dispute.
     */
    async claimable(from: string, to: string) {
      const kept = ['succeeded', 'partly_refunded', 'dispute_won'] as const;
      const own = await db
        .selectFrom('gift_aid_declarations as g')
        .innerJoin('donations as d', 'd.id', 'g.donation_id')
        .innerJoin('payments as p', 'p.id', 'd.payment_id')
        .select(['g.title', 'g.first_name', 'g.last_name', 'g.house', 'g.postcode', 'g.non_uk', 'd.completed_at'])
        .select((eb) => eb('d.amount_pence', '-', eb.ref('p.refunded_pence')).as('amount_pence'))
        .where('g.cancelled_at', 'is', null)
        .where('d.status', '=', 'completed')
        .where('p.status', 'in', kept)
        .where('d.completed_at', '>=', from)
        .where('d.completed_at', '<', to)
        .execute();
      // A donation without a declaration of its own, by a member (signed in, or giving their
      // address) who has a standing one: each donation once, under the newest declaration covering it.
      const standing = await db
        .selectFrom('donations as d')
        .innerJoin('payments as p', 'p.id', 'd.payment_id')
        .innerJoin('users as u', (join) =>
          join.on((eb) => eb.or([eb('u.id', '=', eb.ref('p.user_id')), eb(sql`lower(u.email)`, '=', sql`lower(d.email)`)])),
        )
        .innerJoin('gift_aid_declarations as g', 'g.user_id', 'u.id')
        .select(['d.id as donation_id', 'g.declared_at', 'g.past_and_future'])
        .select(['g.title', 'g.first_name', 'g.last_name', 'g.house', 'g.postcode', 'g.non_uk', 'd.completed_at'])
        .select((eb) => eb('d.amount_pence', '-', eb.ref('p.refunded_pence')).as('amount_pence'))
        .where('g.donation_id', 'is', null)
        .where('g.cancelled_at', 'is', null)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('gift_aid_declarations as own').select('own.id').whereRef('own.donation_id', '=', 'd.id'))),
        )
        .where('d.status', '=', 'completed')
        .where('p.status', 'in', kept)
        .where('d.completed_at', '>=', from)
        .where('d.completed_at', '<', to)
        .orderBy('g.declared_at', 'desc')
        .execute();
      const covered = new Map<string, (typeof own)[number]>();
      for (const { donation_id, declared_at, past_and_future, ...row } of standing)
        if (!covered.has(donation_id) && declarationCovers({ declared_at, past_and_future }, row.completed_at!))
          covered.set(donation_id, row);
      return [...own, ...covered.values()].sort((a, b) => a.completed_at!.localeCompare(b.completed_at!));
    },
  };
}
