import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // Monthly giving (decision 170): one row per gift. The card is kept by the provider; here only its
  // customer and payment method ids and what the donor is shown, and the Gift Aid declaration the
  // donor made for every payment of the gift (copied onto each payment's donation when it is paid).
  await db.schema
    .createTable('monthly_gifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null for a visitor without an account: the gift is managed by the link in its receipts (decision 173).
    .addColumn('user_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', ['setup', 'active', 'cancelled', 'ended'])))
    // Who ended it: the donor (profile or link), an admin, or the site after the last decline.
    .addColumn('ended_by', 'text')
    .addColumn('ended_at', 'text')
    // The day of the month it is charged (the day it started, at most the 28th).
    .addColumn('charge_day', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('payment_method_id', 'text')
    .addColumn('method_brand', 'text')
    .addColumn('method_last4', 'text')
    .addColumn('gift_aid_title', 'text')
    .addColumn('gift_aid_first_name', 'text')
    .addColumn('gift_aid_last_name', 'text')
    .addColumn('gift_aid_house', 'text')
    .addColumn('gift_aid_postcode', 'text')
    .addColumn('gift_aid_non_uk', 'integer')
    .addColumn('gift_aid_past_and_future', 'integer')
    .addColumn('gift_aid_wording_version', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('monthly_gifts_status').on('monthly_gifts').column('status').execute();
  await db.schema.createIndex('monthly_gifts_user').on('monthly_gifts').column('user_id').execute();

  // One row per gift and month (YYYY-MM): claimed by the job that charges, so a month is charged once (decision 171).
  await db.schema
    .createTable('monthly_gift_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gift_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sqlIn('status', ['due', 'charging', 'declined', 'succeeded', 'failed', 'cancelled'])),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('donation_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('monthly_gift_charges_gift_period', ['gift_id', 'period'])
    .execute();
  await db.schema.createIndex('monthly_gift_charges_status').on('monthly_gift_charges').columns(['status', 'next_attempt_at']).execute();

  // A donation that is one month of a monthly gift.
  await db.schema.alterTable('donations').addColumn('monthly_gift_id', 'text').execute();
}

function sqlIn(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
