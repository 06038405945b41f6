import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // A member's courtesy title (Dr, Mr, Prof), as association spreadsheets keep it.
  await db.schema.alterTable('users').addColumn('title', 'text').execute();
  // The import that created the account or last changed it (decision 110).
  await db.schema.alterTable('users').addColumn('import_id', 'text').execute();
  // When the person last signed in: the admin sees who took up an invitation, and an import
  // cannot be undone once one of its people has signed in.
  await db.schema.alterTable('users').addColumn('last_signed_in_at', 'text').execute();
  await db.schema.createIndex('users_import').on('users').column('import_id').execute();

  // Past payments from an import: the import's id, and a key of the row's values so the same
  // file imported again adds nothing (unique; null for every other payment).
  await db.schema.alterTable('payments').addColumn('import_id', 'text').execute();
  await db.schema.alterTable('payments').addColumn('import_key', 'text').execute();
  await db.schema.createIndex('payments_import_key').on('payments').column('import_key').unique().execute();
  await db.schema.alterTable('consents').addColumn('import_id', 'text').execute();

  // A member's standing Gift Aid declaration comes in from a spreadsheet without a donation: the
  // donation becomes optional and the declaration may name the person instead.
  if (dialect === 'postgres') {
    await sql`alter table gift_aid_declarations alter column donation_id drop not null`.execute(db);
    await db.schema
      .alterTable('gift_aid_declarations')
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('gift_aid_declarations').addColumn('import_id', 'text').execute();
  } else {
    // SQLite cannot drop a NOT NULL: the table is made again (nothing references it) and filled.
    await db.schema
      .createTable('gift_aid_declarations__new')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('donation_id', 'text', (c) => c.references('donations.id').onDelete('cascade'))
      .addColumn('title', 'text')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('house', 'text', (c) => c.notNull())
      .addColumn('postcode', 'text')
      .addColumn('non_uk', 'integer', (c) => c.notNull())
      .addColumn('past_and_future', 'integer', (c) => c.notNull())
      .addColumn('wording_version', 'text', (c) => c.notNull())
      .addColumn('declared_at', 'text', (c) => c.notNull())
      .addColumn('cancelled_at', 'text')
      .addColumn('cancelled_by', 'text')
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('import_id', 'text')
      .execute();
    await sql`insert into gift_aid_declarations__new (id, donation_id, title, first_name, last_name, house, postcode, non_uk,
      past_and_future, wording_version, declared_at, cancelled_at, cancelled_by)
      select id, donation_id, title, first_name, last_name, house, postcode, non_uk, past_and_future, wording_version,
      declared_at, cancelled_at, cancelled_by from gift_aid_declarations`.execute(db);
    await db.schema.dropTable('gift_aid_declarations').execute();
    await sql`alter table gift_aid_declarations__new rename to gift_aid_declarations`.execute(db);
    await db.schema.createIndex('gift_aid_declarations_donation').on('gift_aid_declarations').column('donation_id').execute();
  }
  await db.schema.createIndex('gift_aid_declarations_user').on('gift_aid_declarations').column('user_id').execute();

  // One upload of a members file (and perhaps a payments file): its dry run, then its commit and undo.
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('reading', 'ready', 'committing', 'committed', 'undone')`))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull())
    .addColumn('date_format', 'text', (c) => c.notNull())
    // JSON, read back only in code: the columns found and the mapping used (of both files).
    .addColumn('details', 'text', (c) => c.notNull())
    // JSON summaries: what the dry run found, and what the commit did.
    .addColumn('planned', 'text', (c) => c.notNull())
    .addColumn('done', 'text')
    .addColumn('on_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // While committing: the claim of one admin's request; a crashed commit's claim lapses and may be taken up again.
    .addColumn('lease_until', 'text')
    .addColumn('committed_at', 'text')
    .addColumn('committed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('imports_created').on('imports').column('created_at').execute();

  // Each row of an import's files: its values as read (JSON), its errors and what it would do, then what it did.
  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'text', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('file', 'text', (c) => c.notNull().check(sql`file in ('members', 'payments')`))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('email_key', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('errors', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    // JSON of the account's values the commit changed, as they were: undo puts them back.
    .addColumn('before', 'text')
    .addPrimaryKeyConstraint('import_rows_pk', ['import_id', 'file', 'row_number'])
    .execute();
  await db.schema.createIndex('import_rows_email').on('import_rows').column('email_key').execute();
  await db.schema.createIndex('import_rows_user').on('import_rows').column('user_id').execute();

  // Invitations to set a password: the link's token is stored hashed; a new one voids the older.
  await db.schema
    .createTable('member_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The account's token version when sent: a password reset or a sign-out everywhere since voids the link.
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('import_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('outbox_id', 'integer')
    .execute();
  await db.schema.createIndex('member_invitations_user').on('member_invitations').columns(['user_id', 'created_at']).execute();

  // The admin's notes about a member (from an import's note column, for now).
  await db.schema
    .createTable('member_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('import_id', 'text')
    .execute();
  await db.schema.createIndex('member_notes_user').on('member_notes').columns(['user_id', 'created_at']).execute();

  // Queued mail may wait for its turn (invitations go out at a steady rate): not before this time.
  await db.schema.alterTable('outbox').addColumn('not_before', 'text').execute();
}
