import { z } from 'zod';
import { defineEndpoints } from './contract';
import { emailAddress } from './membership';

/**
 * Booking a place at an event. A visitor gives a name and an e-mail; a signed-in person books
 * as themselves (their account's name and e-mail), and only they get the member price.
 */
export const bookRequest = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'At most 100 characters').optional(),
  email: emailAddress.optional(),
});
export type BookRequest = z.input<typeof bookRequest>;

export const bookingOutcomes = ['confirmed', 'waitlisted', 'payment_required'] as const;
export const bookResponse = z.object({
  booking_id: z.string(),
  status: z.enum(bookingOutcomes),
  /** What the place costs this person, in pence. */
  amount_pence: z.number().int(),
  /** For the card step when status is payment_required. */
  client_secret: z.string().optional(),
  /** Until when the place is held for the payment (ISO instant). */
  hold_until: z.string().optional(),
});
export type BookResponse = z.infer<typeof bookResponse>;

export const bookingStatuses = ['held', 'confirmed', 'waitlisted', 'offered', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookingsApi = defineEndpoints('bookings', {
  book: {
    method: 'POST',
    path: '/api/events/:id/book',
    summary: 'Books a place: confirmed, waitlisted, or payment_required with a client secret for the card step',
    params: z.object({ id: z.string() }),
    body: { kind: 'json', schema: bookRequest },
    response: bookResponse,
    errors: {
      404: 'No such event',
      409: 'Booking is not open, or this e-mail address has booked this event already',
      429: 'Too many bookings from this address, or card payments are paused',
      502: 'The card payment provider failed',
    },
  },
});
