import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Pages (About us, the privacy policy) are articles that are not news: 1 or 0, as on both databases.
  await db.schema
    .alterTable('articles')
    .addColumn('is_page', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The news list pages by date among articles that are not pages.
  await db.schema.createIndex('articles_news').on('articles').columns(['is_page', 'dated', 'id']).execute();

  // The articles the home page's Learn More and the footer's privacy link point at are pages:
  // on a site seeded with demo content, the About and Privacy articles.
  await sql`UPDATE articles SET is_page = 1
    WHERE id IN (SELECT value FROM strings WHERE key IN ('about_article_id', 'privacy_article_id'))`.execute(db);

  // The demo byline pointed at github.com; a site that never changed it gets plain text instead.
  await sql`DELETE FROM strings WHERE key = 'footer.byline_url' AND value = 'https://github.com/'`.execute(db);
}
