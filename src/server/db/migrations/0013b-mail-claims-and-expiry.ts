import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Which server holds a claim ("host:port"): restarted, it takes its own claims back at once
  // instead of waiting for their lease to lapse (decision 097).
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
  // A message whose link stops working (a password reset, an e-mail change) is not sent after
  // this instant; the message in on_expiry (JSON: subject, text, html) goes in its place.
  await db.schema.alterTable('outbox').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('on_expiry', 'text').execute();
  await db.schema.createIndex('outbox_claimed_by').on('outbox').columns(['claimed_by', 'status']).execute();
}
