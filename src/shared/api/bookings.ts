import { z } from 'zod';
import { LANGUAGES } from '../domain/language';
import { defineEndpoints } from './contract';
import { emailAddress } from './membership';

/**
 * Booking a place at an event. A visitor gives a name and an e-mail; a signed-in person books
 * as themselves (their account's name and e-mail), and only they get the member price.
 */
export const bookRequest = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'At most 100 characters').optional(),
  email: emailAddress.optional(),
  /** The unticked "Send me news and event invitations by e-mail" box; recorded as consent when ticked (decision 120). */
  news_email: z.boolean().optional(),
  /** The language of the page the visitor books on (decision 191): their mail is written in it. A member's is their own. */
  language: z.enum(LANGUAGES).optional(),
});
export type BookRequest = z.input<typeof bookRequest>;

/** check_email: a visitor's free place, held until they confirm it from the link sent to them (decision 092). */
export const bookingOutcomes = ['confirmed', 'waitlisted', 'payment_required', 'check_email'] as const;
export const bookResponse = z.object({
  booking_id: z.string(),
  status: z.enum(bookingOutcomes),
  /** What the place costs this person, in pence. */
  amount_pence: z.number().int(),
  /** For the card step when status is payment_required. */
  client_secret: z.string().optional(),
  /** Until when the place is held for the payment, or for the e-mail's confirmation (ISO instant). */
  hold_until: z.string().optional(),
});
export type BookResponse = z.infer<typeof bookResponse>;

export const bookingStatuses = ['held', 'confirmed', 'waitlisted', 'offered', 'cancelled', 'expired', 'unconfirmed'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** The secret from the link in the attendee's mail; a signed-in attendee needs none for their own bookings. */
export const bookingTokenRequest = z.object({ token: z.string().max(100).optional() });
/** The link's secret travels in this header on GET (never in an address). */
export const BOOKING_TOKEN_HEADER = 'x-booking-token';

export const bookingView = z.object({
  _id: z.string(),
  status: z.enum(bookingStatuses),
  name: z.string(),
  email: z.string(),
  price_pence: z.number().int(),
  /** While held (payment), offered (waitlist) or unconfirmed (the e-mail's link): until when. */
  hold_until: z.string().nullable(),
  event: z.object({
    _id: z.string(),
    title: z.string(),
    date: z.string(),
    end_date: z.string().nullable(),
    venue_name: z.string().nullable(),
    venue_address: z.string().nullable(),
  }),
  /** For a confirmed booking only. */
  online_url: z.string().nullable(),
  can_cancel: z.boolean(),
  /** Whether cancelling now gives the money back (before the event's cut-off). */
  refund_on_cancel: z.boolean(),
  refunded_pence: z.number().int(),
  /** Marked as attended: the CPD certificate can be downloaded (GET /api/events/bookings/{id}/certificate.pdf). */
  has_certificate: z.boolean(),
});
export type BookingView = z.infer<typeof bookingView>;

export const cancelResponse = z.object({ status: z.enum(bookingStatuses), refunded_pence: z.number().int() });

const bookingId = z.object({ id: z.string() });

/** A booking in the member's own list (My Profile). */
export const myBooking = z.object({
  _id: z.string(),
  status: z.enum(bookingStatuses),
  price_pence: z.number().int(),
  event: z.object({ _id: z.string(), title: z.string(), date: z.string(), end_date: z.string().nullable() }),
  /** The event has not ended yet (or, without an end, started less than a day ago). */
  upcoming: z.boolean(),
  can_cancel: z.boolean(),
  /** Marked as attended: the CPD certificate can be downloaded. */
  has_certificate: z.boolean(),
});
export type MyBooking = z.infer<typeof myBooking>;

export const bookingsApi = defineEndpoints('bookings', {
  book: {
    method: 'POST',
    path: '/api/events/:id/book',
    summary: 'Books a place: confirmed, waitlisted, or payment_required with a client secret for the card step',
    params: z.object({ id: z.string() }),
    body: { kind: 'json', schema: bookRequest },
    response: bookResponse,
    errors: {
      401: 'The event is for members: sign in to book it',
      403: 'The event is for members, and the caller’s membership has lapsed',
      404: 'No such event',
      409: 'Booking is not open, or this e-mail address has booked this event already',
      429: 'Too many bookings from this address, or card payments are paused',
      502: 'The card payment provider failed',
    },
  },
  mine: {
    method: 'GET',
    path: '/api/account/bookings',
    summary: "The signed-in person's bookings, upcoming (soonest first) then past (latest first)",
    response: z.array(myBooking),
  },
  view: {
    method: 'GET',
    path: '/api/events/bookings/:id',
    summary: "A booking, for its attendee (the mail link's secret in the x-booking-token header, or signed in as them)",
    params: bookingId,
    response: bookingView,
    errors: { 404: 'No such booking, or not yours' },
  },
  confirm: {
    method: 'POST',
    path: '/api/events/bookings/:id/confirm',
    summary:
      "Confirms a visitor's free booking from its e-mail's link: the place is theirs (or, the event being full, a place on the waitlist)",
    description: 'The link opens a page with a button; only this POST acts, so a mail scanner following the link confirms nothing.',
    params: bookingId,
    body: { kind: 'json', schema: bookingTokenRequest },
    response: bookResponse,
    errors: {
      404: 'No such booking, or not yours',
      409: 'The booking lapsed or was cancelled, or this e-mail address has booked this event already',
    },
  },
  take: {
    method: 'POST',
    path: '/api/events/bookings/:id/take',
    summary: 'Takes a place offered from the waitlist: confirmed, or payment_required with a client secret',
    params: bookingId,
    body: { kind: 'json', schema: bookingTokenRequest },
    response: bookResponse,
    errors: {
      404: 'No such booking, or not yours',
      409: 'No place is offered, or the offer has lapsed',
      502: 'The card payment provider failed',
    },
  },
  cancel: {
    method: 'POST',
    path: '/api/events/bookings/:id/cancel',
    summary: "Cancels a booking; a paid one is refunded through the provider before the event's cut-off",
    params: bookingId,
    body: { kind: 'json', schema: bookingTokenRequest },
    response: cancelResponse,
    errors: {
      404: 'No such booking, or not yours',
      502: 'The refund could not be made just now (the booking is cancelled; the refund is retried)',
    },
  },
});
