import type { Kysely } from 'kysely';
import { EVENT_MESSAGES, hasOptedOut, refusable } from '../../privacy/mail-choices';
import type { z } from 'zod';
import type {
  adminCancelRequest,
  attendeeMailRequest,
  EventBookingRow,
  EventBookingsPage,
  eventBookingFilter,
  eventBookingsQuery,
  handBookingRequest,
  HandBookingResponse,
} from '../../../shared/api/event-admin';
import { handPaymentLabels } from '../../../shared/api/event-admin';
import { completedPaymentStatuses } from '../../../shared/api/admin';
import { toCsv } from '../../../shared/domain/csv';
import { decodeCursor } from '../../db/keyset';
import { emailKey } from '../../../shared/domain/email';
import { toLondonLocal } from '../../../shared/domain/london-time';
import { formatPence, poundsDecimal } from '../../../shared/domain/money';
import { quoted, type AuditTrail } from '../../audit/audit-trail';
import { auditRepo } from '../../audit/audit.repo';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';
import type { Mailer } from '../../integrations/mail/mailer';
import type { MailContext } from '../../integrations/mail/template';
import type { FulfilmentService } from '../../payments/fulfilment';
import type { PaymentsService } from '../../payments/payments.service';
import { attendeeMessage } from './event-admin.emails';
import { eventAdminRepo } from './event-admin.repo';
import { confirmation, mailKit, type BookingsService } from './bookings.service';
import { bookingsRepo, type BookingRow } from './bookings.repo';
import { eventsRepo, type EventRow } from './events.repo';

export type EventAdminDeps = {
  db: Kysely<Database>;
  clock: () => Date;
  audit: AuditTrail;
  mailer: Mailer;
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  bookings: BookingsService;
  mailContext: () => Promise<MailContext>;
  linkSecret: string;
};

type Admin = { id: string; email: string };
type Row = Awaited<ReturnType<ReturnType<typeof eventAdminRepo>['rows']>>[number];

const paidStatuses: readonly (string | null)[] = completedPaymentStatuses;
const spreadsheetTime = (instant: string | null) => (instant ? toLondonLocal(new Date(instant)).replace('T', ' ') : null);

function bookingRow(row: Row): EventBookingRow {
  const paid = row.payment_status !== null && paidStatuses.includes(row.payment_status);
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    price_pence: row.price_pence,
    paid_pence: paid ? (row.payment_pence ?? 0) : 0,
    // The provider may also have refunded outside the site (Stripe's dashboard): the payment knows both.
    refunded_pence: Math.max(row.refunded_pence, row.payment_refunded_pence ?? 0),
    refund_due_pence: row.refund_due_pence,
    paid_by: row.payment_provider === 'offline' ? 'by_hand' : row.payment_provider && row.price_pence > 0 ? 'card' : 'free',
    note: row.note,
    booked_at: row.created_at,
    attended_at: row.attended_at,
    certificate_number: row.certificate_number,
  };
}

/**
 * The admin's work on one event: its bookings and facts, bookings by hand, a message to the
 * attendees, cancelling any booking. Every change is audited in the transaction that makes it.
 */
