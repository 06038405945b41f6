import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A requested change of e-mail: the link's token is stored hashed and works once, for 24 hours.
  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();

  // Consent to news by e-mail: every choice is kept, with its time, where it was made and the
  // version of the wording shown (UK GDPR: consent must be demonstrable). The latest row is the current choice.
  await db.schema
    .createTable('consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('news_email', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('wording_version', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consents_user').on('consents').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('consents_email').on('consents').columns(['email_key', 'at']).execute();
}
