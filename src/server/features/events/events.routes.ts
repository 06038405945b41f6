import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { byIdRequest } from '../../../shared/api/common';
import { eventsQuery, newEventRequest, updateEventRequest } from '../../../shared/api/events';
import { notFound } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { EventsService } from './events.service';
import { toIcs, type CalendarInfo } from './ics';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

export function eventsRoutes(app: FastifyInstance, events: EventsService, calendar: () => Promise<CalendarInfo>) {
  addRoute(app, {
    method: 'GET',
    url: '/api/events',
    policy: 'public',
    query: eventsQuery,
    handler: ({ query }) => events.list(query.when),
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/events.ics',
    policy: 'public',
    handler: async ({ reply }) => {
      const body = toIcs(await events.rows(), await calendar());
      return reply.type(CALENDAR_TYPE).header('cache-control', 'public, max-age=900').send(body);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/events/:file',
    policy: 'public',
    params: z.object({ file: z.string() }),
    handler: async ({ params, reply }) => {
      const id = /^([0-9a-f-]{36})\.ics$/.exec(params.file)?.[1];
      if (!id) throw notFound('Event not found');
      const body = toIcs([await events.find(id)], await calendar());
      return reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', `attachment; filename="event-${id}.ics"`)
        .header('cache-control', 'no-cache')
        .send(body);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/new_event',
    policy: 'admin',
    body: { kind: 'json', schema: newEventRequest },
    handler: async ({ body, user }) => ({ inserted_id: await events.createFromFields(body, user()) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/update_event',
    policy: 'admin',
    body: { kind: 'json', schema: updateEventRequest },
    handler: async ({ body: { _id, ...fields }, user }) => {
      await events.update(_id, fields, user());
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/delete_event',
    policy: 'admin',
    body: { kind: 'json', schema: byIdRequest },
    handler: async ({ body, user }) => {
      await events.delete(body._id, user());
      return { succeeded: true };
    },
  });
}
