import { z } from 'zod';
import { EVENT_CALENDAR_PATH, EVENTS_CALENDAR_PATH } from '../domain/link-paths';
import { isLondonLocal } from '../domain/london-time';
import { byIdRequest, insertedResponse, recordId, succeededResponse } from './common';
import { defineEndpoints, file } from './contract';

/** A London wall-clock time to the minute, as a datetime-local field gives it: YYYY-MM-DDTHH:mm. */
export const londonLocal = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time like 2026-12-05T18:30')
  .refine(isLondonLocal, 'That date does not exist');

export const eventFields = z.object({
  title: z.string().trim().min(1, 'Enter a title').max(200, 'At most 200 characters'),
  dated: londonLocal,
  description: z.string().trim().max(5000, 'At most 5,000 characters'),
});
export type EventFields = z.infer<typeof eventFields>;

export const newEventRequest = eventFields;
export const updateEventRequest = eventFields.extend({ _id: recordId });
export type UpdateEventRequest = z.infer<typeof updateEventRequest>;

/** `dated` is the London wall-clock time, `date` the instant (ISO-8601 UTC). */
export const eventRecord = z.object({
  _id: z.string(),
  title: z.string(),
  dated: z.string(),
  date: z.string(),
  description: z.string(),
});
export type EventRecord = z.infer<typeof eventRecord>;
export const eventList = z.array(eventRecord);

/** GET /api/events: all events ascending, or only upcoming (ascending) or past (descending). */
export const eventsQuery = z.object({ when: z.enum(['upcoming', 'past']).optional() });

export const eventsApi = defineEndpoints('events', {
  list: {
    method: 'GET',
    path: '/api/events',
    summary: 'Events: all ascending, or only the upcoming (ascending) or the past (descending)',
    query: eventsQuery,
    response: eventList,
  },
  feed: {
    method: 'GET',
    path: EVENTS_CALENDAR_PATH,
    summary: 'Every event as an iCalendar feed to subscribe to',
    response: file('text/calendar'),
  },
  ics: {
    method: 'GET',
    path: EVENT_CALENDAR_PATH,
    summary: 'One event as an iCalendar file',
    params: z.object({ id: z.string() }),
    response: file('text/calendar'),
    errors: { 404: 'No such event' },
  },
  create: {
    method: 'POST',
    path: '/api/new_event',
    summary: 'Adds an event',
    body: { kind: 'json', schema: newEventRequest },
    response: insertedResponse,
  },
  update: {
    method: 'POST',
    path: '/api/update_event',
    summary: 'Changes an event',
    body: { kind: 'json', schema: updateEventRequest },
    response: succeededResponse,
    errors: { 404: 'No such event' },
  },
  remove: {
    method: 'POST',
    path: '/api/delete_event',
    summary: 'Removes an event',
    body: { kind: 'json', schema: byIdRequest },
    response: succeededResponse,
    errors: { 404: 'No such event' },
  },
});
