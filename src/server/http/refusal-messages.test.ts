import { describe, expect, it } from 'vitest';
import { PAYMENTS_UNAVAILABLE } from '../../shared/api/payments';
import { armenianDetail, detailIn } from '../../shared/domain/api-messages-hy';
import { DATABASE_UNAVAILABLE } from '../db/availability';
import { knownCodes } from './error-handler';
import { refusalMessages, schemaMessages } from '../testing/refusal-messages';

/**
 * Sources whose refusals only staff meet (the back office, imports, newsletters' editing, images,
 * site texts and settings): they stay English on both pages (decision 195).
 */
const BACK_OFFICE_FILES = [
  'src/server/features/admin/',
  'src/server/features/imports/',
  'src/server/features/images/',
  'src/server/features/newsletters/newsletters.service.ts',
  'src/server/features/events/event-admin.',
  'src/server/features/site-text/',
];

/** Refusals of the back office's routes that live beside visitors' and members' in shared files. */
const BACK_OFFICE_MESSAGES = new Set([
  'Attendance can be marked from the day of the event',
  'Only a confirmed booking can be marked as attended',
  'No certificate has this number',
  'The end date is before the start date',
  "HMRC's schedule holds 1 donations and these dates have 1: choose a shorter period",
  'This event has bookings: cancel them first (Admin, the event page)',
  '1 places are booked already: keep the capacity at 1 or more, or cancel bookings first',
  'This payment was recorded a moment ago. If it really was paid twice, give the second one a different note.',
  'This payment has been decided on already, or was not refunded or disputed',
  // Machines', not people's: Stripe's webhook, the metrics scraper, switched-off payment providers.
  'Invalid or missing webhook signature',
  'Served to the server itself, or with the METRICS_TOKEN bearer token',
  'Stripe is not in use',
  'Test payments are switched off',
]);

/** Schemas' messages of the back office's requests, in files shared with the public's. */
const BACK_OFFICE_SCHEMA_MESSAGES = new Set(['Choose a message', 'Choose a member', 'Enter a number of days', 'Whole days']);

/** Refusals the walk cannot see: the helpers' defaults, the error handler's own, and the card's words. */
const ALSO_SENT = [
  'Please sign in',
  'You do not have permission to do this',
  'Not found',
  DATABASE_UNAVAILABLE,
  PAYMENTS_UNAVAILABLE,
  'The request could not be read',
  'Something went wrong on our side. Please try again later.',
  ...Object.values(knownCodes),
  // As the card provider (and its stand-ins) words a declined card.
  'Your card was declined.',
  'Your card was declined. This transaction requires authentication.',
  'Your card has insufficient funds.',
  'Your card has expired.',
  "Your card's security code is incorrect.",
  'Your card number is incorrect.',
];

/**
 * A request's field refused by its schema: `{field} is required`, `{field}: {the schema's message}`.
 * The catalogue keeps the field's name and translates the schema's message (the forms' messages,
 * found translated by messages-hy.test.ts); the third test below checks the wrapping.
 */
const SCHEMA_WRAPPERS = new Set(['1 is required', '1: 1']);

const ARMENIAN = /[\u0531-\u0587]/;

describe('the API’s refusals in Armenian (decision 195)', () => {
  const walked = refusalMessages(process.cwd(), ['src/server', 'src/shared']);

  it('reads the refusals out of the code: the helpers, the limiter, the pools, through constants and in templates', () => {
    const texts = new Set(walked.map((m) => m.text));
    expect(texts.size).toBeGreaterThan(100);
    for (const known of [
      'Email or password not recognized', // through a constant
      'Too many donation attempts. Please wait a few minutes and try again.', // the limiter's
      'The site is busy making documents just now. Please try again in a few seconds.', // a pool's
      'Booking opens on 1', // a template, with 1 for its value
      'Your session has expired. Please sign in again.', // a branch of a condition
    ])
      expect(texts).toContain(known);
  });

  it('has an Armenian value for every refusal a visitor or member can meet', () => {
    const theirs = walked.filter(
      (message) =>
        !BACK_OFFICE_FILES.some((prefix) => message.file.startsWith(prefix)) &&
        !BACK_OFFICE_MESSAGES.has(message.text) &&
        !SCHEMA_WRAPPERS.has(message.text),
    );
    const untranslated = [...new Set([...theirs.map((m) => m.text), ...ALSO_SENT])].filter(
      (text) => !ARMENIAN.test(armenianDetail(text) ?? ''),
    );
    expect(untranslated).toEqual([]);
    // The back office's list names only refusals that still exist.
    const texts = new Set(walked.map((m) => m.text));
    for (const message of BACK_OFFICE_MESSAGES) expect(texts, message).toContain(message);
  });

  it('has an Armenian value for every message of the schemas of the public’s and members’ requests', () => {
    const files = [
      'accounts',
      'account',
      'membership',
      'donations',
      'donate-form',
      'bookings',
      'second-factor',
      'auto-renewal',
      'payments',
      'saved-cards',
      'monthly-gifts',
      'attendance',
      'page-forms',
    ].map((name) => `src/shared/api/${name}.ts`);
    const messages = schemaMessages(process.cwd(), files);
    expect(messages.length).toBeGreaterThan(30);
    // A template ("Enter your {what}") is checked by its values in messages-hy.test.ts.
    const untranslated = [
      ...new Set(messages.filter((m) => !m.template && !BACK_OFFICE_SCHEMA_MESSAGES.has(m.text)).map((m) => m.text)),
    ].filter((text) => !ARMENIAN.test(armenianDetail(text) ?? ''));
    expect(untranslated).toEqual([]);
    const texts = new Set(messages.map((m) => m.text));
    for (const message of BACK_OFFICE_SCHEMA_MESSAGES) expect(texts, message).toContain(message);
  });

  it('keeps the values of a message, translates a field’s message behind its name, and leaves the unknown as written', () => {
    expect(armenianDetail('Booking opens on Saturday 5 December 2026, 18:30')).toBe(
      'Ամրագրումը բացվում է շաբաթ, 5 դեկտեմբերի, 2026 թ., 18:30',
    );
    expect(armenianDetail('email: Enter a valid e-mail address')).toBe('email: Մուտքագրեք վավեր էլ. փոստի հասցե');
    expect(armenianDetail('email is required')).toBe('email: պարտադիր դաշտ է');
    expect(armenianDetail('lang: Use en or hy')).toBe('lang: Օգտագործեք en կամ hy');
    expect(armenianDetail('note: Something nobody translated')).toBeUndefined();
    expect(detailIn('hy', 'Something nobody translated')).toBe('Something nobody translated');
    expect(detailIn('en', 'Event not found')).toBe('Event not found');
    expect(detailIn('hy', 'Event not found')).toBe('Միջոցառումը չի գտնվել');
  });
});
