import { cpdHours } from '../../../shared/domain/certificate-number';
import { formatEventSpan } from '../../../shared/domain/event-dates';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';
import type { BookingRow } from './bookings.repo';
import type { EventRow } from './events.repo';

/** Sent once, when attendance is first marked: the link opens the booking page, where the certificate downloads. */
export function certificateMail(
  event: EventRow,
  booking: Pick<BookingRow, 'name' | 'email'>,
  number: string,
  link: string,
  ctx: MailContext,
): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${booking.name},`,
    paragraphs: [
      `Thank you for coming to ${event.title}.`,
      'Your certificate of attendance is ready: the link below opens your booking, where you can download it as a PDF for your CPD record. It is also in My Profile if you have an account.',
    ],
    receipt: [
      ['Event', event.title],
      ['When', formatEventSpan(event.starts_at, event.ends_at)],
      ...(event.cpd_minutes ? [['CPD', cpdHours(event.cpd_minutes)] as [string, string]] : []),
      ['Certificate number', number],
    ],
    action: { label: 'Download your certificate', url: link },
  });
  return { to: booking.email, subject: `Your certificate: ${event.title}`, kind: 'booking-certificate', ...body };
}
