import type { FastifyInstance } from 'fastify';
import { bookRequest } from '../../../shared/api/bookings';
import { isEventId } from '../../../shared/api/events';
import { pagePath } from '../../../shared/domain/page-paths';
import { HttpError } from '../../http/errors';
import { addPageForm, fieldErrors, refusalOutcome } from '../../http/page-form';
import type { PageResponder } from '../../http/spa';
import { ValidationError } from '../../http/validation';
import type { BookingsService } from './bookings.service';

/** The fields the booking form draws: a fault of any other goes in the form's message. */
const DRAWN_FIELDS = new Set(['name', 'email']);

/**
 * The event page's booking form as a browser posts it before the page's script has taken it over
 * (decisions 082, 085): a visitor's free place is booked as the API books it (held until the
 * e-mail's link confirms it) and the page's address names the outcome; a paid place needs the
 * card step, which needs the script, and nothing is held; a refusal comes back as the page with
 * the fields as typed and the reason beside its field.
 */
export function bookingsPageForms(app: FastifyInstance, answer: PageResponder, publicUrl: string, bookings: BookingsService) {
  addPageForm(app, answer, publicUrl, {
    page: 'event',
    form: 'booking',
    async handle({ req, fields, params, language }) {
      const id = params.eventId ?? '';
      const news = fields.news_email === 'true';
      const values = { name: fields.name ?? '', email: fields.email ?? '', ...(news ? { news_email: 'true' } : {}) };
      if (!isEventId(id)) return { status: 404, values, message: { tone: 'error', text: 'Event not found' } };
      // A visitor gives both (the page asks for both); an empty field is named, not skipped.
      const request = bookRequest.safeParse({
        name: values.name.trim(),
        email: values.email.trim(),
        ...(news ? { news_email: true } : {}),
        // The visitor's mail in the language of the page they booked on (decision 191).
        language,
      });
      if (!request.success) {
        const faults = fieldErrors(request.error);
        const drawn = Object.fromEntries(Object.entries(faults).filter(([name]) => DRAWN_FIELDS.has(name)));
        const other = Object.entries(faults).find(([name]) => !DRAWN_FIELDS.has(name))?.[1];
        return { status: 400, values, fields: drawn, ...(other ? { message: { tone: 'error', text: other } } : {}) };
      }
      try {
        const outcome = await bookings.bookWithoutScript(id, request.data, req.ip);
        // Nothing held: the card step needs the page's script, which the page says. (A place that
        // became paid in the instant between, payment_required, lapses with its hold unpaid.)
        if (outcome.status === 'needs_card' || outcome.status === 'payment_required')
          return { values, message: { tone: 'info', key: 'event.book.needs_script' } };
        return { seeOther: `${pagePath('event', { eventId: id })}?booking=${outcome.status}` };
      } catch (error) {
        // The service's word about one field goes beside it, as the API's answer names it.
        if (error instanceof ValidationError && error.field && DRAWN_FIELDS.has(error.field))
          return { status: 400, values, fields: { [error.field]: error.detail } };
        // Any other refusal (closed, members only, a limit) is the page's message, the fields kept.
        if (error instanceof HttpError && error.status < 500) return { ...refusalOutcome(req, error), values };
        throw error;
      }
    },
  });
}
