import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { quoted, widenCheck } from './widen-check';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // A booking is a third kind of payment, through the same core as memberships and donations.
  await widenCheck(
    db,
    dialect,
    'payments',
    'kind',
    quoted(['registration', 'renewal', 'donation']),
    quoted(['registration', 'renewal', 'donation', 'booking']),
  );

  // An event's details beyond its title and time; every one optional, so existing events stay as they were.
  const events = [
    ['ends_at', 'text'],
    ['venue_name', 'text'],
    ['venue_address', 'text'],
    // Shown to booked attendees only (their mail and their booking), never on the public page.
    ['online_url', 'text'],
    // Null: no limit.
    ['capacity', 'integer'],
    ['booking_opens_at', 'text'],
    ['booking_closes_at', 'text'],
    // Whole minutes (CPD hours are often 1.5 or 0.75).
    ['cpd_minutes', 'integer'],
  ] as const;
  for (const [column, type] of events) await db.schema.alterTable('events').addColumn(column, type).execute();
  await db.schema
    .alterTable('events')
    .addColumn('member_price_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('price_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('members_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Paid bookings cancelled at least this many days before the start are refunded.
  await db.schema
    .alterTable('events')
    .addColumn('cancel_cutoff_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
  // Places held by bookings (confirmed, awaiting payment, offered to the waitlist). Claimed with a
  // conditional update of this row in the booking's transaction: the row lock makes it exact on
  // PostgreSQL, where two transactions could otherwise both count the same free place.
  await db.schema
    .alterTable('events')
    .addColumn('places_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('event_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    // The e-mail's key while the booking is live (held, confirmed, waitlisted, offered), else null:
    // one live booking per e-mail per event, and a cancelled one does not stop booking again.
    .addColumn('active_key', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('held', 'confirmed', 'waitlisted', 'offered', 'cancelled', 'expired')`),
    )
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    // While held (payment) or offered (waitlist): when the place goes to the next person.
    .addColumn('hold_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('refunded_pence', 'integer', (c) => c.notNull().defaultTo(0))
    // A refund decided at cancelling and not yet made by the provider (retried by the scheduled jobs).
    .addColumn('refund_due_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminded_at', 'text')
    .addColumn('attended_at', 'text')
    .addColumn('certificate_number', 'text', (c) => c.unique())
    // By hand: how it was paid (cheque number).
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('event_bookings_live').on('event_bookings').columns(['event_id', 'active_key']).unique().execute();
  await db.schema.createIndex('event_bookings_queue').on('event_bookings').columns(['event_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('event_bookings_user').on('event_bookings').column('user_id').execute();
  await db.schema.createIndex('event_bookings_hold').on('event_bookings').columns(['status', 'hold_until']).execute();

  // Attachments of a queued mail (an event's .ics, a certificate), as JSON: read back only in code.
  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
}
