import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { BookingStatus, Database, EventBookingsTable } from '../../db/schema';

export type BookingRow = Selectable<EventBookingsTable>;

/** Statuses that hold a place at the event (and an unconfirmed booking with place_held). */
export const HOLDS_A_PLACE: readonly BookingStatus[] = ['held', 'confirmed', 'offered'];

/** Whether the booking holds one of the event's places. */
export function holdsPlace(booking: Pick<BookingRow, 'status' | 'place_held'>): boolean {
  return HOLDS_A_PLACE.includes(booking.status) || (booking.status === 'unconfirmed' && booking.place_held === 1);
}

export function bookingsRepo(db: Kysely<Database>) {
  return {
    async insert(booking: Insertable<EventBookingsTable>): Promise<void> {
      await db.insertInto('event_bookings').values(booking).execute();
    },
    find(id: string): Promise<BookingRow | undefined> {
      return db.selectFrom('event_bookings').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /**
     * Takes one place if one is free, in the caller's transaction. The condition is checked in the
     * update itself: on PostgreSQL a second transaction waits for the first's row lock and then
     * sees its count, so two bookings can never take the same last place.
     */
    async claimPlace(eventId: string): Promise<boolean> {
      const result = await db
        .updateTable('events')
        .set((eb) => ({ places_taken: eb('places_taken', '+', 1) }))
        .where('id', '=', eventId)
        .where((eb) => eb.or([eb('capacity', 'is', null), eb('places_taken', '<', eb.ref('capacity'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async freePlace(eventId: string): Promise<void> {
      await db
        .updateTable('events')
        .set((eb) => ({ places_taken: eb('places_taken', '-', 1) }))
        .where('id', '=', eventId)
        .where('places_taken', '>', 0)
        .execute();
    },
    /** Moves a booking on from the status it was read in; false when another change came first. */
    async changeStatus(id: string, from: BookingStatus, changes: Partial<Insertable<EventBookingsTable>> & { status: BookingStatus }) {
      const live = changes.status === 'cancelled' || changes.status === 'expired' ? { active_key: null } : {};
      const result = await db
        .updateTable('event_bookings')
        .set({ ...changes, ...live })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async setRefundDue(id: string, pence: number): Promise<void> {
      await db.updateTable('event_bookings').set({ refund_due_pence: pence }).where('id', '=', id).execute();
    },
    /** Bookings whose refund was decided and not yet made. */
    refundsDue(): Promise<BookingRow[]> {
      return db.selectFrom('event_bookings').selectAll().where('refund_due_pence', '>', 0).limit(100).execute();
    },
    /** The provider made the refund: what was due is now refunded (once, whoever records it first). */
    async refundMade(id: string, pence: number): Promise<void> {
      await db
        .updateTable('event_bookings')
        .set((eb) => ({ refunded_pence: eb('refunded_pence', '+', pence), refund_due_pence: 0 }))
        .where('id', '=', id)
        .where('refund_due_pence', '=', pence)
        .execute();
    },
    async setPayment(id: string, paymentId: string): Promise<void> {
      await db.updateTable('event_bookings').set({ payment_id: paymentId }).where('id', '=', id).execute();
    },
    /** The live booking (with its key) of an e-mail address at an event, if any. */
    liveFor(eventId: string, emailKey: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('event_bookings')
        .select('id')
        .where('event_id', '=', eventId)
        .where('active_key', '=', emailKey)
        .executeTakeFirst();
    },
    /** The waitlist of an event, first come first. */
    waitlist(eventId: string): Promise<BookingRow[]> {
      return db
        .selectFrom('event_bookings')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('status', '=', 'waitlisted')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    /** Events not yet started with someone on their waitlist. */
    async eventsWithWaitlist(now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('event_bookings as b')
        .innerJoin('events as e', 'e.id', 'b.event_id')
        .select('b.event_id')
        .distinct()
        .where('b.status', '=', 'waitlisted')
        .where('e.starts_at', '>', now)
        .execute();
      return rows.map((row) => row.event_id);
    },
    /** A person's bookings with their events. */
    ofUser(userId: string) {
      return db
        .selectFrom('event_bookings as b')
        .innerJoin('events as e', 'e.id', 'b.event_id')
        .select(['b.id', 'b.status', 'b.price_pence', 'b.attended_at', 'e.id as event_id', 'e.title', 'e.starts_at', 'e.ends_at'])
        .where('b.user_id', '=', userId)
        .orderBy('e.starts_at')
        .execute();
    },
    /** Holds, offers and unconfirmed bookings whose time ran out. */
    lapsed(now: string): Promise<BookingRow[]> {
      return db
        .selectFrom('event_bookings')
        .selectAll()
        .where('status', 'in', ['held', 'offered', 'unconfirmed'])
        .where('hold_until', '<', now)
        .orderBy('hold_until')
        .limit(500)
        .execute();
    },
    /** Confirmed bookings of events starting between the two instants, not yet reminded. */
    dueReminders(from: string, to: string) {
      return db
        .selectFrom('event_bookings as b')
        .innerJoin('events as e', 'e.id', 'b.event_id')
        .selectAll('b')
        .where('b.status', '=', 'confirmed')
        .where('b.reminded_at', 'is', null)
        .where('e.starts_at', '>', from)
        .where('e.starts_at', '<=', to)
        .execute();
    },
    /** Marks the reminder sent; false when another run sent it. */
    async markReminded(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('event_bookings')
        .set({ reminded_at: at })
        .where('id', '=', id)
        .where('reminded_at', 'is', null)
        .where('status', '=', 'confirmed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Counts by status, to check the places counter in tests and on the admin's page. */
    async placesHeld(eventId: string): Promise<number> {
      const row = await db
        .selectFrom('event_bookings')
        .select(sql<number>`count(*)`.as('n'))
        .where('event_id', '=', eventId)
        .where((eb) => eb.or([eb('status', 'in', HOLDS_A_PLACE), eb.and([eb('status', '=', 'unconfirmed'), eb('place_held', '=', 1)])]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type BookingsRepo = ReturnType<typeof bookingsRepo>;
