import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Messages the admin sent to an event's attendees. The id is the form's request key: a second
  // submission of the same form meets the primary key and queues nothing more.
  await db.schema
    .createTable('event_mailings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('include_waitlist', 'integer', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('event_mailings_event').on('event_mailings').columns(['event_id', 'created_at']).execute();
}
