import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// (0008 is taken by another branch's migration, still in review.)
export async function up(db: Kysely<unknown>): Promise<void> {
  // A category's news list pages newest first from one index, as the whole list does from
  // articles_news: each category row carries its article's date and page flag (kept in step by
  // the repository, in the transaction that writes the article).
  await db.schema
    .alterTable('article_categories')
    .addColumn('dated', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('article_categories')
    .addColumn('is_page', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE article_categories SET
    dated = (SELECT dated FROM articles WHERE articles.id = article_categories.article_id),
    is_page = (SELECT is_page FROM articles WHERE articles.id = article_categories.article_id)`.execute(db);
  await db.schema
    .createIndex('article_categories_listing')
    .on('article_categories')
    .columns(['category', 'is_page', 'dated', 'article_id'])
    .execute();
}
