import { cardCheckOf } from '../../http/client-address';
import type { FastifyInstance } from 'fastify';
import { BOOKING_TOKEN_HEADER, bookingsApi, bookRequest } from '../../../shared/api/bookings';
import type { PageAnswer } from '../../../shared/domain/page-answer';
import { isEventId } from '../../../shared/api/events';

import { HttpError, notFound } from '../../http/errors';
import { ValidationError } from '../../http/validation';
import { addRoute } from '../../http/route';
import type { BookingsService } from './bookings.service';

/** Booking ids are UUIDs like event ids. */
const isBookingId = isEventId;

export function bookingsRoutes(app: FastifyInstance, bookings: BookingsService) {
  // Public: a visitor books with a name and an e-mail; a signed-in person as themselves.
  addRoute(app, bookingsApi.book, {
    policy: 'public',
    handler: ({ params: { id }, body, req }) => {
      if (!isEventId(id)) throw notFound('Event not found');
      return bookings.book(id, body, req.principal ?? undefined, req.ip, cardCheckOf(req.headers));
    },
  });

  // The same form sent by the event's page before its script ran (decision 082): a free place is
  // booked and the page shows the outcome (its address names it); otherwise the page comes back
  // with what was typed and what to do. Never a JSON error: a person is reading the answer.
  addRoute(app, bookingsApi.bookFromPage, {
    policy: 'public',
    handler: async ({ params: { id }, body, req, reply }) => {
      const page = `/events/${encodeURIComponent(id)}`;
      const values = { name: body.name ?? '', email: body.email ?? '', ...(body.news_email === 'true' ? { news_email: 'true' } : {}) };
      const answer = (status: number, message: PageAnswer['message']) =>
        app.answerWithPage(req, reply, page, status, { form: 'booking', values, message });
      if (!isEventId(id)) return answer(404, { text: 'Event not found', kind: 'error' });
      const request = bookRequest.safeParse({
        name: values.name.trim(),
        email: values.email.trim(),
        ...(body.news_email === 'true' ? { news_email: true } : {}),
      });
      if (!request.success) {
        const issue = request.error.issues[0]!;
        return answer(400, { text: issue.message, field: String(issue.path[0] ?? ''), kind: 'error' });
      }
      try {
        const outcome = await bookings.bookWithoutScript(id, request.data, req.ip);
        // Nothing held: the card step needs the page's script, which the page says.
        if (outcome.status === 'needs_card') return answer(200, { text: '', key: 'event.book.needs_script', kind: 'info' });
        // Post, then redirect: a reload does not book twice, and the outcome is in the page's address.
        reply
          .code(303)
          .header('location', `${page}?booking=${outcome.status === 'payment_required' ? 'confirmed' : outcome.status}`)
          .type('text/html; charset=utf-8');
        return '';
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        const field = error instanceof ValidationError ? error.field : undefined;
        return answer(error.status, { text: error.detail, kind: 'error', ...(field ? { field } : {}) });
      }
    },
  });

  addRoute(app, bookingsApi.mine, { policy: 'member', handler: ({ user }) => bookings.mine(user().id) });

  // The attendee's own: by the secret from their mail's link, or signed in as them; anyone else gets 404.
  const known = (id: string) => {
    if (!isBookingId(id)) throw notFound('Booking not found');
    return id;
  };
  addRoute(app, bookingsApi.view, {
    policy: 'public',
    handler: ({ params: { id }, req }) => {
      const header = req.headers[BOOKING_TOKEN_HEADER];
      return bookings.view(known(id), { token: typeof header === 'string' ? header : undefined, principal: req.principal ?? undefined });
    },
  });
  // From the page the e-mail's link opens, by its button: the link alone confirms nothing (decision 092).
  addRoute(app, bookingsApi.confirm, {
    policy: 'public',
    handler: ({ params: { id }, body, req }) => bookings.confirm(known(id), { token: body.token, principal: req.principal ?? undefined }),
  });
  addRoute(app, bookingsApi.take, {
    policy: 'public',
    handler: ({ params: { id }, body, req }) =>
      bookings.take(known(id), { token: body.token, principal: req.principal ?? undefined }, req.ip, cardCheckOf(req.headers)),
  });
  addRoute(app, bookingsApi.cancel, {
    policy: 'public',
    handler: ({ params: { id }, body, req }) => bookings.cancel(known(id), { token: body.token, principal: req.principal ?? undefined }),
  });
}
