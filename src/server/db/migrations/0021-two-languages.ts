import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.

/** The navigation's texts were one key per language ("nav.home.en", "nav.home.hy"): now one key, with its Armenian value beside it. */
const NAV_ITEMS = ['home', 'events', 'news', 'membership', 'donate'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The language a member reads the site and their mail in, chosen at joining and in My Profile.
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
  // A visitor's donation takes the language of the page it was made on: its receipt is written in it.
  await db.schema
    .alterTable('donations')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();

  // Each page draws its texts in its own language (decision 150): an admin's saved words for a
  // navigation item move to the item's one key, the Armenian ones under the "hy:" prefix that
  // every saved Armenian text carries. A value already under the new key is left as it is.
  for (const item of NAV_ITEMS) {
    for (const [from, to] of [
      [`nav.${item}.en`, `nav.${item}`],
      [`nav.${item}.hy`, `hy:nav.${item}`],
    ]) {
      await sql`
        insert into strings (key, value, updated_at, updated_by)
        select ${to}, value, updated_at, updated_by from strings where key = ${from}
        and not exists (select 1 from strings where key = ${to})
      `.execute(db);
      await sql`delete from strings where key = ${from}`.execute(db);
    }
  }
}
