import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';

  // Who changed what and when: written by the services in the same transaction as the change.
  await db.schema
    .createTable('audit_log')
    .addColumn('seq', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    // Null for the site's own changes (the demo content); the e-mail is kept as it was then.
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'seq']).execute();
  await db.schema.createIndex('audit_log_kind').on('audit_log').columns(['kind', 'seq']).execute();

  // What the admin wrote about a payment they recorded by hand ("cheque 001234", "bank transfer").
  await db.schema.alterTable('payments').addColumn('note', 'text').execute();

  // The back office sorts and filters members by these; thousands of members stay quick.
  await db.schema
    .createIndex('users_name')
    .on('users')
    .expression(sql`lower(last_name), lower(first_name)`)
    .execute();
  await db.schema.createIndex('users_last_renewed').on('users').column('last_renewed_date').execute();
  await db.schema.createIndex('users_registered').on('users').column('registered_date').execute();
  await db.schema.createIndex('payments_email').on('payments').column('email').execute();
  await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
}