export function eventAdminService(deps: EventAdminDeps) {
  const { db, clock, audit, mailer, payments, fulfilment, bookings, mailContext, linkSecret } = deps;

  async function eventOr404(id: string): Promise<EventRow> {
    const event = await eventsRepo(db).find(id);
    if (!event) throw notFound('Event not found');
    return event;
  }

  /** A repeated request (the same form submitted twice) answers as the first did, if it was for this event. */
  function replayed(booking: BookingRow, eventId: string): HandBookingResponse {
    if (booking.event_id !== eventId) throw conflict('This form was already used for another event. Reload the page and try again.');
    return { booking_id: booking.id, status: 'confirmed', payment_id: booking.payment_id };
  }

  function replayedMailing(mailing: { event_id: string; recipients: number }, eventId: string) {
    if (mailing.event_id !== eventId) throw conflict('This form was already used for another event. Reload the page and try again.');
    return { queued: mailing.recipients };
  }

  return {
    async bookings(
      eventId: string,
      { page, page_size, after, before, ...query }: z.output<typeof eventBookingsQuery>,
    ): Promise<EventBookingsPage> {
      const event = await eventOr404(eventId);
      const repo = eventAdminRepo(db);
      const window = {
        limit: page_size,
        offset: (page - 1) * page_size,
        after: decodeCursor(after, 2),
        before: after ? undefined : decodeCursor(before, 2),
      };
      const [total, found, facts] = await Promise.all([repo.count(eventId, query), repo.page(eventId, query, window), repo.facts(eventId)]);
      const rows = found.rows;
      return {
        event: {
          _id: event.id,
          title: event.title,
          date: event.starts_at,
          end_date: event.ends_at,
          capacity: event.capacity,
          places_taken: event.places_taken,
          confirmed: facts.confirmed,
          waitlisted: facts.waitlisted,
          offered: facts.offered,
          attended: facts.attended,
          takings_pence: facts.takings,
          refunded_pence: facts.refunded,
          cpd_hours: event.cpd_minutes === null ? null : event.cpd_minutes / 60,
        },
        items: rows.map(bookingRow),
        total,
        page,
        page_size,
        next_cursor: found.next,
        prev_cursor: found.prev,
      };
    },

    async bookingsCsv(eventId: string, filter: z.output<typeof eventBookingFilter>): Promise<string> {
      await eventOr404(eventId);
      const rows = (await eventAdminRepo(db).rows(eventId, filter)).map(bookingRow);
      return toCsv(
        [
          'Booked at',
          'Name',
          'E-mail',
          'Status',
          'Price (GBP)',
          'Paid (GBP)',
          'Refunded (GBP)',
          'Paid by',
          'Note',
          'Attended at',
          'Certificate number',
          'Booking id',
        ],
        rows.map((b) => [
          spreadsheetTime(b.booked_at),
          b.name,
          b.email,
          b.status,
          poundsDecimal(b.price_pence),
          poundsDecimal(b.paid_pence),
          poundsDecimal(b.refunded_pence),
          b.paid_by.replace('_', ' '),
          b.note,
          spreadsheetTime(b.attended_at),
          b.certificate_number,
          b._id,
        ]),
      );
    },

    /**
     * A booking by hand: the place claimed, the booking and its payment recorded, the confirmation
     * queued and the audit entry written, all in one transaction. The booking's id is the form's
     * request key, so a second submission meets the first booking and answers as it did.
     */
    async book(eventId: string, request: z.output<typeof handBookingRequest>, actor: Admin): Promise<HandBookingResponse> {
      const event = await eventOr404(eventId);
      const earlier = await bookingsRepo(db).find(request.request_id);
      if (earlier) return replayed(earlier, eventId);
      // Lapsed holds first, so a place a stale card step was keeping can be had (and goes to the waitlist if anyone waits).
      await bookings.expireLapsed(eventId);
      // Read before the transaction opens: on SQLite it holds the one connection.
      const kit = mailKit(await mailContext(), linkSecret);
      const account = await eventAdminRepo(db).userByEmail(emailKey(request.email));
      const userId = account?.id ?? null;
      const paid = request.payment !== 'free';
      const price = paid ? request.amount : 0;
      const how = paid ? `${handPaymentLabels[request.payment]} ${request.reference}`.trim() : 'Free';
      const note = request.note ? `${how}: ${request.note}` : how;
      const id = request.request_id;
      const now = clock().toISOString();
      let paymentId: string | null;
      try {
        paymentId = await audit.change(
          actor,
          async (trx) => {
            const repo = bookingsRepo(trx);
            if (!(await repo.claimPlace(event.id))) {
              const taken = (await eventsRepo(trx).find(event.id))?.places_taken ?? event.places_taken;
              throw conflict(
                `The event is full: all ${taken} places are taken. Raise its capacity in the event's details, or cancel a booking first (a freed place goes to the waitlist).`,
              );
            }
            const row: BookingRow = {
              id,
              event_id: event.id,
              user_id: userId,
              name: request.name,
              email: request.email,
              active_key: emailKey(request.email),
              // A paid one is confirmed by the payment's own fulfilment below, as a card payment is.
              status: paid ? 'held' : 'confirmed',
              price_pence: price,
              payment_id: null,
              hold_until: null,
              created_at: now,
              confirmed_at: paid ? null : now,
              cancelled_at: null,
              refunded_pence: 0,
              refund_due_pence: 0,
              reminded_at: null,
              attended_at: null,
              certificate_number: null,
              place_held: 0,
              note,
              news_consent_version: null,
              // A member's booking is mailed in their language; anyone else's in English (decision 191).
              language: account?.language ?? 'en',
            };
            await repo.insert(row);
            if (!paid) {
              await mailer.queue(confirmation(event, row, kit), trx);
              return null;
            }
            const payment = await payments.recordOffline(trx, {
              kind: 'booking',
              amountPence: price,
              email: request.email,
              description: `Booking: ${event.title}`.slice(0, 200),
              userId,
              referenceId: id,
              // The event in the note: the payments list says what it paid for, and two cash bookings of one person are not taken for one recorded twice.
              note: `${how}: ${event.title}`.slice(0, 200),
            });
            await repo.setPayment(id, payment.id);
            await fulfilment.fulfilRecorded(trx, payment, kit.ctx);
            return payment.id;
          },
          () => ({
            kind: 'event',
            action: 'recorded',
            subject_id: event.id,
            summary: `Booked ${request.name} <${request.email}> by hand for ${quoted(event.title)}: ${paid ? `${formatPence(price)}, ${how}` : 'free'}`,
          }),
        );
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const same = await bookingsRepo(db).find(id);
        if (same) return replayed(same, eventId);
        throw conflict('This e-mail address has a booking for this event already (perhaps on the waitlist): find it in the list below.');
      }
      mailer.deliverSoon();
      return { booking_id: id, status: 'confirmed', payment_id: paymentId };
    },

    /**
     * One message per attendee, queued in one transaction with the mailing's record (keyed by the
     * form's request key) and its audit entry: a second submission queues nothing and answers the
     * first one's count.
     */
    async mail(eventId: string, request: z.output<typeof attendeeMailRequest>, actor: Admin): Promise<{ queued: number }> {
      const event = await eventOr404(eventId);
      const repo = eventAdminRepo(db);
      const earlier = await repo.findMailing(request.request_id);
      if (earlier) return replayedMailing(earlier, eventId);
      const kit = mailKit(await mailContext(), linkSecret);
      let queued: number;
      try {
        queued = await audit.change(
          actor,
          async (trx) => {
            const inTrx = eventAdminRepo(trx);
            const people = await inTrx.recipients(eventId, request.include_waitlist);
            if (!people.length)
              throw conflict(
                request.include_waitlist ? 'Nobody has booked this event yet.' : 'Nobody has a confirmed place at this event yet.',
              );
            // First, so that a second submission waits here for the first and then meets its key.
            await inTrx.insertMailing({
              id: request.request_id,
              event_id: eventId,
              subject: request.subject,
              include_waitlist: request.include_waitlist ? 1 : 0,
              recipients: people.length,
              created_at: clock().toISOString(),
              actor_id: actor.id,
            });
            // Those who left messages about events they booked (their List-Unsubscribe, decision 122) get none.
            let queued = 0;
            const at = clock().toISOString();
            for (const person of people) {
              if (await hasOptedOut(trx, person.email, EVENT_MESSAGES)) continue;
              const mail = attendeeMessage(event, person, request, kit.link(person), kit.ctx);
              await mailer.queue(await refusable(trx, mail, EVENT_MESSAGES, kit.ctx, at, person.language), trx);
              queued++;
            }
            return queued;
          },
          (count) => ({
            kind: 'event',
            action: 'mailed',
            subject_id: eventId,
            summary: `E-mailed ${count === 1 ? '1 attendee' : `${count} attendees`} of ${quoted(event.title)}${request.include_waitlist ? ' (and the waitlist)' : ''}: ${quoted(request.subject)}`,
          }),
        );
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const same = await repo.findMailing(request.request_id);
        if (!same) throw error;
        return replayedMailing(same, eventId);
      }
      mailer.deliverSoon();
      return { queued };
    },

    /** Cancels any booking through the attendee's own path: the place passes on, and a card payment is refunded in full if the admin says so. */
    async cancel(id: string, request: z.output<typeof adminCancelRequest>, actor: Admin) {
      const booking = await bookingsRepo(db).find(id);
      if (!booking) throw notFound('Booking not found');
      if (request.refund && booking.payment_id && booking.status === 'confirmed') {
        const payment = await payments.findById(booking.payment_id);
        if (payment?.provider === 'offline')
          throw conflict(
            `This booking was paid by hand (${payment.note}): give the money back by hand, and cancel it here without a refund.`,
          );
      }
      return bookings.cancel(
        id,
        {},
        {
          refund: request.refund,
          record: (trx, cancelled, event, refundPence) =>
            auditRepo(trx).insert({
              at: clock().toISOString(),
              actor_id: actor.id,
              actor_email: actor.email,
              kind: 'event',
              action: 'cancelled',
              subject_id: event.id,
              summary: `Cancelled the booking of ${cancelled.name} <${cancelled.email}> for ${quoted(event.title)}${refundPence > 0 ? `, refunding ${formatPence(refundPence)}` : cancelled.price_pence > 0 ? ', without a refund' : ''}`,
            }),
        },
      );
    },
  };
}
export type EventAdminService = ReturnType<typeof eventAdminService>;
