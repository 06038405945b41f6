import type { Kysely } from 'kysely';
import { refundCutoff } from '../../../shared/domain/event-booking';
import type { Database } from '../../db/schema';
import type { MailMessage, Mailer } from '../../integrations/mail/mailer';
import type { MailContext } from '../../integrations/mail/template';
import { paymentsRepo } from '../../payments/payments.repo';
import { addressIn } from '../../privacy/matching';
import { ERASED, ERASED_NAME, type Person, type PersonalDataCoverage } from '../../privacy/personal-data';
import { bookingsRepo, holdsPlace, type BookingRow } from './bookings.repo';
import type { EventRow } from './events.repo';
import { eventsRepo } from './events.repo';

/** A booking that was erased: kept only as an anonymous attendance (and its certificate number). */
export const isErasedBooking = (booking: Pick<BookingRow, 'email'>) => booking.email === ERASED;

export type EventsPersonalDataDeps = {
  mailer: Mailer;
  /** Passes a freed place on (an offer to the first on the waitlist, or a free place), in `trx`; the mail to queue. */
  releasePlace(trx: Kysely<Database>, event: EventRow, mail: MailContext): Promise<MailMessage[]>;
  /** Makes a refund decided by the erasure (after it has committed). */
  refundNow(bookingId: string): Promise<void>;
  /** Cancels the card payment of a hold the erasure ended (after it has committed). */
  cancelPayment(paymentId: string): Promise<void>;
};

function theirBookings(db: Kysely<Database>, person: Person) {
  return db
    .selectFrom('event_bookings as b')
    .innerJoin('events as e', 'e.id', 'b.event_id')
    .selectAll('b')
    .select(['e.title', 'e.starts_at', 'e.ends_at', 'e.cpd_minutes'])
    .where((eb) => eb.or([eb('b.user_id', '=', person.userId), addressIn('b.email', person.emailKeys)]))
    .orderBy('e.starts_at')
    .execute();
}

/** The pence to give back for a confirmed, card-paid booking cancelled now, before the event's cut-off. */
async function refundDue(trx: Kysely<Database>, booking: BookingRow, event: EventRow, at: string): Promise<number> {
  if (booking.status !== 'confirmed' || !booking.payment_id) return 0;
  if (at >= refundCutoff(event.starts_at, event.cancel_cutoff_days)) return 0;
  const payment = await paymentsRepo(trx).findById(booking.payment_id);
  if (!payment || payment.status !== 'succeeded' || !payment.provider_ref) return 0;
  return payment.amount_pence - payment.refunded_pence;
}

/**
 * Event bookings (decision 099). Erasure cancels the person's bookings of events still to come,
 * passing each place on (the waitlist is offered it) and refunding a paid one before the cut-off
 * as a cancellation would; every booking then keeps only what the event's figures need (status,
 * price, dates, attendance) and a CPD certificate's number, so a certificate shown later can still
 * be checked. Name, address, account and note go; the booking's link stops working.
 */
export function eventsPersonalData(deps: EventsPersonalDataDeps): PersonalDataCoverage {
  return {
    owner: 'events (bookings)',
    tables: {
      event_bookings: {
        personal: ['user_id', 'name', 'email', 'active_key', 'note', 'news_consent_version'],
        export: 'event_bookings',
        notPersonal: { certificate_number: 'the CPD certificate’s number, kept so a certificate can still be checked' },
      },
      event_mailings: {
        none: 'the subject of a message to an event’s attendees and how many got it; each person’s copy is in the outbox',
        notPersonal: { actor_id: 'the admin who sent it' },
      },
      events: {
        none: 'the association’s events',
        notPersonal: {
          venue_name: 'where the event is held',
          venue_address: 'where the event is held',
          venue_name_hy: 'where the event is held, in Armenian',
          venue_address_hy: 'where the event is held, in Armenian',
        },
      },
    },

    async export(db, person) {
      const bookings = await theirBookings(db, person);
      return {
        event_bookings: bookings.map((b) => ({
          id: b.id,
          event: { id: b.event_id, title: b.title, starts_at: b.starts_at, ends_at: b.ends_at },
          status: b.status,
          name: b.name,
          email: b.email,
          price_pence: b.price_pence,
          booked_at: b.created_at,
          confirmed_at: b.confirmed_at,
          cancelled_at: b.cancelled_at,
          refunded_pence: b.refunded_pence,
          attended_at: b.attended_at,
          certificate_number: b.certificate_number,
        })),
        cpd_certificates: bookings
          .filter((b) => b.certificate_number)
          .map((b) => ({
            number: b.certificate_number,
            event: { id: b.event_id, title: b.title, starts_at: b.starts_at },
            cpd_minutes: b.cpd_minutes,
            // A mark taken back leaves the number, and the certificate no longer stands.
            stands: b.status === 'confirmed' && b.attended_at !== null,
          })),
      };
    },

    async erase(trx, erasure) {
      const repo = bookingsRepo(trx);
      for (const booking of await theirBookings(trx, erasure)) {
        erasure.subjects.add(booking.id);
        const event = await eventsRepo(trx).find(booking.event_id);
        // A free place not yet confirmed from its e-mail (decision 092) is live too; it holds a place only if there was one free.
        const live = holdsPlace(booking) || booking.status === 'waitlisted' || booking.status === 'unconfirmed';
        if (event && live && erasure.at < event.starts_at) {
          const due = await refundDue(trx, booking, event, erasure.at);
          const changed = await repo.changeStatus(booking.id, booking.status, {
            status: 'cancelled',
            cancelled_at: erasure.at,
            hold_until: null,
            place_held: 0,
            refund_due_pence: due,
          });
          if (changed && holdsPlace(booking))
            for (const message of await deps.releasePlace(trx, event, erasure.mail)) await deps.mailer.queue(message, trx);
          if (changed && due > 0) erasure.afterCommit(() => deps.refundNow(booking.id));
          if (changed && booking.status === 'held' && booking.payment_id) {
            const paymentId = booking.payment_id;
            erasure.afterCommit(() => deps.cancelPayment(paymentId));
          }
        }
        await trx
          .updateTable('event_bookings')
          .set({ name: ERASED_NAME, email: ERASED, user_id: null, active_key: null, note: null, news_consent_version: null })
          .where('id', '=', booking.id)
          .execute();
      }
      // Offers of the freed places go out once the erasure has committed.
      erasure.afterCommit(async () => deps.mailer.deliverSoon());
    },
  };
}
