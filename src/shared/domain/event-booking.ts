import type { BookingState } from '../api/events';

/** What the booking rules need of an event: instants are ISO-8601 UTC. */
export type BookableEvent = {
  starts_at: string;
  booking_opens_at: string | null;
  booking_closes_at: string | null;
  capacity: number | null;
  places_taken: number;
};

/** An unpaid booking keeps its place this long; then the place goes to the next person. */
export const PAYMENT_HOLD_MS = 30 * 60 * 1000;
/** A place offered from the waitlist waits this long for its taker. */
export const WAITLIST_OFFER_MS = 48 * 60 * 60 * 1000;
/** A visitor's free place is held this long for them to confirm it from their e-mail (decision 092). */
export const CONFIRM_HOLD_MS = 60 * 60 * 1000;
/** The reminder goes this long before the start. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/** Booking closes when the admin says, and at the latest when the event starts. */
export function bookingCloses(event: Pick<BookableEvent, 'starts_at' | 'booking_closes_at'>): string {
  return event.booking_closes_at && event.booking_closes_at < event.starts_at ? event.booking_closes_at : event.starts_at;
}

export function bookingState(event: BookableEvent, now: Date): BookingState {
  const at = now.toISOString();
  if (event.booking_opens_at && at < event.booking_opens_at) return 'not_open_yet';
  if (at >= bookingCloses(event)) return 'closed';
  return placesLeft(event) === 0 ? 'waitlist' : 'open';
}

export function placesLeft(event: Pick<BookableEvent, 'capacity' | 'places_taken'>): number | null {
  return event.capacity === null ? null : Math.max(0, event.capacity - event.places_taken);
}

/** The member price needs a membership that is active (or in its last 30 days) at booking. */
export function bookingPrice(event: { member_price_pence: number; price_pence: number }, isMember: boolean): number {
  return isMember ? event.member_price_pence : event.price_pence;
}

/** Paid bookings cancelled before this instant are refunded: `days` whole days before the start. */
export function refundCutoff(startsAt: string, days: number): string {
  return new Date(new Date(startsAt).getTime() - days * 24 * 60 * 60 * 1000).toISOString();
}
