import type { FastifyInstance } from 'fastify';
import { bookingsApi } from '../../../shared/api/bookings';
import { isEventId } from '../../../shared/api/events';
import { notFound } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { BookingsService } from './bookings.service';

export function bookingsRoutes(app: FastifyInstance, bookings: BookingsService) {
  // Public: a visitor books with a name and an e-mail; a signed-in person as themselves.
  addRoute(app, bookingsApi.book, {
    policy: 'public',
    handler: ({ params: { id }, body, req }) => {
      if (!isEventId(id)) throw notFound('Event not found');
      return bookings.book(id, body, req.principal ?? undefined, req.ip);
    },
  });
}
