import { z } from 'zod';
import { optionalParam, pageOf, paging, search } from './admin';
import { bookingStatuses, cancelResponse } from './bookings';
import { defineEndpoints, file } from './contract';
import { emailAddress } from './membership';

/**
 * The admin's view of one event: its bookings, bookings made by hand, the
 * attendee list as CSV, a message to the attendees, and cancelling any booking. Attendance and
 * certificate checks are in attendance.ts.
 */

/** A key the form makes once per submission, so a second click (or a retry) does the work once. */
export const requestKey = z.uuid('Reload the page and try again');

const eventId = z.object({ id: z.string().max(100) });
const bookingId = z.object({ id: z.string().max(100) });

export const eventBookingFilter = z.object({
  /** Part of the name or the e-mail address, any case. */
  q: search,
  status: optionalParam(z.enum(bookingStatuses)),
});
export type EventBookingFilter = z.input<typeof eventBookingFilter>;
export const eventBookingsQuery = eventBookingFilter.extend(paging);
export type EventBookingsQuery = z.input<typeof eventBookingsQuery>;

/** How a booking was paid: by card through the site, by hand (cheque, cash, transfer), or not at all. */
export const bookingPaidBy = z.enum(['card', 'by_hand', 'free']);

export const eventBookingRow = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(bookingStatuses),
  /** What the place costs this person, in pence. */
  price_pence: z.number().int(),
  /** What was received for it (0 while unpaid or free). */
  paid_pence: z.number().int(),
  refunded_pence: z.number().int(),
  /** A refund decided and not yet made by the provider (retried by the scheduled jobs). */
  refund_due_pence: z.number().int(),
  paid_by: bookingPaidBy,
  /** The admin's note on a booking made by hand (how it was paid). */
  note: z.string().nullable(),
  /** ISO instants. */
  booked_at: z.string(),
  attended_at: z.string().nullable(),
  certificate_number: z.string().nullable(),
});
export type EventBookingRow = z.infer<typeof eventBookingRow>;

/** The event's facts at a glance, whatever the list's filter. */
export const eventAdminFacts = z.object({
  _id: z.string(),
  title: z.string(),
  date: z.string(),
  end_date: z.string().nullable(),
  capacity: z.number().int().nullable(),
  /** Confirmed, held for payment, or offered from the waitlist. */
  places_taken: z.number().int(),
  confirmed: z.number().int(),
  waitlisted: z.number().int(),
  /** Offered a freed place from the waitlist, not yet taken. */
  offered: z.number().int(),
  attended: z.number().int(),
  /** Pence received for bookings, and how much of it went back. */
  takings_pence: z.number().int(),
  refunded_pence: z.number().int(),
  cpd_hours: z.number().nullable(),
});
export type EventAdminFacts = z.infer<typeof eventAdminFacts>;

export const eventBookingsPage = pageOf(eventBookingRow).extend({ event: eventAdminFacts });
export type EventBookingsPage = z.infer<typeof eventBookingsPage>;

// ---- A booking made by hand ----

export const handPayments = ['free', 'cheque', 'cash', 'bank_transfer'] as const;
export const handPaymentLabels: Record<(typeof handPayments)[number], string> = {
  free: 'Free (no payment)',
  cheque: 'Cheque',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
};

/**
 * Someone who booked by post, by phone or at the door: confirmed at once if a place is free (a
 * full event answers 409: the admin raises the capacity first), with the payment received by hand
 * recorded through the payments core, like a renewal by cheque.
 */
export const handBookingFields = z.object({
  name: z.string().trim().min(1, 'Enter the name').max(100, 'At most 100 characters'),
  email: emailAddress,
  payment: z.enum(handPayments, { error: 'Choose how it was paid' }),
  /** Pence received; 0 and ignored when free. */
  amount: z
    .number({ error: 'Enter the amount received' })
    .int('Enter the amount in whole pence')
    .min(0, 'The amount cannot be negative')
    .max(1_000_000, 'At most £10,000')
    .default(0),
  /** The cheque number, the transfer's reference, or who took the cash. */
  reference: z.string().trim().max(100, 'At most 100 characters').default(''),
  note: z.string().trim().max(200, 'At most 200 characters').default(''),
});

