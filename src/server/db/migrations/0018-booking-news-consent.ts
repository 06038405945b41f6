import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A visitor's "send me news" on a free booking counts only once the e-mail's link confirms the
  // booking: until then the wording's version waits on the booking (decision 092).
  await db.schema.alterTable('event_bookings').addColumn('news_consent_version', 'text').execute();
}
