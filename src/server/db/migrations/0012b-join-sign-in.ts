import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A new member's way to be signed in once their payment has made the account, without typing
  // the password again (decision 086): the hash of a secret only the joining browser holds,
  // usable once, for a day. Nothing personal: the payment says whose account it became.
  await db.schema
    .createTable('join_sign_ins')
    .addColumn('payment_id', 'text', (c) => c.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('join_sign_ins_expiry').on('join_sign_ins').column('expires_at').execute();
}
