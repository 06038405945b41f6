import type { FastifyInstance } from 'fastify';
import { eventAdminApi } from '../../../shared/api/event-admin';
import { isEventId } from '../../../shared/api/events';
import { londonDate } from '../../../shared/domain/london-time';
import { notFound } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { EventAdminService } from './event-admin.service';

/** Event and booking ids are UUIDs: anything else is no such record. */
function known(id: string, what: 'Event' | 'Booking'): string {
  if (!isEventId(id)) throw notFound(`${what} not found`);
  return id;
}

/** The admin's event page: every call is for the admin alone. */
export function eventAdminRoutes(app: FastifyInstance, eventAdmin: EventAdminService, clock: () => Date) {
  addRoute(app, eventAdminApi.bookings, {
    policy: 'admin',
    handler: ({ params, query }) => eventAdmin.bookings(known(params.id, 'Event'), query),
  });

  addRoute(app, eventAdminApi.bookingsCsv, {
    policy: 'admin',
    handler: async ({ params, query, reply }) => {
      const csv = await eventAdmin.bookingsCsv(known(params.id, 'Event'), query);
      reply
        .type('text/csv; charset=utf-8')
        // Personal data: never kept by a shared cache or the browser's.
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="attendees-${londonDate(clock())}.csv"`);
      return csv;
    },
  });

  addRoute(app, eventAdminApi.book, {
    policy: 'admin',
    handler: ({ params, body, user }) => eventAdmin.book(known(params.id, 'Event'), body, user()),
  });

  addRoute(app, eventAdminApi.mail, {
    policy: 'admin',
    handler: ({ params, body, user }) => eventAdmin.mail(known(params.id, 'Event'), body, user()),
  });

  addRoute(app, eventAdminApi.cancel, {
    policy: 'admin',
    handler: ({ params, body, user }) => eventAdmin.cancel(known(params.id, 'Booking'), body, user()),
  });
}
