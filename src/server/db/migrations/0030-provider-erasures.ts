import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Decision 220: an erased person's customer at the payment provider (their saved cards), to be
  // deleted there; a row stays until the provider has confirmed it, so a failure is retried.
  await db.schema
    .createTable('provider_erasures')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('provider_erasures_due').on('provider_erasures').column('next_attempt_at').execute();
}
