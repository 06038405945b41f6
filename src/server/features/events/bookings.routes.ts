import { cardCheckOf } from '../../http/client-address';
import type { FastifyInstance } from 'fastify';
import { BOOKING_TOKEN_HEADER, bookingsApi } from '../../../shared/api/bookings';
import { isEventId } from '../../../shared/api/events';

/** Booking ids are UUIDs like event ids. */
const isBookingId = isEventId;
import { notFound } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { BookingsService } from './bookings.service';

export function bookingsRoutes(app: FastifyInstance, bookings: BookingsService) {
  // Public: a visitor books with a name and an e-mail; a signed-in person as themselves.
  addRoute(app, bookingsApi.book, {
    policy: 'public',
    handler: ({ params: { id }, body, req }) => {
      if (!isEventId(id)) throw notFound('Event not found');
      return bookings.book(id, body, req.principal ?? undefined, req.ip, cardCheckOf(req.headers));
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
