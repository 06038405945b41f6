import { cpdHours } from '../../../shared/domain/certificate-number';
import { formatEventSpan } from '../../../shared/domain/event-dates';
import type { Language } from '../../../shared/domain/language';
import { fillText } from '../../../shared/domain/site-text-languages';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMailIn, wordsFor, type MailContext } from '../../integrations/mail/template';
import type { BookingRow } from './bookings.repo';
import { inLanguageOf } from './event-words';
import type { EventRow } from './events.repo';

/** CPD time as an Armenian reader writes it: "1,5 ժամ", "45 րոպե" (no plural after a number). */
function cpdTime(minutes: number, language: Language): string {
  if (language === 'en') return cpdHours(minutes);
  if (minutes < 60) return `${minutes} րոպե`;
  return `${String(Math.round((minutes / 60) * 100) / 100).replace('.', ',')} ժամ`;
}

/**
 * Sent once, when attendance is first marked: the link opens the booking page, where the
 * certificate downloads. In the booking's language (decision 191).
 */
export function certificateMail(
  event: EventRow,
  booking: Pick<BookingRow, 'name' | 'email' | 'language'>,
  number: string,
  link: string,
  ctx: MailContext,
): MailMessage {
  const words = wordsFor(ctx, booking.language);
  const { text, language } = words;
  const title = { event: inLanguageOf(event, language).title };
  const body = renderMailIn(words, ctx, {
    name: booking.name,
    paragraphs: [fillText(text('mail.certificate.body'), title), text('mail.certificate.ready')],
    receipt: [
      [text('mail.event.event'), title.event],
      [text('mail.event.when'), formatEventSpan(event.starts_at, event.ends_at, language)],
      ...(event.cpd_minutes ? [[text('mail.certificate.cpd'), cpdTime(event.cpd_minutes, language)] as [string, string]] : []),
      [text('mail.certificate.number'), number],
    ],
    action: { label: text('mail.certificate.action'), url: link },
  });
  return { to: booking.email, subject: fillText(text('mail.certificate.subject'), title), kind: 'booking-certificate', ...body };
}