/** A paid booking needs the sum, and (but for cash) the cheque number or transfer reference. */
export function checkHandPayment(request: z.output<typeof handBookingFields>, ctx: z.RefinementCtx): void {
  if (request.payment === 'free') return;
  if (request.amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount received, or choose Free' });
  if (request.payment !== 'cash' && !request.reference)
    ctx.addIssue({
      code: 'custom',
      path: ['reference'],
      message: request.payment === 'cheque' ? 'Enter the cheque number' : 'Enter the transfer’s reference',
    });
}

export const handBookingRequest = handBookingFields.extend({ request_id: requestKey }).superRefine(checkHandPayment);
export type HandBookingRequest = z.input<typeof handBookingRequest>;
export const handBookingResponse = z.object({
  booking_id: z.string(),
  status: z.literal('confirmed'),
  /** The payment recorded (null when free). */
  payment_id: z.string().nullable(),
});
export type HandBookingResponse = z.infer<typeof handBookingResponse>;

// ---- A message to the attendees ----

export const attendeeMailRequest = z.object({
  request_id: requestKey,
  subject: z.string().trim().min(1, 'Enter a subject').max(150, 'At most 150 characters'),
  /** Plain text; a blank line starts a new paragraph. */
  body: z.string().trim().min(1, 'Enter the message').max(10_000, 'At most 10,000 characters'),
  /** Confirmed bookings always; the waitlist (and places offered from it) only when asked. */
  include_waitlist: z.boolean().default(false),
});
export type AttendeeMailRequest = z.input<typeof attendeeMailRequest>;
export const attendeeMailResponse = z.object({
  /** Messages queued: one per attendee. A repeated request answers the first one's count. */
  queued: z.number().int(),
});

// ---- Cancelling any booking ----

export const adminCancelRequest = z.object({
  /** Give a card payment back in full through the provider, whatever the cut-off. */
  refund: z.boolean({ error: 'Choose whether to refund' }),
});
export type AdminCancelRequest = z.input<typeof adminCancelRequest>;

export const eventAdminApi = defineEndpoints('eventAdmin', {
  bookings: {
    method: 'GET',
    path: '/api/admin/events/:id/bookings',
    summary: "An event's facts and its bookings, filtered by status or name/e-mail, a page at a time (latest first)",
    params: eventId,
    query: eventBookingsQuery,
    response: eventBookingsPage,
    errors: { 404: 'No such event' },
  },
  bookingsCsv: {
    method: 'GET',
    path: '/api/admin/events/:id/bookings.csv',
    summary: "The event's filtered bookings as CSV (every page)",
    params: eventId,
    query: eventBookingFilter,
    response: file('text/csv'),
    errors: { 404: 'No such event' },
  },
  book: {
    method: 'POST',
    path: '/api/admin/events/:id/bookings',
    summary: 'Books a place by hand, paid by cheque, cash or bank transfer, or free: confirmed at once, with the confirmation e-mail',
    params: eventId,
    body: { kind: 'json', schema: handBookingRequest },
    response: handBookingResponse,
    errors: { 404: 'No such event', 409: 'The event is full, or this e-mail address has a booking for it already' },
  },
  mail: {
    method: 'POST',
    path: '/api/admin/events/:id/mail',
    summary: "E-mails a message to the event's attendees (and optionally its waitlist), one outbox message each",
    params: eventId,
    body: { kind: 'json', schema: attendeeMailRequest },
    response: attendeeMailResponse,
    errors: { 404: 'No such event', 409: 'Nobody to write to' },
  },
  cancel: {
    method: 'POST',
    path: '/api/admin/events/bookings/:id/cancel',
    summary: 'Cancels any booking, refunding a card payment in full or not as the admin chooses; the place goes to the waitlist',
    params: bookingId,
    body: { kind: 'json', schema: adminCancelRequest },
    response: cancelResponse,
    errors: {
      404: 'No such booking',
      409: 'Paid by hand: the money is given back by hand, not through the site',
      502: 'The refund could not be made just now (the booking is cancelled; the refund is retried)',
    },
  },
});
