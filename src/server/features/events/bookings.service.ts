import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BOOKING_REMINDERS, hasOptedOut, refusable } from '../../privacy/mail-choices';
import { recordConsent, wordingVersion } from '../../privacy/consents';
import type { BookRequest, BookResponse } from '../../../shared/api/bookings';
import { emailKey } from '../../../shared/domain/email';
import { formatEventDate } from '../../../shared/domain/event-dates';
import type { Language } from '../../../shared/domain/language';
import {
  bookingPrice,
  bookingState,
  CONFIRM_HOLD_MS,
  PAYMENT_HOLD_MS,
  REMINDER_BEFORE_MS,
  WAITLIST_OFFER_MS,
} from '../../../shared/domain/event-booking';
import { londonDate } from '../../../shared/domain/london-time';
import { membershipStatus } from '../../../shared/domain/membership';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { addressKey } from '../../http/client-address';
import type { Principal } from '../../http/auth';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { ValidationError } from '../../http/validation';
import type { MailMessage, Mailer } from '../../integrations/mail/mailer';
import type { MailContext } from '../../integrations/mail/template';
import type { CardBrake } from '../../payments/card-brake';
import type { FulfilmentHandler } from '../../payments/fulfilment';
import type { Logger } from '../../logger';
import type { BookingView, MyBooking } from '../../../shared/api/bookings';
import { isPastEvent } from '../../../shared/domain/event-timing';
import { refundCutoff } from '../../../shared/domain/event-booking';
import type { PaymentsService } from '../../payments/payments.service';
import {
  bookingLink,
  cancelledMail,
  confirmationMail,
  confirmPlaceMail,
  latePaymentMail,
  offerMail,
  reminderMail,
  waitlistedMail,
} from './bookings.emails';
import { bookingsRepo, holdsPlace, type BookingRow } from './bookings.repo';
import { eventsPersonalData, isErasedBooking } from './events.personal-data';
import { eventsRepo, type EventRow } from './events.repo';
import { toIcs, type CalendarInfo } from './ics';

/** Bookings one address may make: enough for a family or a practice, too few to fill an event. */
export const BOOKING_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };
/** Visitors' bookings of one event from one address in a day: a family or a practice, not a full hall (decision 092). */
export const VISITOR_BOOKINGS_PER_EVENT = { max: 8, windowMs: 24 * 60 * 60 * 1000 };

const BOOKED_ALREADY =
  'This e-mail address has booked this event already. The confirmation e-mail has a link to see or cancel the booking.';

export type BookingsDeps = {
  db: Kysely<Database>;
  clock: () => Date;
  mailer: Mailer;
  payments: PaymentsService;
  brake: CardBrake;
  limiter: RateLimiter;
  mailContext: () => Promise<MailContext>;
  /** Signs the links in attendees' mail (the server's own secret). */
  linkSecret: string;
  /** Records a refund on its payment as Stripe's webhook would (once per refund id). */
  recordRefund: (event: { id: string; intentId: string; amountRefunded: number }) => Promise<void>;
  log: Pick<Logger, 'warn'>;
  /** The news consent's wording as shown on the booking form, whose version is kept with a "yes". */
  consentWording?: () => Promise<string>;
};

/** The admin cancels: a card payment refunded in full or not at all, and the audit entry written in the cancelling transaction. */
export type AdminCancel = {
  refund: boolean;
  record: (trx: Kysely<Database>, booking: BookingRow, event: EventRow, refundPence: number) => Promise<void>;
};

/** Who asks about a booking: the mail link's secret, or the signed-in attendee. */
export type BookingAuth = { token?: string; principal?: Principal };

