import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // Automatic renewal (decision 140): one row per member who ever chose it. The card itself is kept
  // by the provider; here only its customer and payment method ids, and what the member is shown.
  await db.schema
    .createTable('auto_renewals')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', ['on', 'off'])))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('payment_method_id', 'text')
    .addColumn('method_brand', 'text')
    .addColumn('method_last4', 'text')
    .addColumn('method_exp_month', 'integer')
    .addColumn('method_exp_year', 'integer')
    // The payment whose card step saved the method, while its method id is still to be read from the provider.
    .addColumn('source_intent', 'text')
    // Who turned it off last: the member, an admin, or the site after the last decline.
    .addColumn('turned_off_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auto_renewals_status').on('auto_renewals').column('status').execute();

  // One row per member and membership period to be charged: made by the 14-day notice (which fixes
  // the amount told), claimed by the job that charges, guarded so one period is charged once.
  await db.schema
    .createTable('auto_renewal_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    /** The expiry date being renewed: the period's key. */
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('tier_index', 'integer', (c) => c.notNull())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sqlIn('status', ['noticed', 'charging', 'requires_action', 'declined', 'succeeded', 'failed', 'superseded'])),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('auto_renewal_charges_member_period', ['user_id', 'period'])
    .execute();
  await db.schema.createIndex('auto_renewal_charges_status').on('auto_renewal_charges').columns(['status', 'next_attempt_at']).execute();

  // A card payment whose payer chose automatic renewal: the provider's customer the card is saved to.
  await db.schema.alterTable('payments').addColumn('save_for_customer', 'text').execute();

  // The offline test provider keeps what Stripe keeps for Stripe: saved cards and setup intents.
  await db.schema.alterTable('test_payment_intents').addColumn('customer_id', 'text').execute();
  await db.schema.alterTable('test_payment_intents').addColumn('payment_method_id', 'text').execute();
  await db.schema.alterTable('test_payment_intents').addColumn('setup_future_usage', 'text').execute();
  await db.schema
    .createTable('test_payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    // How Stripe's test card behaves when charged later without the cardholder (decision 143).
    .addColumn('off_session', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('test_setup_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

function sqlIn(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
