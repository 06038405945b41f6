import { type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { quoted, widenCheck } from './widen-check';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Payments after they succeed: refunds, disputes and cancellations (Stripe's webhooks).
  await widenCheck(
    db,
    dialect,
    'payments',
    'status',
    quoted(['pending', 'succeeded', 'failed']),
    quoted(['pending', 'succeeded', 'failed', 'canceled', 'refunded', 'partly_refunded', 'disputed', 'dispute_won', 'dispute_lost']),
  );
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The membership year a registration or renewal bought, decided at fulfilment.
  await db.schema.alterTable('payments').addColumn('period_start', 'text').execute();
  await db.schema.alterTable('payments').addColumn('period_end', 'text').execute();
  // SHA-256 of the client secret: settle finds its payment without asking the provider.
  await db.schema.alterTable('payments').addColumn('client_secret_hash', 'text').execute();
  // The address that started the payment: a decline Stripe reports later is counted against it.
  await db.schema.alterTable('payments').addColumn('client_address', 'text').execute();
  // The admin's decision on a refunded or disputed membership payment: kept or ended.
  await db.schema.alterTable('payments').addColumn('review', 'text').execute();
  await db.schema.createIndex('payments_client_secret').on('payments').column('client_secret_hash').execute();

  // Mail is claimed with a lease (status "sending"), carries one Message-ID for life, and waits between retries.
  await widenCheck(
    db,
    dialect,
    'outbox',
    'status',
    quoted(['queued', 'sent', 'failed', 'kept']),
    quoted(['queued', 'sending', 'sent', 'failed', 'kept']),
  );
  await db.schema.alterTable('outbox').addColumn('message_id', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'text').execute();

  // A sign-in in progress holds a place in the limits without counting as a failure.
  await db.schema
    .alterTable('sign_in_failures')
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Tokens ended by signing out, until they would have expired anyway.
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  // Declined card payments, one row per payment intent however often it is declined or reported.
  await db.schema
    .createTable('card_declines')
    .addColumn('intent_id', 'text', (c) => c.primaryKey())
    // The address (an IPv6 client by its /64) and its /24 or /64 network.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_declines_at').on('card_declines').column('at').execute();
  await db.schema.createIndex('card_declines_address').on('card_declines').columns(['address', 'at']).execute();
}
