import { formatEventSpan } from '../../../shared/domain/event-dates';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';
import type { EventRow } from './events.repo';

/** The admin's message to one attendee: their words, plain text; a blank line starts a paragraph. */
export function attendeeMessage(
  event: EventRow,
  person: { name: string; email: string },
  message: { subject: string; body: string },
  link: string,
  ctx: MailContext,
): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${person.name},`,
    paragraphs: message.body
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    receipt: [
      ['Event', event.title],
      ['When', formatEventSpan(event.starts_at, event.ends_at)],
    ],
    action: { label: 'See your booking', url: link },
  });
  return { to: person.email, subject: message.subject, kind: 'event-message', ...body };
}
