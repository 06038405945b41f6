import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A feature image of its own for each article and event (decision 083): its address (an image
  // uploaded here, or a web address) and the words that say what it shows; empty for none.
  for (const table of ['articles', 'events']) {
    await db.schema
      .alterTable(table)
      .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}
