import { formatEventDate, formatEventSpan } from '../../../shared/domain/event-dates';
import type { Language } from '../../../shared/domain/language';
import { londonDate } from '../../../shared/domain/london-time';
import { formatPence } from '../../../shared/domain/money';
import { pageUrl } from '../../../shared/domain/page-paths';
import { fillText, type Words } from '../../../shared/domain/site-text-languages';
import type { MailAttachment, MailMessage } from '../../integrations/mail/mailer';
import { renderMailIn, wordsFor, type MailBody, type MailContext } from '../../integrations/mail/template';
import type { BookingRow } from './bookings.repo';
import { inLanguageOf } from './event-words';
import type { EventRow } from './events.repo';

/**
 * Booking mail, each in the language of its booking (the page it was made on; a member's own,
 * decision 191), with the event's Armenian title and venue where it has them (decision 180).
 */

/** Where the attendee manages the booking, in their language: the secret is in the fragment, which browsers never send to a server. */
export function bookingLink(ctx: MailContext, bookingId: string, token: string, language: Language = 'en'): string {
  return `${pageUrl(ctx.publicUrl, 'booking', { bookingId }, language)}#${token}`;
}

type Person = Pick<BookingRow, 'id' | 'name' | 'email' | 'price_pence' | 'language'>;

/** The event's lines under a booking mail: its title and place in the reader's language, dates and money as they read them. */
export function eventFacts(
  event: EventRow,
  booking: Pick<BookingRow, 'price_pence' | 'id'>,
  withOnlineLink: boolean,
  { text, language }: Words,
): [string, string][] {
  const words = inLanguageOf(event, language);
  const place = [words.venue_name, words.venue_address?.replace(/\s*\n\s*/g, ', ')].filter(Boolean).join(', ');
  return [
    [text('mail.event.event'), words.title],
    [text('mail.event.when'), formatEventSpan(event.starts_at, event.ends_at, language)],
    ...(place ? [[text('mail.event.where'), place] as [string, string]] : []),
    ...(withOnlineLink && event.online_url ? [[text('mail.event.online_link'), event.online_url] as [string, string]] : []),
    [text('mail.receipt.price'), booking.price_pence === 0 ? text('events.free') : formatPence(booking.price_pence, language)],
    [text('mail.event.reference'), booking.id],
  ];
}

/** One booking mail: its words in the booking's language, the event named in it. */
function bookingMail(
  event: EventRow,
  booking: Person,
  ctx: MailContext,
  kind: string,
  write: (words: Words, title: { event: string }) => { subject: string; body: Omit<MailBody, 'name'> },
): MailMessage {
  const words = wordsFor(ctx, booking.language);
  const { subject, body } = write(words, { event: inLanguageOf(event, booking.language).title });
  return { to: booking.email, subject, kind, ...renderMailIn(words, ctx, { name: booking.name, ...body }) };
}

export function confirmationMail(event: EventRow, booking: Person, link: string, ics: string, ctx: MailContext): MailMessage {
  const attachment: MailAttachment = { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics };
  const message = bookingMail(event, booking, ctx, 'booking-confirmed', (words, title) => ({
    subject: fillText(words.text('mail.booking.confirmed.subject'), title),
    body: {
      paragraphs: [
        [
          fillText(words.text('mail.booking.confirmed.body'), title),
          ...(booking.price_pence > 0 ? [words.text('mail.booking.receipt')] : []),
        ].join(' '),
        words.text('mail.booking.confirmed.calendar'),
      ],
      receipt: eventFacts(event, booking, true, words),
      action: { label: words.text('mail.booking.manage'), url: link },
    },
  }));
  return { ...message, attachments: [attachment] };
}

/** A visitor's free place, held until they confirm it: the link opens a page whose button confirms (decision 092). */
export function confirmPlaceMail(event: EventRow, booking: Person, link: string, until: string, ctx: MailContext): MailMessage {
  return bookingMail(event, booking, ctx, 'booking-unconfirmed', (words, title) => ({
    subject: fillText(words.text('mail.booking.confirm_place.subject'), title),
    body: {
      paragraphs: [
        fillText(words.text('mail.booking.confirm_place.body'), {
          ...title,
          button: words.text('booking.confirm'),
          until: formatEventDate(until, words.language),
        }),
        words.text('mail.booking.confirm_place.held'),
      ],
      receipt: eventFacts(event, booking, false, words),
      action: { label: words.text('booking.confirm'), url: link },
    },
  }));
}

