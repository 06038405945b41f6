import { z } from 'zod';
import { groupThousands } from '../domain/en-gb';
import { EVENT_CALENDAR_PATH, EVENTS_CALENDAR_PATH } from '../domain/link-paths';
import { isLondonLocal } from '../domain/london-time';
import { isWebAddress } from '../domain/richtext/safe-url';
import {
  byIdRequest,
  contentLanguage,
  imageAddress,
  imageAlt,
  insertedResponse,
  languageQuery,
  numberOrDigits,
  recordId,
  succeededResponse,
} from './common';
import { defineEndpoints, file } from './contract';

export const EVENT_PRICE_MAX_PENCE = 1_000_000;
export const DEFAULT_CANCEL_CUTOFF_DAYS = 7;
export { isEventId } from '../domain/event-id';
const eventId = z.object({ id: z.string() });

/** A London wall-clock time to the minute, as a datetime-local field gives it: YYYY-MM-DDTHH:mm. */
export const londonLocal = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time like 2026-12-05T18:30')
  .refine(isLondonLocal, 'That date does not exist');

/** Empty text from a form is no value. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${groupThousands(max)} characters`)
    .nullish()
    .transform((v) => v || null);

const optionalLondonLocal = z
  .union([z.literal(''), londonLocal])
  .nullish()
  .transform((v) => v || null);

const pence = (what: string) =>
  numberOrDigits(`Enter the ${what} in pence`).pipe(
    z.number().int('Whole pence').min(0, 'Not below 0').max(EVENT_PRICE_MAX_PENCE, 'At most £10,000'),
  );

/** A price as people type it, in pounds ("12", "12.50"); empty is free. Becomes pence. */
const pounds = z
  .string()
  .trim()
  .regex(/^(\d{1,5}(\.\d{1,2})?)?$/, 'Enter pounds like 12 or 12.50')
  .transform((v) => (v ? Math.round(Number(v) * 100) : 0))
  .pipe(z.number().max(EVENT_PRICE_MAX_PENCE, 'At most £10,000'));

const eventTitle = z.string().trim().min(1, 'Enter a title').max(200, 'At most 200 characters');
const eventDescription = z.string().trim().max(5000, 'At most 5,000 characters');

/** The Armenian version of an event's words (decision 180); an empty venue is the English one. */
export const eventTranslation = z.object({
  title: eventTitle,
  description: eventDescription.default(''),
  venue_name: optionalText(200),
  venue_address: optionalText(500),
});
export type EventTranslation = z.output<typeof eventTranslation>;

/** The booking details are optional: an event without them is a listing, as before. */
const eventObject = z.object({
  title: eventTitle,
  dated: londonLocal,
  description: eventDescription,
  end_dated: optionalLondonLocal,
  venue_name: optionalText(200),
  venue_address: optionalText(500),
  /** The Armenian version: null removes it; left out, none for a new event and unchanged for an update. */
  hy: eventTranslation.nullable().optional(),
  /** Shown to booked attendees only. */
  online_url: optionalText(500).refine((v) => v === null || isWebAddress(v), 'Use an address starting https:// or http://'),
  /** Null or empty: no limit. */
  capacity: z
    .union([z.literal(''), numberOrDigits('Enter a number of places').pipe(z.number().int('A whole number').min(1).max(100_000))])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  booking_opens: optionalLondonLocal,
  booking_closes: optionalLondonLocal,
  member_price_pence: pence('member price').default(0),
  price_pence: pence('price').default(0),
  members_only: z.boolean().default(false),
  cpd_hours: z
    .union([
      z.literal(''),
      numberOrDigits('Enter CPD hours like 1.5').pipe(
        z
          .number()
          .min(0, 'Not below 0')
          .max(100, 'At most 100 hours')
          .refine((h) => Number.isInteger(h * 4), 'In quarter hours, like 1.25 or 1.5'),
      ),
    ])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  cancel_cutoff_days: numberOrDigits('Enter a number of days')
    .pipe(z.number().int('Whole days').min(0).max(365))
    .default(DEFAULT_CANCEL_CUTOFF_DAYS),
  /** The feature image on the cards, the event's page and its link previews; empty for none. */
  image: imageAddress.default(''),
  image_alt: imageAlt.default(''),
});

type Times = { dated: string; end_dated: string | null; booking_opens: string | null; booking_closes: string | null };
function checkTimes(e: Times, ctx: z.RefinementCtx) {
  if (e.end_dated && e.end_dated <= e.dated) ctx.addIssue({ code: 'custom', path: ['end_dated'], message: 'The end is after the start' });
  if (e.booking_opens && e.booking_closes && e.booking_closes <= e.booking_opens)
    ctx.addIssue({ code: 'custom', path: ['booking_closes'], message: 'Booking closes after it opens' });
  if (e.booking_opens && e.booking_opens >= (e.end_dated ?? e.dated))
    ctx.addIssue({ code: 'custom', path: ['booking_opens'], message: 'Booking opens before the event' });
}