/** Active, or in its last 30 days: the member price and members-only events need this at booking. */
function isMember(lastRenewedDate: string | null, now: Date): boolean {
  const status = membershipStatus(lastRenewedDate, londonDate(now));
  return status === 'active' || status === 'expiring';
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** The secret in an attendee's links: derived from the booking's id with the server's secret, so nothing is stored. */
export function bookingToken(linkSecret: string, bookingId: string): string {
  return createHmac('sha256', linkSecret).update(`booking:${bookingId}`).digest('base64url');
}

export function tokenMatches(linkSecret: string, bookingId: string, given: string): boolean {
  const expected = Buffer.from(bookingToken(linkSecret, bookingId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The booking's own attendee: the secret from their mail's link, or signed in as the account that booked. */
export function isAttendee(linkSecret: string, booking: Pick<BookingRow, 'id' | 'user_id'>, auth: BookingAuth): boolean {
  if (auth.token && tokenMatches(linkSecret, booking.id, auth.token)) return true;
  return Boolean(auth.principal && booking.user_id !== null && booking.user_id === auth.principal.id);
}

/** A CPD certificate stands while its booking is confirmed and marked as attended (the number is given with the first mark). */
export function certificateStands(booking: Pick<BookingRow, 'status' | 'attended_at'>): boolean {
  return booking.status === 'confirmed' && booking.attended_at !== null;
}

/** What booking mail needs of the site, from the mail context read before a transaction. */
export function mailKit(ctx: MailContext, linkSecret: string) {
  const calendar: CalendarInfo = {
    publicUrl: ctx.publicUrl,
    calendarName: ctx.siteName,
    organizerEmail: ctx.contactEmail,
    withOnlineLink: true,
  };
  return {
    ctx,
    /** The booking's page in its language (decision 191). */
    link: (booking: Pick<BookingRow, 'id' | 'language'>) =>
      bookingLink(ctx, booking.id, bookingToken(linkSecret, booking.id), booking.language),
    ics: (event: EventRow, language: Language) => toIcs([event], calendar, language),
  };
}
type Kit = ReturnType<typeof mailKit>;

export function confirmation(event: EventRow, booking: BookingRow, kit: Kit): MailMessage {
  return confirmationMail(event, booking, kit.link(booking), kit.ics(event, booking.language), kit.ctx);
}

/**
 * The rules of booking a place: one live booking per e-mail per event, places claimed in the
 * booking's own transaction, paid places held for 30 minutes, freed places offered to the
 * waitlist in order for 48 hours each. Mail is queued in the transaction that decides it.
 */
export function bookingsService(deps: BookingsDeps) {
  const { db, clock, mailer, payments, brake, limiter, mailContext, linkSecret, recordRefund, log } = deps;

  /** Read before a transaction: on SQLite a transaction holds the one connection. */
  const outside = async () => mailKit(await mailContext(), linkSecret);
  type Outside = Kit;

  /**
   * A place came free (a cancellation, a lapsed hold or offer): the first on the waitlist is
   * offered it, else it is free again. Once booking has closed, nobody is offered anything.
   */
  async function releasePlace(trx: Kysely<Database>, event: EventRow, out: Outside): Promise<MailMessage[]> {
    const repo = bookingsRepo(trx);
    const now = clock();
    if (bookingState(event, now) !== 'closed') {
      for (const next of await repo.waitlist(event.id)) {
        // Checked again in the update: two releases at once offer two different people.
        const until = later(now, WAITLIST_OFFER_MS);
        if (await repo.changeStatus(next.id, 'waitlisted', { status: 'offered', hold_until: until })) {
          return [offerMail(event, next, out.link(next), until, out.ctx)];
        }
      }
    }
    await repo.freePlace(event.id);
    return [];
  }

  /** One free place offered to the first still waiting; false (and nothing changed) when there is no place or nobody. */
  async function offerOneFreePlace(trx: Kysely<Database>, eventId: string, out: Outside): Promise<boolean> {
    const event = await eventsRepo(trx).find(eventId);
    const now = clock();
    if (!event || bookingState(event, now) === 'closed') return false;
    const repo = bookingsRepo(trx);
    const waiting = await repo.waitlist(eventId);
    if (!waiting.length || !(await repo.claimPlace(eventId))) return false;
    for (const next of waiting) {
      // Checked again in the update: a person who left the waitlist meanwhile is passed over.
      const until = later(now, WAITLIST_OFFER_MS);
      if (await repo.changeStatus(next.id, 'waitlisted', { status: 'offered', hold_until: until })) {
        await mailer.queue(offerMail(event, next, out.link(next), until, out.ctx), trx);
        return true;
      }
    }
    await repo.freePlace(eventId);
    return false;
  }

  /** Ends holds and offers whose time ran out, for one event or all, each once, and passes the place on. */
  async function expireLapsed(eventId?: string): Promise<number> {
    const lapsed = (await bookingsRepo(db).lapsed(clock().toISOString())).filter((b) => !eventId || b.event_id === eventId);
    if (!lapsed.length) return 0;
    // A lapsed hold's card payment is cancelled with the provider, so a card step finished late
    // takes no money. One charged meanwhile without the browser settling (a closed tab, no
    // webhook) is fulfilled instead, and its place kept. If the provider cannot be asked, the hold
    // expires all the same: a payment that still arrives is refunded with a word to the payer.
    for (const booking of lapsed.filter((b) => b.status === 'held' && b.payment_id)) {
      await payments.cancelUnpaid(booking.payment_id!).catch((error: unknown) => {
        log.warn({ err: error, bookingId: booking.id }, 'Could not cancel the card payment of a lapsed hold; it expires');
      });
    }
    const out = await outside();
    let expired = 0;
    for (const booking of lapsed) {
      const mail = await db.transaction().execute(async (trx) => {
        const event = await eventsRepo(trx).find(booking.event_id);
        if (!event) return [];
        if (!(await bookingsRepo(trx).changeStatus(booking.id, booking.status, { status: 'expired', hold_until: null, place_held: 0 })))
          return [];
        expired++;
        // An unconfirmed booking made while the event was full held no place.
        const messages = holdsPlace(booking) ? await releasePlace(trx, event, out) : [];
        for (const message of messages) await mailer.queue(message, trx);
        return messages;
      });
      if (mail.length) mailer.deliverSoon();
    }
    return expired;
  }

  /** Makes a refund that is due now (a late payment's, an erasure's); one the provider refuses is left for the scheduled jobs. */
  async function refundNowOrLater(id: string): Promise<void> {
    try {
      await makeRefund(id);
    } catch (error) {
      log.warn({ err: error, bookingId: id }, 'A booking refund failed; the scheduled jobs will retry it');
    }
  }

  async function found(id: string): Promise<BookingRow> {
    const booking = await bookingsRepo(db).find(id);
    if (!booking) throw notFound('Booking not found');
    return booking;
  }

  /** The booking, for its attendee only: anyone else is told it does not exist. */
  async function authorised(id: string, auth: BookingAuth): Promise<BookingRow> {
    const booking = await bookingsRepo(db).find(id);
    // An erased booking is an anonymous attendance: its link (still in the person's mailbox) shows nothing.
    if (!booking || isErasedBooking(booking) || !isAttendee(linkSecret, booking, auth)) throw notFound('Booking not found');
    return booking;
  }

  function cancellable(booking: BookingRow, event: EventRow): boolean {
    return booking.status !== 'cancelled' && booking.status !== 'expired' && clock().toISOString() < event.starts_at;
  }

  /** Pence to give back on cancelling now: a card payment in full, before the cut-off (the admin: always). */
  async function refundable(booking: BookingRow, event: EventRow, byAdmin: boolean): Promise<number> {
    if (booking.status !== 'confirmed' || !booking.payment_id) return 0;
    const beforeCutoff = clock().toISOString() < refundCutoff(event.starts_at, event.cancel_cutoff_days);
    if (!byAdmin && !beforeCutoff) return 0;
    const payment = await payments.findById(booking.payment_id);
    if (!payment || payment.status !== 'succeeded' || !payment.provider_ref) return 0;
    return payment.amount_pence - payment.refunded_pence;
  }

  /** Makes a refund that is due, once: the provider's key is the booking's, and the due amount is cleared only as it is recorded. */
  async function makeRefund(id: string): Promise<void> {
    const booking = await found(id);
    if (booking.refund_due_pence <= 0 || !booking.payment_id) return;
    const payment = (await payments.findById(booking.payment_id))!;
    const refund = await payments.provider.refund({
      intentId: payment.provider_ref!,
      amountPence: booking.refund_due_pence,
      idempotencyKey: `refund-booking-${booking.id}`,
    });
    await db.transaction().execute(async (trx) => {
      await bookingsRepo(trx).refundMade(booking.id, booking.refund_due_pence);
    });
    await recordRefund({
      id: `refund_${refund.id}`,
      intentId: payment.provider_ref!,
      amountRefunded: payment.refunded_pence + refund.amountPence,
    });
  }

  /** Who is booking: a signed-in person as themselves (and a member if their membership is current), else the form's name and e-mail. */
  async function booker(request: BookRequest, principal: Principal | undefined, now: Date) {
    if (principal) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name', 'last_renewed_date', 'language'])
        .where('id', '=', principal.id)
        .executeTakeFirst();
      if (!user) throw unauthorized();
      return {
        userId: user.id,
        name: `${user.first_name} ${user.last_name}`,
        email: user.email,
        member: isMember(user.last_renewed_date, now),
        // A member's mail comes in the language they chose (decision 191).
        language: user.language,
      };
    }
    if (!request.name) throw new ValidationError('name is required', 'name');
    if (!request.email) throw new ValidationError('email is required', 'email');
    // A visitor's, in the language of the page they booked on.
    return { userId: null, name: request.name, email: request.email, member: false, language: request.language ?? 'en' };
  }

  return {
    async book(
      eventId: string,
      request: BookRequest,
      principal: Principal | undefined,
      ip: string,
      cardCheck?: string,
    ): Promise<BookResponse> {
      const now = clock();
      await expireLapsed(eventId);
      const event = await eventsRepo(db).find(eventId);
      if (!event) throw notFound('Event not found');
      const state = bookingState(event, now);
      if (state === 'not_open_yet') throw conflict(`Booking opens on ${formatEventDate(event.booking_opens_at!)}`);
      if (state === 'closed') throw conflict('Booking for this event has closed');
      const who = await booker(request, principal, now);
      if (event.members_only === 1 && !who.member) {
        throw principal
          ? forbidden('This event is for members. Renew your membership to book it.')
          : unauthorized('This event is for members: please sign in to book');
      }
      const price = bookingPrice(event, who.member);
      await limiter.hit(
        { bucket: 'event-book', key: addressKey(ip), ...BOOKING_LIMIT },
        'Too many bookings from this address. Please wait a few minutes and try again.',
      );
      // A visitor's free place waits for the link in their e-mail (decision 092): made-up addresses
      // never confirm, and their places go back within the hour.
      const unconfirmed = !principal && price === 0;
      if (!principal) {
        if (await bookingsRepo(db).liveFor(event.id, emailKey(who.email))) throw conflict(BOOKED_ALREADY);
        await limiter.hit(
          { bucket: 'event-book-visitor', key: `${event.id} ${addressKey(ip)}`, ...VISITOR_BOOKINGS_PER_EVENT },
          'Too many bookings of this event from this address. Please ask the association if you are booking for a group.',
        );
      }
      if (price > 0) await brake.beforeStart({ ip, check: cardCheck }, { pausable: true });

      const out = await outside();
      // Read before the transaction: on SQLite it holds the one connection.
      const consentVersion = request.news_email && deps.consentWording ? wordingVersion(await deps.consentWording()) : null;
      const id = randomUUID();
      let booking: BookingRow;
      try {
        booking = await db.transaction().execute(async (trx) => {
          const repo = bookingsRepo(trx);
          const claimed = await repo.claimPlace(event.id);
          const status = unconfirmed ? 'unconfirmed' : !claimed ? 'waitlisted' : price > 0 ? 'held' : 'confirmed';
          const row: BookingRow = {
            id,
            event_id: event.id,
            user_id: who.userId,
            name: who.name,
            email: who.email,
            // Unconfirmed: no key yet, so it stops nobody (the member whose address it names) from booking.
            active_key: unconfirmed ? null : emailKey(who.email),
            status,
            price_pence: price,
            payment_id: null,
            hold_until: status === 'held' ? later(now, PAYMENT_HOLD_MS) : status === 'unconfirmed' ? later(now, CONFIRM_HOLD_MS) : null,
            created_at: now.toISOString(),
            confirmed_at: status === 'confirmed' ? now.toISOString() : null,
            cancelled_at: null,
            refunded_pence: 0,
            refund_due_pence: 0,
            reminded_at: null,
            attended_at: null,
            certificate_number: null,
            note: null,
            place_held: unconfirmed && claimed ? 1 : 0,
            // An unconfirmed address is not yet anyone's consent: it counts once the link confirms it.
            news_consent_version: unconfirmed ? consentVersion : null,
            language: who.language,
          };
          await repo.insert(row);
          if (consentVersion && !unconfirmed)
            await recordConsent(trx, {
              userId: who.userId,
              email: who.email,
              newsEmail: true,
              source: 'book',
              version: consentVersion,
              at: now.toISOString(),
            });
          if (status === 'unconfirmed') await mailer.queue(confirmPlaceMail(event, row, out.link(row), row.hold_until!, out.ctx), trx);
          if (status === 'confirmed') await mailer.queue(confirmation(event, row, out), trx);
          if (status === 'waitlisted') await mailer.queue(waitlistedMail(event, row, out.link(row), out.ctx), trx);
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(BOOKED_ALREADY);
        throw error;
      }
      mailer.deliverSoon();
      if (booking.status === 'unconfirmed')
        return { booking_id: id, status: 'check_email', amount_pence: 0, hold_until: booking.hold_until! };
      if (booking.status !== 'held')
        return { booking_id: id, status: booking.status === 'confirmed' ? 'confirmed' : 'waitlisted', amount_pence: price };
      return { booking_id: id, status: 'payment_required', amount_pence: price, ...(await startPayment(event, booking, ip)) };
    },

    /**
     * A visitor's booking sent by the event's page before its script ran (decision 082): a place
     * that costs them nothing is booked as through the API; one that costs money needs the card
     * step, which needs the script, so nothing is held and the page says so.
     */
    async bookWithoutScript(eventId: string, request: BookRequest, ip: string): Promise<BookResponse | { status: 'needs_card' }> {
      const event = await eventsRepo(db).find(eventId);
      if (!event) throw notFound('Event not found');
      // A visitor pays the price for others (members sign in, which needs the script).
      if (event.members_only === 0 && bookingPrice(event, false) > 0 && bookingState(event, clock()) === 'open')
        return { status: 'needs_card' };
      return this.book(eventId, request, undefined, ip);
    },

    expireLapsed,

    /** The bookings' part of export and erasure (decision 099). */
    personalData: eventsPersonalData({
      mailer,
      releasePlace: (trx, event, mail) => releasePlace(trx, event, mailKit(mail, linkSecret)),
      refundNow: (id) => refundNowOrLater(id),
      cancelPayment: async (paymentId) => {
        await payments.cancelUnpaid(paymentId);
      },
    }),

    /** My Profile: upcoming bookings soonest first, then past ones latest first. */
    async mine(userId: string): Promise<MyBooking[]> {
      const now = clock();
      const rows = (await bookingsRepo(db).ofUser(userId)).map((b) => ({
        _id: b.id,
        status: b.status,
        price_pence: b.price_pence,
        event: { _id: b.event_id, title: b.title, date: b.starts_at, end_date: b.ends_at },
        upcoming: !isPastEvent(b.ends_at ?? b.starts_at, now),
        can_cancel: b.status !== 'cancelled' && b.status !== 'expired' && now.toISOString() < b.starts_at,
        has_certificate: certificateStands(b),
      }));
      return [...rows.filter((b) => b.upcoming), ...rows.filter((b) => !b.upcoming).reverse()];
    },

    async view(id: string, auth: BookingAuth): Promise<BookingView> {
      const booking = await authorised(id, auth);
      const event = (await eventsRepo(db).find(booking.event_id))!;
      return {
        _id: booking.id,
        status: booking.status,
        name: booking.name,
        email: booking.email,
        price_pence: booking.price_pence,
        hold_until: booking.hold_until,
        event: {
          _id: event.id,
          title: event.title,
          date: event.starts_at,
          end_date: event.ends_at,
          venue_name: event.venue_name,
          venue_address: event.venue_address,
        },
        online_url: booking.status === 'confirmed' ? event.online_url : null,
        can_cancel: cancellable(booking, event),
        refund_on_cancel: (await refundable(booking, event, false)) > 0,
        refunded_pence: booking.refunded_pence,
        has_certificate: certificateStands(booking),
      };
    },

    /**
     * A visitor confirms their free booking from the e-mail's link (the page's button, never the
     * link itself): the place it held is theirs, or, if the event was full when they booked, a
     * free place now or the waitlist. Its e-mail becomes the booking's key only now, so an address
     * that has a live booking (a member who booked signed in, say) keeps that one and this lapses.
     */
    async confirm(id: string, auth: BookingAuth): Promise<BookResponse> {
      const booking = await authorised(id, auth);
      const event = (await eventsRepo(db).find(booking.event_id))!;
      if (booking.status === 'confirmed' || booking.status === 'waitlisted')
        return { booking_id: id, status: booking.status, amount_pence: 0 };
      if (booking.status !== 'unconfirmed' || !booking.hold_until || booking.hold_until <= clock().toISOString())
        throw conflict('This booking has lapsed or was cancelled. Book again from the event’s page.');
      const out = await outside();
      const now = clock().toISOString();
      let outcome: 'confirmed' | 'waitlisted' | 'lapsed';
      try {
        outcome = await db.transaction().execute(async (trx) => {
          const repo = bookingsRepo(trx);
          const place = booking.place_held === 1 || (await repo.claimPlace(event.id));
          const changes = place
            ? { status: 'confirmed' as const, confirmed_at: now, hold_until: null, place_held: 0, active_key: emailKey(booking.email) }
            : { status: 'waitlisted' as const, hold_until: null, place_held: 0, active_key: emailKey(booking.email) };
          if (!(await repo.changeStatus(booking.id, 'unconfirmed', changes))) {
            // Lapsed or cancelled meanwhile: a place claimed here goes back.
            if (place && booking.place_held !== 1) await repo.freePlace(event.id);
            return 'lapsed' as const;
          }
          const row = { ...booking, ...changes };
          if (booking.news_consent_version)
            await recordConsent(trx, {
              userId: booking.user_id,
              email: booking.email,
              newsEmail: true,
              source: 'book',
              version: booking.news_consent_version,
              at: now,
            });
          await mailer.queue(place ? confirmation(event, row, out) : waitlistedMail(event, row, out.link(row), out.ctx), trx);
          return changes.status;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The address has a live booking already: this one lapses, and its place goes on.
        await db.transaction().execute(async (trx) => {
          if (!(await bookingsRepo(trx).changeStatus(booking.id, 'unconfirmed', { status: 'expired', hold_until: null, place_held: 0 })))
            return;
          if (holdsPlace(booking)) for (const message of await releasePlace(trx, event, out)) await mailer.queue(message, trx);
        });
        mailer.deliverSoon();
        throw conflict(BOOKED_ALREADY);
      }
      if (outcome === 'lapsed') {
        // Another press of the button came first: answer as it left the booking.
        const after = (await bookingsRepo(db).find(id))!;
        if (after.status === 'confirmed' || after.status === 'waitlisted') return { booking_id: id, status: after.status, amount_pence: 0 };
        throw conflict('This booking has lapsed or was cancelled. Book again from the event’s page.');
      }
      mailer.deliverSoon();
      return { booking_id: id, status: outcome, amount_pence: 0 };
    },

    /** Takes a place offered from the waitlist: free ones are confirmed, paid ones held for their payment. */
    async take(id: string, auth: BookingAuth, ip: string, cardCheck?: string): Promise<BookResponse> {
      await expireLapsed();
      const booking = await authorised(id, auth);
      const event = (await eventsRepo(db).find(booking.event_id))!;
      if (booking.status !== 'offered') throw conflict('No place is offered to this booking now: the offer may have lapsed');
      const now = clock();
      const out = await outside();
      const paid = booking.price_pence > 0;
      if (paid) await brake.beforeStart({ ip, check: cardCheck }, { pausable: true });
      const changes = paid
        ? { status: 'held' as const, hold_until: later(now, PAYMENT_HOLD_MS) }
        : { status: 'confirmed' as const, hold_until: null, confirmed_at: now.toISOString() };
      const taken = await db.transaction().execute(async (trx) => {
        if (!(await bookingsRepo(trx).changeStatus(booking.id, 'offered', changes))) return false;
        if (!paid) await mailer.queue(confirmation(event, { ...booking, ...changes }, out), trx);
        return true;
      });
      if (!taken) throw conflict('No place is offered to this booking now: the offer may have lapsed');
      if (!paid) {
        mailer.deliverSoon();
        return { booking_id: id, status: 'confirmed', amount_pence: 0 };
      }
      return {
        booking_id: id,
        status: 'payment_required',
        amount_pence: booking.price_pence,
        ...(await startPayment(event, { ...booking, ...changes }, ip)),
      };
    },

    /**
     * Cancels a booking (the attendee, or the admin with `admin`): its place passes on, and a paid
     * booking is refunded when cancelled before the event's cut-off (the admin refunds any in full,
     * or none, as they choose). The refund is decided in the cancelling transaction and made after
     * it; a provider failure leaves it due, answered 502, and the scheduled jobs (or cancelling
     * again) make it later.
     */
    async cancel(id: string, auth: BookingAuth, admin?: AdminCancel): Promise<{ status: BookingRow['status']; refunded_pence: number }> {
      const byAdmin = admin !== undefined;
      const booking = byAdmin ? await found(id) : await authorised(id, auth);
      const event = (await eventsRepo(db).find(booking.event_id))!;
      if (booking.status !== 'cancelled' && booking.status !== 'expired') {
        if (!byAdmin && !cancellable(booking, event)) throw conflict('This event has started: the booking can no longer be cancelled');
        const out = await outside();
        const due = admin?.refund === false ? 0 : await refundable(booking, event, byAdmin);
        const changed = await db.transaction().execute(async (trx) => {
          const repo = bookingsRepo(trx);
          const now = clock().toISOString();
          if (
            !(await repo.changeStatus(booking.id, booking.status, {
              status: 'cancelled',
              cancelled_at: now,
              hold_until: null,
              refund_due_pence: due,
              place_held: 0,
            }))
          )
            return false;
          if (holdsPlace(booking)) for (const message of await releasePlace(trx, event, out)) await mailer.queue(message, trx);
          await mailer.queue(cancelledMail(event, booking, due, out.ctx), trx);
          await admin?.record(trx, booking, event, due);
          return true;
        });
        // Another cancel (or an expiry) came first: answer as it left the booking.
        if (changed) mailer.deliverSoon();
        // A card step still open on the page takes no money for a cancelled booking.
        if (changed && booking.status === 'held' && booking.payment_id)
          await payments.cancelUnpaid(booking.payment_id).catch((error: unknown) => {
            log.warn({ err: error, bookingId: booking.id }, 'Could not cancel the card payment of a cancelled hold');
          });
      }
      await makeRefund(id);
      const after = (await bookingsRepo(db).find(id))!;
      return { status: after.status, refunded_pence: after.refunded_pence };
    },

    /**
     * Places free while people wait: the admin raised the capacity or removed it. Each free place
     * goes to the next on the waitlist, claimed with the offer and its mail in one transaction; run
     * after an event's details are saved, and by the scheduled jobs for all events.
     */
    async offerFreePlaces(eventId?: string): Promise<number> {
      const events = eventId ? [eventId] : await bookingsRepo(db).eventsWithWaitlist(clock().toISOString());
      const out = await outside();
      let offered = 0;
      for (const id of events) {
        while (await db.transaction().execute((trx) => offerOneFreePlace(trx, id, out))) offered++;
      }
      if (offered) mailer.deliverSoon();
      return offered;
    },

    refundNow: refundNowOrLater,

    /** Refunds decided but not made (the provider failed at the time); run by the scheduled jobs. */
    async retryRefunds(): Promise<number> {
      let made = 0;
      for (const booking of await bookingsRepo(db).refundsDue()) {
        try {
          await makeRefund(booking.id);
          made++;
        } catch (error) {
          log.warn({ err: error, bookingId: booking.id }, 'A booking refund failed again; it will be retried');
        }
      }
      return made;
    },

    /** Reminders a day before, each once (claimed with its mail in one transaction); not for bookings made within that day. */
    async sendReminders(): Promise<number> {
      const now = clock();
      const due = await bookingsRepo(db).dueReminders(now.toISOString(), later(now, REMINDER_BEFORE_MS));
      if (!due.length) return 0;
      const out = await outside();
      let sent = 0;
      for (const booking of due) {
        const queued = await db.transaction().execute(async (trx) => {
          const event = await eventsRepo(trx).find(booking.event_id);
          if (!event || !(await bookingsRepo(trx).markReminded(booking.id, now.toISOString()))) return false;
          const bookedWithinTheDay =
            booking.confirmed_at !== null && booking.confirmed_at > later(new Date(event.starts_at), -REMINDER_BEFORE_MS);
          if (bookedWithinTheDay) return false;
          // Someone who left event reminders (their List-Unsubscribe, decision 122) gets none.
          if (await hasOptedOut(trx, booking.email, BOOKING_REMINDERS)) return false;
          const mail = reminderMail(event, booking, out.link(booking), out.ctx, now);
          await mailer.queue(await refusable(trx, mail, BOOKING_REMINDERS, out.ctx, now.toISOString(), booking.language), trx);
          return true;
        });
        if (queued) sent++;
      }
      if (sent) mailer.deliverSoon();
      return sent;
    },
  };

  /** Asks the provider for the card step; if it fails, the held place is given back at once. */
  async function startPayment(event: EventRow, booking: BookingRow, ip: string) {
    try {
      const { paymentId, clientSecret } = await payments.begin({
        kind: 'booking',
        amountPence: booking.price_pence,
        email: booking.email,
        description: `Booking: ${event.title}`.slice(0, 200),
        userId: booking.user_id,
        referenceId: booking.id,
        clientIp: ip,
      });
      await bookingsRepo(db).setPayment(booking.id, paymentId);
      return { client_secret: clientSecret!, hold_until: booking.hold_until! };
    } catch (error) {
      const out = await outside();
      await db.transaction().execute(async (trx) => {
        if (!(await bookingsRepo(trx).changeStatus(booking.id, 'held', { status: 'expired', hold_until: null }))) return;
        for (const message of await releasePlace(trx, event, out)) await mailer.queue(message, trx);
      });
      throw error;
    }
  }
}
export type BookingsService = ReturnType<typeof bookingsService>;

/**
 * Completing a booking's payment confirms the held place and sends the confirmation (the
 * receipt). A payment that arrives when the booking no longer waits for it (its hold lapsed and
 * the place went on, or it was cancelled) is refunded in full: the refund is
 * recorded as due and the payer's mail saying why is queued here, in the fulfilment's transaction
 * (once), and the refund is made as soon as that has committed (`refundNow`; the scheduled jobs
 * retry one the provider refused).
 */
export function bookingFulfilment(
  clock: () => Date,
  linkSecret: string,
  refundNow: (bookingId: string) => Promise<void>,
): FulfilmentHandler {
  return async (trx, payment, ctx) => {
    const repo = bookingsRepo(trx);
    const booking = payment.reference_id ? await repo.find(payment.reference_id) : undefined;
    if (!booking) throw new Error(`Booking payment ${payment.id} has no booking`);
    const event = await eventsRepo(trx).find(booking.event_id);
    if (!event) throw new Error(`Booking ${booking.id} has no event`);
    const now = clock().toISOString();
    if (await repo.changeStatus(booking.id, 'held', { status: 'confirmed', confirmed_at: now, hold_until: null })) {
      return { mail: [confirmation(event, { ...booking, status: 'confirmed', confirmed_at: now }, mailKit(ctx, linkSecret))] };
    }
    // A booking has one payment (a hold starts it, and only one hold per booking); a card payment only
    // reaches here late (one recorded by hand confirms its booking in the same transaction).
    if (booking.payment_id !== payment.id || payment.provider === 'offline' || payment.provider === 'none')
      throw new Error(`Payment ${payment.id} arrived for booking ${booking.id}, which does not wait for it`);
    const reason = booking.status === 'cancelled' ? 'cancelled' : 'lapsed';
    await repo.setRefundDue(booking.id, payment.amount_pence);
    return {
      // An erased booker has no address left: the refund alone goes back to the card.
      mail: isErasedBooking(booking) ? [] : [latePaymentMail(event, booking, payment.amount_pence, reason, ctx)],
      afterCommit: () => refundNow(booking.id),
    };
  };
}
