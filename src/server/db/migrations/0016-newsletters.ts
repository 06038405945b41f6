import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { quoted, widenCheck } from './widen-check';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Outbox: a newsletter's message is cancelled with it, and a refusal for good (5xx) is "bounced".
  await widenCheck(
    db,
    dialect,
    'outbox',
    'status',
    quoted(['queued', 'sending', 'sent', 'failed', 'kept']),
    quoted(['queued', 'sending', 'sent', 'failed', 'kept', 'cancelled', 'bounced']),
  );
  // One message per newsletter and recipient: the key is unique, so a resumed queueing adds none twice.
  await db.schema.alterTable('outbox').addColumn('unique_key', 'text').execute();
  // Bulk mail (newsletters) is sent at the configured rate, after the site's own mail (decision 121).
  await db.schema
    .alterTable('outbox')
    .addColumn('bulk', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Extra headers as JSON (List-Unsubscribe and its one-click POST, Precedence).
  await db.schema.alterTable('outbox').addColumn('headers', 'text').execute();
  // A newsletter's message is composed when it is sent (its body is the newsletter's, frozen when sending began).
  await db.schema.alterTable('outbox').addColumn('newsletter_id', 'text').execute();
  await db.schema.createIndex('outbox_unique_key').unique().on('outbox').column('unique_key').execute();
  await db.schema.createIndex('outbox_newsletter').on('outbox').columns(['newsletter_id', 'status']).execute();
  await db.schema.createIndex('outbox_bulk_due').on('outbox').columns(['bulk', 'status', 'id']).execute();

  // The pace of bulk mail, shared by every server: one row, its next free slot taken by a conditional update.
  await db.schema
    .createTable('mail_pacer')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('next_slot_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into mail_pacer (id, next_slot_at) values (1, '1970-01-01T00:00:00.000Z')`.execute(db);

  // The lists the admin names (News, Events, CPD). "auto_subscribe": people who agreed to news get it until they leave it.
  await db.schema
    .createTable('mailing_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('auto_subscribe', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await sql`insert into mailing_lists (id, name, name_key, description, auto_subscribe, created_at)
    values (${randomUUID()}, 'News', 'news', 'News of the association and its events', 1, ${now})`.execute(db);

  // Each person's current choice per list or kind of mail ("list:<id>", "membership-reminders",
  // "booking-reminders", "event-messages"); the history of every change is in consents.
  await db.schema
    .createTable('email_subscriptions')
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('subscribed', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_subscriptions_pk', ['email_key', 'topic'])
    .execute();
  await db.schema.createIndex('email_subscriptions_topic').on('email_subscriptions').columns(['topic', 'subscribed']).execute();

  // Consent history: a row may now be about one list or kind of mail (null: news by e-mail as a whole).
  await db.schema.alterTable('consents').addColumn('topic', 'text').execute();

  // Links in mail that unsubscribe (RFC 8058) or open the preference page: the token is stored hashed.
  await db.schema
    .createTable('unsubscribe_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('unsubscribe_tokens_email').on('unsubscribe_tokens').column('email_key').execute();

  // Addresses the site stops sending bulk mail to: a 5xx refusal at once, temporary failures after three in a row.
  await db.schema
    .createTable('mail_suppressions')
    .addColumn('email_key', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('temporary_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('suppressed_at', 'text')
    .addColumn('reason', 'text')
    .addColumn('lifted_at', 'text')
    .addColumn('lifted_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_suppressions_at').on('mail_suppressions').column('suppressed_at').execute();

  await db.schema
    .createTable('newsletters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('article_id', 'text', (c) => c.references('articles.id').onDelete('set null'))
    .addColumn('list_id', 'text', (c) => c.notNull().references('mailing_lists.id'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('draft', 'scheduled', 'queueing', 'sending', 'sent', 'cancelled')`),
    )
    .addColumn('scheduled_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('queued_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('test_sent_at', 'text')
    // The mail as sent, frozen when sending begins: every recipient's copy (and every retry) is the same.
    .addColumn('html_body', 'text')
    .addColumn('text_body', 'text')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
    // The queueing work's claim: another server takes it over once it lapses (a crash).
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('newsletters_status').on('newsletters').columns(['status', 'scheduled_at']).execute();
  await db.schema.createIndex('newsletters_started').on('newsletters').column('started_at').execute();

  // Who a newsletter went to, or was kept from and why: one row per address (the unique key).
  await db.schema
    .createTable('newsletter_recipients')
    .addColumn('newsletter_id', 'text', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'excluded')`))
    .addColumn('reason', 'text')
    .addColumn('outbox_id', 'integer')
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_recipients_pk', ['newsletter_id', 'email_key'])
    .execute();
  await db.schema.createIndex('newsletter_recipients_email').on('newsletter_recipients').column('email_key').execute();
}
