import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('committee_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    // The instant the event starts, ISO-8601 UTC; shown in Europe/London time.
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_starts_at').on('events').column('starts_at').execute();

  await db.schema
    .createTable('articles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    // The article's date, ISO-8601 UTC (docs/product.md: "treated as UTC and shown as a date").
    .addColumn('dated', 'text', (c) => c.notNull())
    .addColumn('brief', 'text', (c) => c.notNull())
    // The rich-text document (Draft raw) serialised as JSON, as the API stores and returns it.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('articles_dated').on('articles').columns(['dated', 'id']).execute();

  await db.schema
    .createTable('article_categories')
    .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_categories_pk', ['article_id', 'category'])
    .execute();
  await db.schema.createIndex('article_categories_category').on('article_categories').column('category').execute();
}
