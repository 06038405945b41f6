import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AutoChargeStatus, AutoRenewalChargesTable, AutoRenewalsTable, Database } from '../../db/schema';

export type AutoRenewalRow = Selectable<AutoRenewalsTable>;
export type AutoChargeRow = Selectable<AutoRenewalChargesTable>;

/** A charge still to be made (or made again): what the job looks for. */
const OPEN: readonly AutoChargeStatus[] = ['noticed', 'charging', 'requires_action', 'declined'];

export function autoRenewalRepo(db: Kysely<Database>) {
  return {
    find(userId: string): Promise<AutoRenewalRow | undefined> {
      return db.selectFrom('auto_renewals').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    async insert(row: Insertable<AutoRenewalsTable>): Promise<void> {
      await db
        .insertInto('auto_renewals')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    /** Changes the row from the state it was read in; false when something changed it since. */
    async update(current: Pick<AutoRenewalRow, 'user_id' | 'updated_at'>, set: Updateable<AutoRenewalsTable>): Promise<boolean> {
      const result = await db
        .updateTable('auto_renewals')
        .set(set)
        .where('user_id', '=', current.user_id)
        .where('updated_at', '=', current.updated_at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Turned on from a card step that saved the card, whose method id is still to be read from the provider. */
    /** Whose automatic renewal charges this saved method (a mandate cancelled names it, decision 175). */
    findByMethod(paymentMethodId: string) {
      return db.selectFrom('auto_renewals').selectAll().where('payment_method_id', '=', paymentMethodId).executeTakeFirst();
    },
    awaitingMethod() {
      return db.selectFrom('auto_renewals').selectAll().where('status', '=', 'on').where('payment_method_id', 'is', null).execute();
    },
    /** Members renewing automatically whose membership ends between the dates (their last renewed date a year before). */
    onAndRenewedBetween(from: string, to: string) {
      return db
        .selectFrom('auto_renewals')
        .innerJoin('users', 'users.id', 'auto_renewals.user_id')
        .select(['users.id'])
        .where('auto_renewals.status', '=', 'on')
        .where('users.last_renewed_date', '>=', from)
        .where('users.last_renewed_date', '<=', to)
        .execute();
    },
    charge(userId: string, period: string): Promise<AutoChargeRow | undefined> {
      return db
        .selectFrom('auto_renewal_charges')
        .selectAll()
        .where('user_id', '=', userId)
        .where('period', '=', period)
        .executeTakeFirst();
    },
    chargeById(id: string): Promise<AutoChargeRow | undefined> {
      return db.selectFrom('auto_renewal_charges').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The charge of a member and period is made once: false when it exists already (this or another server). */
    async insertCharge(row: Insertable<AutoRenewalChargesTable>): Promise<boolean> {
      const result = await db
        .insertInto('auto_renewal_charges')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'period']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** Moves a charge on from the state it was read in; false when another server (or request) moved it first. */
    async updateCharge(
      current: Pick<AutoChargeRow, 'id' | 'updated_at'> & Partial<Pick<AutoChargeRow, 'status' | 'attempts'>>,
      set: Updateable<AutoRenewalChargesTable>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('auto_renewal_charges')
        .set(set)
        .where('id', '=', current.id)
        .where('updated_at', '=', current.updated_at)
        // Two changes within one millisecond leave updated_at as it was: the state read guards too.
        .$if(current.status !== undefined, (qb) => qb.where('status', '=', current.status!))
        .$if(current.attempts !== undefined, (qb) => qb.where('attempts', '=', current.attempts!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * Charges to make now: noticed ones whose date has come, declined or unconfirmed ones whose
     * retry date has come, and ones claimed by a server that stopped mid-call (its lease passed).
     */
    dueCharges(today: string, leaseExpiredBefore: string) {
      return db
        .selectFrom('auto_renewal_charges')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'noticed'), eb('period', '<=', today)]),
            eb.and([eb('status', 'in', ['declined', 'requires_action']), eb('next_attempt_at', '<=', today)]),
            eb.and([eb('status', '=', 'charging'), eb('claimed_at', '<', leaseExpiredBefore)]),
          ]),
        )
        .orderBy('period')
        .execute();
    },
    /** Every charge still open, for the admin's list of next charges. */
    allOpenCharges() {
      return db.selectFrom('auto_renewal_charges').selectAll().where('status', 'in', OPEN).execute();
    },
    /** The member's charges still open (to close when automatic renewal is turned off). */
    openCharges(userId: string) {
      return db.selectFrom('auto_renewal_charges').selectAll().where('user_id', '=', userId).where('status', 'in', OPEN).execute();
    },
    everyone() {
      return db
        .selectFrom('auto_renewals')
        .innerJoin('users', 'users.id', 'auto_renewals.user_id')
        .select(['auto_renewals.user_id', 'auto_renewals.status', 'auto_renewals.turned_off_by', 'auto_renewals.method_brand'])
        .select([
          'auto_renewals.method_last4',
          'auto_renewals.method_exp_month',
          'auto_renewals.method_exp_year',
          'auto_renewals.method_type',
        ])
        .select(['users.email', 'users.first_name', 'users.last_name', 'users.last_renewed_date', 'users.tier_index'])
        .orderBy('users.last_renewed_date')
        .orderBy('users.email')
        .execute();
    },
    /** Every charge that did not simply succeed: declines, unconfirmed, the last failures. */
    failures() {
      return db.selectFrom('auto_renewal_charges').selectAll().where('last_error', 'is not', null).orderBy('updated_at', 'desc').execute();
    },
    /** Renewals paid by card that placed no year (a second payment for one year): each is refunded. */
    renewalsToRefund() {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('kind', '=', 'renewal')
        .where('status', '=', 'succeeded')
        .where('provider', 'in', ['test', 'stripe'])
        .where('period_end', 'is', null)
        .where('completed_at', 'is not', null)
        .execute();
    },
  };
}
export type AutoRenewalRepo = ReturnType<typeof autoRenewalRepo>;
