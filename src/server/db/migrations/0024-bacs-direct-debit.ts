import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { quoted, widenCheck } from './widen-check';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Bacs Direct Debit (decision 175): a payment the provider reports as processing waits here, days
  // long, until it succeeds (fulfilment) or fails (told once; the payment stays pending, so money
  // that arrives after all still takes effect).
  await db.schema.alterTable('payments').addColumn('processing_since', 'text').execute();
  await db.schema.alterTable('payments').addColumn('failed_at', 'text').execute();
  await db.schema.alterTable('payments').addColumn('failure_message', 'text').execute();

  // An automatic renewal's Direct Debit charge waits for its outcome instead of being charged again.
  const charge = ['noticed', 'charging', 'requires_action', 'declined', 'succeeded', 'failed', 'superseded'];
  await widenCheck(db, dialect, 'auto_renewal_charges', 'status', quoted(charge), quoted([...charge, 'processing']));
  // A Direct Debit kept for automatic renewal: the member is shown the account's last four and sort code.
  await db.schema.alterTable('auto_renewals').addColumn('method_type', 'text').execute();

  // The offline test provider's Direct Debits: when each settles and how (by the site's clock).
  await db.schema.alterTable('test_payment_intents').addColumn('payment_method_types', 'text').execute();
  await db.schema.alterTable('test_payment_intents').addColumn('method_type', 'text').execute();
  await db.schema.alterTable('test_payment_intents').addColumn('settles_at', 'text').execute();
  await db.schema.alterTable('test_payment_intents').addColumn('debit_outcome', 'text').execute();
  await db.schema
    .alterTable('test_payment_methods')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('card'))
    .execute();
  await db.schema.alterTable('test_payment_methods').addColumn('sort_code', 'text').execute();
  // A Direct Debit's mandate: active until the payer's bank cancels it.
  await db.schema.alterTable('test_payment_methods').addColumn('mandate_status', 'text').execute();
}
