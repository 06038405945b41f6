import { formatEventDate, formatEventSpan } from '../../../shared/domain/event-dates';
import { londonDate } from '../../../shared/domain/london-time';
import { formatPence } from '../../../shared/domain/money';
import type { MailAttachment, MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';
import type { EventRow } from './events.repo';
import type { BookingRow } from './bookings.repo';
import { pageUrl } from '../../../shared/domain/page-paths';

/** Where the attendee manages the booking: the secret is in the fragment, which browsers never send to a server. */
export function bookingLink(ctx: MailContext, bookingId: string, token: string): string {
  return `${pageUrl(ctx.publicUrl, 'booking', { bookingId })}#${token}`;
}

function facts(event: EventRow, booking: Pick<BookingRow, 'price_pence' | 'id'>, withOnlineLink: boolean): [string, string][] {
  const place = [event.venue_name, event.venue_address?.replace(/\s*\n\s*/g, ', ')].filter(Boolean).join(', ');
  return [
    ['Event', event.title],
    ['When', formatEventSpan(event.starts_at, event.ends_at)],
    ...(place ? [['Where', place] as [string, string]] : []),
    ...(withOnlineLink && event.online_url ? [['Online link', event.online_url] as [string, string]] : []),
    ['Price', booking.price_pence === 0 ? 'Free' : formatPence(booking.price_pence)],
    ['Booking reference', booking.id],
  ];
}

type Person = Pick<BookingRow, 'id' | 'name' | 'email' | 'price_pence'>;

export function confirmationMail(event: EventRow, booking: Person, link: string, ics: string, ctx: MailContext): MailMessage {
  const attachment: MailAttachment = { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics };
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${booking.name},`,
    paragraphs: [
      `Your place at ${event.title} is booked.${booking.price_pence > 0 ? ' This e-mail is your receipt.' : ''}`,
      'The attached file adds the event to your calendar. If you cannot come after all, please cancel, so that someone else can have your place.',
    ],
    receipt: facts(event, booking, true),
    action: { label: 'See or cancel your booking', url: link },
  });
  return { to: booking.email, subject: `Booking confirmed: ${event.title}`, kind: 'booking-confirmed', attachments: [attachment], ...body };
}

/** A visitor's free place, held until they confirm it: the link opens a page whose button confirms (decision 092). */
export function confirmPlaceMail(event: EventRow, booking: Person, link: string, until: string, ctx: MailContext): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${booking.name},`,
    paragraphs: [
      `Please confirm your place at ${event.title}: open the link below and press "Confirm my place" by ${formatEventDate(until)}.`,
      'Until then the place is held for you; after that it goes to someone else. If you did not ask for this place, ignore this e-mail and nothing is booked.',
    ],
    receipt: facts(event, booking, false),
    action: { label: 'Confirm my place', url: link },
  });
  return { to: booking.email, subject: `Confirm your place: ${event.title}`, kind: 'booking-unconfirmed', ...body };
}

export function waitlistedMail(event: EventRow, booking: Person, link: string, ctx: MailContext): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${booking.name},`,
    paragraphs: [
      `${event.title} is fully booked, so you are on its waitlist.`,
      'If a place becomes free, we will e-mail you a link to take it. The link works for 48 hours; after that the place goes to the next person.',
    ],
    receipt: facts(event, booking, false),
    action: { label: 'See or leave the waitlist', url: link },
  });
  return { to: booking.email, subject: `Waitlist: ${event.title}`, kind: 'booking-waitlisted', ...body };
}

/** "today" or "tomorrow" in London, as the event's day is to the moment the reminder is written. */
function dayWord(startsAt: string, now: Date): 'today' | 'tomorrow' {
  return londonDate(new Date(startsAt)) === londonDate(now) ? 'today' : 'tomorrow';
}

export function reminderMail(event: EventRow, booking: Person, link: string, ctx: MailContext, now: Date): MailMessage {
  const day = dayWord(event.starts_at, now);
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${booking.name},`,
    paragraphs: [`A reminder that ${event.title} is ${day}. We look forward to seeing you.`],
    receipt: facts(event, booking, true),
    action: { label: 'See or cancel your booking', url: link },
  });
  return { to: booking.email, subject: `${day === 'today' ? 'Today' : 'Tomorrow'}: ${event.title}`, kind: 'booking-reminder', ...body };
}

export function offerMail(event: EventRow, booking: Person, link: string, until: string, ctx: MailContext): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${booking.name},`,
    paragraphs: [
      `A place at ${event.title} has become free, and it is yours if you want it.`,
      `Take it by ${formatEventDate(until)} (London time)${booking.price_pence > 0 ? ', and pay for it then' : ''}. After that it goes to the next person on the waitlist.`,
    ],
    receipt: facts(event, booking, false),
    action: { label: 'Take the place', url: link },
  });
  return { to: booking.email, subject: `A place is free: ${event.title}`, kind: 'booking-offer', ...body };
}

export function cancelledMail(event: EventRow, booking: Person, refundPence: number, ctx: MailContext): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${booking.name},`,
    paragraphs: [
      `Your booking for ${event.title} is cancelled.`,
      ...(refundPence > 0
        ? [`${formatPence(refundPence)} is being refunded to your card; it usually arrives within 5 to 10 days.`]
        : booking.price_pence > 0
          ? ['As the cancellation came after the refund cut-off, the payment is not refunded.']
          : []),
    ],
    receipt: facts(event, booking, false),
  });
  return { to: booking.email, subject: `Booking cancelled: ${event.title}`, kind: 'booking-cancelled', ...body };
}

/** Why a payment came too late for its booking, in the payer's words. */
export type LateReason = 'lapsed' | 'cancelled';

/** A card payment that arrived when its booking no longer waited for it: refunded in full, and why. */
export function latePaymentMail(event: EventRow, booking: Person, amountPence: number, reason: LateReason, ctx: MailContext): MailMessage {
  const why: Record<LateReason, string> = {
    lapsed: `Your payment for ${event.title} reached us after the 30 minutes we hold a place for payment, and the place had been released.`,
    cancelled: `Your payment for ${event.title} reached us after the booking had been cancelled.`,
  };
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${booking.name},`,
    paragraphs: [
      why[reason],
      `We are refunding the ${formatPence(amountPence)} in full to your card; it usually arrives within 5 to 10 days.`,
      'If you would still like to come, please book again on the event’s page while places are available.',
    ],
    receipt: facts(event, { ...booking, price_pence: amountPence }, false),
    action: { label: 'See the event', url: `${ctx.publicUrl}/events/${event.id}` },
  });
  return { to: booking.email, subject: `Payment refunded: ${event.title}`, kind: 'booking-payment-refunded', ...body };
}
