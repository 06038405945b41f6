import type { FastifyInstance } from 'fastify';
import { eventsApi, isEventId } from '../../../shared/api/events';
import { notFound } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { BookingsService } from './bookings.service';
import type { EventsService } from './events.service';
import { toIcs, type CalendarInfo } from './ics';
import type { Language } from '../../../shared/domain/language';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

export function eventsRoutes(
  app: FastifyInstance,
  events: EventsService,
  bookings: Pick<BookingsService, 'offerFreePlaces'>,
  calendar: (language: Language) => Promise<CalendarInfo>,
) {
  addRoute(app, eventsApi.list, { policy: 'public', handler: ({ query }) => events.list(query.when, query.lang) });

  addRoute(app, eventsApi.feed, {
    policy: 'public',
    etag: true,
    handler: async ({ query, reply }) => {
      reply.type(CALENDAR_TYPE).header('cache-control', 'public, max-age=900');
      return toIcs(await events.rows(), await calendar(query.lang), query.lang);
    },
  });

  addRoute(app, eventsApi.one, {
    policy: 'public',
    handler: ({ params: { id }, query }) => {
      if (!isEventId(id)) throw notFound('Event not found');
      return events.one(id, query.lang);
    },
  });
  addRoute(app, eventsApi.adminOne, {
    policy: 'admin',
    handler: ({ params: { id } }) => {
      if (!isEventId(id)) throw notFound('Event not found');
      return events.adminOne(id);
    },
  });
  addRoute(app, eventsApi.ics, {
    policy: 'public',
    handler: async ({ params: { id }, query, reply }) => {
      if (!isEventId(id)) throw notFound('Event not found');
      const body = toIcs([await events.find(id)], await calendar(query.lang), query.lang);
      reply.type(CALENDAR_TYPE).header('content-disposition', `attachment; filename="event-${id}.ics"`).header('cache-control', 'no-cache');
      return body;
    },
  });

  addRoute(app, eventsApi.create, {
    policy: 'admin',
    handler: async ({ body, user }) => ({ inserted_id: await events.createFromFields(body, user()) }),
  });

  addRoute(app, eventsApi.update, {
    policy: 'admin',
    handler: async ({ body: { _id, ...fields }, user }) => {
      await events.update(_id, fields, user());
      // A larger capacity (or none) frees places for whoever waits. The save stands if this fails:
      // the scheduled jobs offer them later.
      await bookings.offerFreePlaces(_id).catch((error: unknown) => {
        app.log.warn({ err: error, eventId: _id }, 'Could not offer the freed places to the waitlist now; the scheduled jobs will');
      });
      return { succeeded: true };
    },
  });

  addRoute(app, eventsApi.remove, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await events.delete(body._id, user());
      return { succeeded: true };
    },
  });
}
