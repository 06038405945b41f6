import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, MonthlyChargeStatus, MonthlyGiftChargesTable, MonthlyGiftsTable } from '../../db/schema';

export type MonthlyGiftRow = Selectable<MonthlyGiftsTable>;
export type MonthlyChargeRow = Selectable<MonthlyGiftChargesTable>;

/** A month still to be charged (or charged again): what the job looks for. */
const OPEN: readonly MonthlyChargeStatus[] = ['due', 'charging', 'declined'];

export function monthlyGiftsRepo(db: Kysely<Database>) {
  return {
    find(id: string): Promise<MonthlyGiftRow | undefined> {
      return db.selectFrom('monthly_gifts').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(row: Insertable<MonthlyGiftsTable>): Promise<void> {
      await db.insertInto('monthly_gifts').values(row).execute();
    },
    /** Changes the gift from the state it was read in (its status and time); false when something changed it since. */
    async update(current: Pick<MonthlyGiftRow, 'id' | 'updated_at' | 'status'>, set: Updateable<MonthlyGiftsTable>): Promise<boolean> {
      const result = await db
        .updateTable('monthly_gifts')
        .set(set)
        .where('id', '=', current.id)
        .where('updated_at', '=', current.updated_at)
        .where('status', '=', current.status)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    ofUser(userId: string) {
      return db
        .selectFrom('monthly_gifts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '!=', 'setup')
        .orderBy('created_at', 'desc')
        .execute();
    },
    active() {
      return db.selectFrom('monthly_gifts').selectAll().where('status', '=', 'active').execute();
    },
    everyone(limit = 1000) {
      return db.selectFrom('monthly_gifts').selectAll().where('status', '!=', 'setup').orderBy('created_at', 'desc').limit(limit).execute();
    },
    /** Gifts whose card step was never finished, made before `before`: nothing refers to them. */
    async pruneSetups(before: string): Promise<void> {
      await db.deleteFrom('monthly_gifts').where('status', '=', 'setup').where('created_at', '<', before).execute();
    },
    charge(giftId: string, period: string): Promise<MonthlyChargeRow | undefined> {
      return db
        .selectFrom('monthly_gift_charges')
        .selectAll()
        .where('gift_id', '=', giftId)
        .where('period', '=', period)
        .executeTakeFirst();
    },
    chargeById(id: string): Promise<MonthlyChargeRow | undefined> {
      return db.selectFrom('monthly_gift_charges').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** A gift's month is made once: false when it exists already (this or another server). */
    async insertCharge(row: Insertable<MonthlyGiftChargesTable>): Promise<boolean> {
      const result = await db
        .insertInto('monthly_gift_charges')
        .values(row)
        .onConflict((oc) => oc.columns(['gift_id', 'period']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /**
     * Changes the charge from the state it was read in; false when another server moved it first.
     * The whole state is compared, not only the time: two servers on one clock may write the same
     * `updated_at` (a month made and claimed in the same millisecond).
     */
    async updateCharge(
      current: Pick<MonthlyChargeRow, 'id' | 'updated_at' | 'status' | 'attempts' | 'claimed_at'>,
      set: Updateable<MonthlyGiftChargesTable>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('monthly_gift_charges')
        .set(set)
        .where('id', '=', current.id)
        .where('updated_at', '=', current.updated_at)
        .where('status', '=', current.status)
        .where('attempts', '=', current.attempts)
        .where((eb) => (current.claimed_at === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', current.claimed_at)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    openCharges(giftId: string) {
      return db.selectFrom('monthly_gift_charges').selectAll().where('gift_id', '=', giftId).where('status', 'in', OPEN).execute();
    },
    /** Due now: new, a retry whose date has come, or claimed by a server whose lease has passed. */
    dueCharges(today: string, leaseEnd: string) {
      return db
        .selectFrom('monthly_gift_charges')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('status', '=', 'due'),
            eb.and([eb('status', '=', 'declined'), eb('next_attempt_at', '<=', today)]),
            eb.and([eb('status', '=', 'charging'), eb('claimed_at', '<', leaseEnd)]),
          ]),
        )
        .orderBy('created_at')
        .execute();
    },
    /** The month a donation paid: succeeded, whatever attempt state it was in. */
    async chargePaid(donationId: string, at: string): Promise<void> {
      await db
        .updateTable('monthly_gift_charges')
        .set({ status: 'succeeded', next_attempt_at: null, last_error: null, updated_at: at })
        .where('donation_id', '=', donationId)
        .execute();
    },
    chargesOf(giftIds: string[]) {
      if (!giftIds.length) return Promise.resolve([] as MonthlyChargeRow[]);
      return db.selectFrom('monthly_gift_charges').selectAll().where('gift_id', 'in', giftIds).orderBy('period', 'desc').execute();
    },
  };
}
