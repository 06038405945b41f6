import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.

/**
 * Every mail in its recipient's language (decision 191): a booking and a monthly gift remember the
 * language of the page they were made on (a member's, the member's own), as a donation already does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['event_bookings', 'monthly_gifts'])
    await db.schema
      .alterTable(table)
      .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
      .execute();
  // What a member booked or gives before now follows the language they chose (decision 150).
  for (const table of ['event_bookings', 'monthly_gifts'])
    await sql`
      update ${sql.table(table)} set language = (select u.language from users u where u.id = ${sql.table(table)}.user_id)
      where user_id is not null and exists (select 1 from users u where u.id = ${sql.table(table)}.user_id)
    `.execute(db);
}
