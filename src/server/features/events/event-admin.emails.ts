import { formatEventSpan } from '../../../shared/domain/event-dates';
import type { Language } from '../../../shared/domain/language';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMailIn, wordsFor, type MailContext } from '../../integrations/mail/template';
import { inLanguageOf } from './event-words';
import type { EventRow } from './events.repo';

/**
 * The admin's message to one attendee: their words, plain text, as written (a blank line starts a
 * paragraph); its frame (greeting, the event's lines, the button) in the attendee's language (decision 191).
 */
export function attendeeMessage(
  event: EventRow,
  person: { name: string; email: string; language: Language },
  message: { subject: string; body: string },
  link: string,
  ctx: MailContext,
): MailMessage {
  const words = wordsFor(ctx, person.language);
  const { text, language } = words;
  const body = renderMailIn(words, ctx, {
    name: person.name,
    paragraphs: message.body
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    receipt: [
      [text('mail.event.event'), inLanguageOf(event, language).title],
      [text('mail.event.when'), formatEventSpan(event.starts_at, event.ends_at, language)],
    ],
    action: { label: text('mail.event.see_booking'), url: link },
  });
  return { to: person.email, subject: message.subject, kind: 'event-message', ...body };
}
