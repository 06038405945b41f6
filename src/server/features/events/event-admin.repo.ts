import { sql, type Insertable, type Kysely } from 'kysely';
import { completedPaymentStatuses } from '../../../shared/api/admin';
import { keysetPage, type PageWindow } from '../../db/keyset';
import { anyContains } from '../../db/like';
import { ERASED } from '../../privacy/personal-data';
import type { BookingStatus, Database, EventMailingsTable } from '../../db/schema';
import type { Language } from '../../../shared/domain/language';

export type EventBookingQuery = { q: string; status?: BookingStatus };

/** The admin's reads of an event's bookings, with each booking's payment. */
export function eventAdminRepo(db: Kysely<Database>) {
  function bookings(eventId: string, query: EventBookingQuery) {
    let q = db.selectFrom('event_bookings as b').leftJoin('payments as p', 'p.id', 'b.payment_id').where('b.event_id', '=', eventId);
    if (query.q) q = q.where(anyContains([sql.ref('b.name'), sql.ref('b.email')], query.q));
    if (query.status) q = q.where('b.status', '=', query.status);
    return q;
  }

  const columns = [
    'b.id',
    'b.name',
    'b.email',
    'b.status',
    'b.price_pence',
    'b.refunded_pence',
    'b.refund_due_pence',
    'b.note',
    'b.created_at',
    'b.attended_at',
    'b.certificate_number',
    'p.amount_pence as payment_pence',
    'p.status as payment_status',
    'p.provider as payment_provider',
    'p.refunded_pence as payment_refunded_pence',
  ] as const;

  return {
    async count(eventId: string, query: EventBookingQuery): Promise<number> {
      const row = await bookings(eventId, query)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every row, latest first (the CSV: an event's bookings are hundreds at most). */
    rows(eventId: string, query: EventBookingQuery) {
      return bookings(eventId, query).select(columns).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute();
    },

    /** A page, latest first, by the keyset (created_at, id) the index on (event_id, created_at, id) holds (decision 094). */
    page(eventId: string, query: EventBookingQuery, window: PageWindow) {
      return keysetPage(
        bookings(eventId, query).select(columns),
        { parts: [sql.ref('b.created_at'), sql.ref('b.id')], dir: 'desc' },
        window,
      );
    },

    /** Bookings by status, the attended count, and the money received and given back. */
    async facts(eventId: string) {
      const byStatus = await db
        .selectFrom('event_bookings')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('event_id', '=', eventId)
        .groupBy('status')
        .execute();
      const totals = await db
        .selectFrom('event_bookings as b')
        .leftJoin('payments as p', (join) => join.onRef('p.id', '=', 'b.payment_id').on('p.status', 'in', completedPaymentStatuses))
        .select([
          sql<number>`coalesce(sum(case when b.attended_at is not null then 1 else 0 end), 0)`.as('attended'),
          sql<number>`coalesce(sum(p.amount_pence), 0)`.as('takings'),
          sql<number>`coalesce(sum(p.refunded_pence), 0)`.as('refunded'),
        ])
        .where('b.event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      const count = (status: BookingStatus) => Number(byStatus.find((row) => row.status === status)?.n ?? 0);
      return {
        confirmed: count('confirmed'),
        waitlisted: count('waitlisted'),
        offered: count('offered'),
        attended: Number(totals.attended),
        takings: Number(totals.takings),
        refunded: Number(totals.refunded),
      };
    },

    /** Whom a message to the attendees goes to: confirmed bookings, and the waitlist (with offered places) when asked. */
    recipients(eventId: string, includeWaitlist: boolean) {
      const statuses: BookingStatus[] = includeWaitlist ? ['confirmed', 'waitlisted', 'offered'] : ['confirmed'];
      return (
        db
          .selectFrom('event_bookings')
          .select(['id', 'name', 'email', 'price_pence', 'language'])
          .where('event_id', '=', eventId)
          .where('status', 'in', statuses)
          // An erased attendee is an anonymous attendance: there is nobody to write to.
          .where('email', '!=', ERASED)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      );
    },

    findMailing(id: string) {
      return db.selectFrom('event_mailings').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertMailing(mailing: Insertable<EventMailingsTable>): Promise<void> {
      await db.insertInto('event_mailings').values(mailing).execute();
    },

    /** The account an e-mail address belongs to, so a booking by hand shows in that person's My Profile. */
    /** The account an address belongs to, with the language its mail is written in (decision 191). */
    async userByEmail(emailKey: string): Promise<{ id: string; language: Language } | undefined> {
      return await db.selectFrom('users').select(['id', 'language']).where('email_key', '=', emailKey).executeTakeFirst();
    },
  };
}
export type EventAdminRepo = ReturnType<typeof eventAdminRepo>;