export const eventFields = eventObject.superRefine(checkTimes);
export type EventFields = z.input<typeof eventFields>;
export type EventFieldsOutput = z.output<typeof eventFields>;

/** The admin's form's Armenian fields as typed: all empty is no Armenian version (decision 180). */
const eventTranslationForm = z
  .object({ title: z.string(), description: z.string(), venue_name: z.string(), venue_address: z.string() })
  .transform((hy, ctx): EventTranslation | null => {
    if (Object.values(hy).every((value) => value.trim() === '')) return null;
    const parsed = eventTranslation.safeParse(hy);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** The admin's form: the same fields, prices in pounds as typed; its output is the API's request. */
export const eventForm = eventObject
  .omit({ member_price_pence: true, price_pence: true })
  .extend({ member_price: pounds, price: pounds, hy: eventTranslationForm })
  .superRefine(checkTimes)
  .transform(({ member_price, price, ...rest }) => ({ ...rest, member_price_pence: member_price, price_pence: price }));
export type EventFormInput = z.input<typeof eventForm>;

export const newEventRequest = eventFields;
export const updateEventRequest = z.intersection(z.object({ _id: recordId }), eventFields);
export type UpdateEventRequest = z.input<typeof updateEventRequest>;

/** Whether a visitor can book now: open, open with only the waitlist left, not yet open, closed (or past). */
export const bookingStates = ['open', 'waitlist', 'not_open_yet', 'closed'] as const;
export type BookingState = (typeof bookingStates)[number];

/** `dated` is the London wall-clock time, `date` the instant (ISO-8601 UTC); likewise the end. */
export const eventRecord = z.object({
  _id: z.string(),
  title: z.string(),
  dated: z.string(),
  date: z.string(),
  description: z.string(),
  end_dated: z.string().nullable(),
  end_date: z.string().nullable(),
  venue_name: z.string().nullable(),
  venue_address: z.string().nullable(),
  /** Whether there is an online link (given to booked attendees only). */
  online: z.boolean(),
  capacity: z.number().int().nullable(),
  /** Null without a capacity. */
  places_left: z.number().int().nullable(),
  booking_opens: z.string().nullable(),
  booking_closes: z.string().nullable(),
  booking_state: z.enum(bookingStates),
  member_price_pence: z.number().int(),
  price_pence: z.number().int(),
  members_only: z.boolean(),
  cpd_hours: z.number().nullable(),
  cancel_cutoff_days: z.number().int(),
  /** The feature image's address and alt text; empty for none. */
  image: z.string(),
  image_alt: z.string(),
  /** The language the title, description and venue are in: English where the Armenian asked for is missing. */
  language: contentLanguage,
});
export type EventRecord = z.infer<typeof eventRecord>;
/** What the admin edits: the English record, the online link and the Armenian version (null: none). */
export const adminEventRecord = eventRecord.extend({
  online_url: z.string().nullable(),
  hy: z
    .object({ title: z.string(), description: z.string(), venue_name: z.string().nullable(), venue_address: z.string().nullable() })
    .nullable(),
});
export type AdminEventRecord = z.infer<typeof adminEventRecord>;
export const eventList = z.array(eventRecord);

/** GET /api/events: all events ascending, or only upcoming (ascending) or past (descending). */
export const eventsQuery = z.object({ when: z.enum(['upcoming', 'past']).optional(), lang: contentLanguage.default('en') });

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
    summary: 'Every event as an iCalendar feed to subscribe to (lang=hy: in Armenian where translated)',
    query: languageQuery,
    response: file('text/calendar'),
  },
  one: {
    method: 'GET',
    path: '/api/events/:id',
    summary: 'One event with its booking details',
    params: eventId,
    query: languageQuery,
    response: eventRecord,
    errors: { 404: 'No such event' },
  },
  adminOne: {
    method: 'GET',
    path: '/api/admin/events/:id',
    summary: 'One event as the admin edits it, with its online link',
    params: eventId,
    response: adminEventRecord,
    errors: { 404: 'No such event' },
  },
  ics: {
    method: 'GET',
    path: EVENT_CALENDAR_PATH,
    summary: 'One event as an iCalendar file (lang=hy: in Armenian where translated)',
    params: z.object({ id: z.string() }),
    query: languageQuery,
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