export function waitlistedMail(event: EventRow, booking: Person, link: string, ctx: MailContext): MailMessage {
  return bookingMail(event, booking, ctx, 'booking-waitlisted', (words, title) => ({
    subject: fillText(words.text('mail.booking.waitlisted.subject'), title),
    body: {
      paragraphs: [fillText(words.text('mail.booking.waitlisted.body'), title), words.text('mail.booking.waitlisted.offer')],
      receipt: eventFacts(event, booking, false, words),
      action: { label: words.text('mail.booking.waitlisted.action'), url: link },
    },
  }));
}

/** "today" or "tomorrow" in London, as the event's day is to the moment the reminder is written. */
function dayWord(startsAt: string, now: Date): 'today' | 'tomorrow' {
  return londonDate(new Date(startsAt)) === londonDate(now) ? 'today' : 'tomorrow';
}

export function reminderMail(event: EventRow, booking: Person, link: string, ctx: MailContext, now: Date): MailMessage {
  const day = dayWord(event.starts_at, now);
  return bookingMail(event, booking, ctx, 'booking-reminder', (words, title) => ({
    subject: fillText(
      words.text(day === 'today' ? 'mail.booking.reminder.subject_today' : 'mail.booking.reminder.subject_tomorrow'),
      title,
    ),
    body: {
      paragraphs: [fillText(words.text(day === 'today' ? 'mail.booking.reminder.today' : 'mail.booking.reminder.tomorrow'), title)],
      receipt: eventFacts(event, booking, true, words),
      action: { label: words.text('mail.booking.manage'), url: link },
    },
  }));
}

export function offerMail(event: EventRow, booking: Person, link: string, until: string, ctx: MailContext): MailMessage {
  return bookingMail(event, booking, ctx, 'booking-offer', (words, title) => ({
    subject: fillText(words.text('mail.booking.offer.subject'), title),
    body: {
      paragraphs: [
        fillText(words.text('mail.booking.offer.body'), title),
        fillText(words.text(booking.price_pence > 0 ? 'mail.booking.offer.take_and_pay' : 'mail.booking.offer.take'), {
          until: formatEventDate(until, words.language),
        }),
      ],
      receipt: eventFacts(event, booking, false, words),
      action: { label: words.text('booking.take'), url: link },
    },
  }));
}

export function cancelledMail(event: EventRow, booking: Person, refundPence: number, ctx: MailContext): MailMessage {
  return bookingMail(event, booking, ctx, 'booking-cancelled', (words, title) => ({
    subject: fillText(words.text('mail.booking.cancelled.subject'), title),
    body: {
      paragraphs: [
        fillText(words.text('mail.booking.cancelled.body'), title),
        ...(refundPence > 0
          ? [fillText(words.text('mail.booking.cancelled.refund'), { amount: formatPence(refundPence, words.language) })]
          : booking.price_pence > 0
            ? [words.text('mail.booking.cancelled.no_refund')]
            : []),
      ],
      receipt: eventFacts(event, booking, false, words),
    },
  }));
}

/** Why a payment came too late for its booking, in the payer's words. */
export type LateReason = 'lapsed' | 'cancelled';

/** A card payment that arrived when its booking no longer waited for it: refunded in full, and why. */
export function latePaymentMail(event: EventRow, booking: Person, amountPence: number, reason: LateReason, ctx: MailContext): MailMessage {
  return bookingMail(event, booking, ctx, 'booking-payment-refunded', (words, title) => ({
    subject: fillText(words.text('mail.booking.late.subject'), title),
    body: {
      paragraphs: [
        fillText(words.text(reason === 'lapsed' ? 'mail.booking.late.lapsed' : 'mail.booking.late.cancelled'), title),
        fillText(words.text('mail.booking.late.refund'), { amount: formatPence(amountPence, words.language) }),
        words.text('mail.booking.late.again'),
      ],
      receipt: eventFacts(event, { ...booking, price_pence: amountPence }, false, words),
      action: {
        label: words.text('mail.booking.late.action'),
        url: pageUrl(ctx.publicUrl, 'event', { eventId: event.id }, words.language),
      },
    },
  }));
}
