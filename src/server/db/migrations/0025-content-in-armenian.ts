import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.

/**
 * The Armenian version of the content, in columns beside the English ones (decision 180): null
 * where there is none, so the page falls back to the English with a note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of [
    ['articles', ['title_hy', 'brief_hy', 'content_hy']],
    ['events', ['title_hy', 'description_hy', 'venue_name_hy', 'venue_address_hy']],
    ['committee_members', ['role_hy', 'description_hy']],
  ] as const) {
    for (const column of columns) await db.schema.alterTable(table).addColumn(column, 'text').execute();
  }

  // The categories an Armenian reader sees: the Armenian ones of a translated article, else its
  // English ones, kept like article_categories so the Armenian news list's category filter pages
  // from one index too (decision 180).
  await db.schema
    .createTable('article_categories_hy')
    .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('dated', 'text', (c) => c.notNull())
    .addColumn('is_page', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_categories_hy_pk', ['article_id', 'category'])
    .execute();
  await db.schema
    .createIndex('article_categories_hy_listing')
    .on('article_categories_hy')
    .columns(['category', 'is_page', 'dated', 'article_id'])
    .execute();
  await sql`insert into article_categories_hy (article_id, category, dated, is_page)
    select article_id, category, dated, is_page from article_categories`.execute(db);
}
