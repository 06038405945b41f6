import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Landed migrations are never edited: add a new numbered file instead.
// Second factors, visible sessions and the staff rule (decisions 130-134).
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';

  // One authenticator app per account. The seed is encrypted (decision 131); confirmed_at stays
  // null until the first code proves the app has it. last_step is the newest time step accepted:
  // a code of that step or an older one is refused, so a used code never works twice.
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Ten single-use codes per account, kept as keyed hashes; a new set replaces the old.
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  // Passkeys (WebAuthn credentials): the id is the credential id (base64url), the public key COSE
  // encoded (base64url), the counter the authenticator's signature count.
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  // A WebAuthn challenge waits here until its answer comes back, once, within five minutes. A
  // registration belongs to an account; a sign-in challenge to nobody yet.
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  // Signed-in sessions: one row per access token (the token's jti is the id). Ending one sets
  // ended_at; the list shows those neither ended, expired nor voided by the account's token version.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('place', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();

  // Devices an account has signed in from (a keyed hash of the browser's device id or its user
  // agent), so a sign-in from a new one can be told to staff.
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_key', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_key'])
    .execute();

  // When the account was first seen using a staff role without a second factor: the grace period
  // (decision 132) counts from here.
  await db.schema.alterTable('users').addColumn('staff_since', 'text').execute();

  // The session that asked for an e-mail change: confirming it ends the account's other sessions.
  await db.schema.alterTable('email_changes').addColumn('session_id', 'text').execute();

  // Sessions replace the list of signed-out tokens: a token now needs its session row. Tokens from
  // before this migration have none, so everyone signs in once more after the upgrade.
  await db.schema.dropTable('revoked_tokens').ifExists().execute();

  // A site that already has staff gets 14 days for them to set up a factor, counted from now; a
  // new site has no grace period. The admin changes it under Admin -> Roles.
  const now = new Date().toISOString();
  const staff = await sql<{ n: number | string }>`select count(*) as n from users where role in ('admin', 'editor')`.execute(db);
  if (Number(staff.rows[0]?.n ?? 0) > 0) {
    await sql`insert into settings (key, value) values ('staff_factor_grace_days', '14')`.execute(db);
    await sql`update users set staff_since = ${now} where role in ('admin', 'editor')`.execute(db);
  }
}
