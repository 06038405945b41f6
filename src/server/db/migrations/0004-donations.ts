import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('donations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    // Null for an anonymous donation.
    .addColumn('name', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('donations_completed').on('donations').column('completed_at').execute();

  // A Gift Aid declaration, kept with the wording the donor agreed to and when.
  await db.schema
    .createTable('gift_aid_declarations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('donation_id', 'text', (c) => c.notNull().references('donations.id').onDelete('cascade'))
    .addColumn('title', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('house', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text')
    .addColumn('non_uk', 'integer', (c) => c.notNull())
    .addColumn('past_and_future', 'integer', (c) => c.notNull())
    .addColumn('wording_version', 'text', (c) => c.notNull())
    .addColumn('declared_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancelled_by', 'text')
    .execute();
  await db.schema.createIndex('gift_aid_declarations_donation').on('gift_aid_declarations').column('donation_id').execute();
}
