import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { quoted, widenCheck } from './widen-check';

// Landed migrations are never edited: add a new numbered file instead.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // ---- Cards (decision record 015) ----
  // Every card that reached the provider, declined or charged, one row per attempt: Stripe's
  // event id (an event delivered again counts once), or one per card step of the test provider.
  await db.schema
    .createTable('card_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('intent_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('declined', 'succeeded')`))
    // The address (an IPv6 client by its /48) and its /24 or /48 network.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_checks_address').on('card_checks').columns(['address', 'at']).execute();
  await db.schema.createIndex('card_checks_outcome').on('card_checks').columns(['outcome', 'at']).execute();
  await db.schema.createIndex('card_checks_intent').on('card_checks').column('intent_id').execute();
  await sql`insert into card_checks (id, intent_id, outcome, address, network, at)
    select 'declined:' || intent_id, intent_id, 'declined', address, network, at from card_declines`.execute(db);
  await db.schema.dropTable('card_declines').execute();
  // Solved challenges, each accepted once.
  await db.schema
    .createTable('used_challenges')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_challenges_at').on('used_challenges').column('at').execute();

  // ---- Free places confirmed by e-mail (decision record 092) ----
  await widenCheck(
    db,
    dialect,
    'event_bookings',
    'status',
    quoted(['held', 'confirmed', 'waitlisted', 'offered', 'cancelled', 'expired']),
    quoted(['held', 'confirmed', 'waitlisted', 'offered', 'cancelled', 'expired', 'unconfirmed']),
  );
  // 1 while an unconfirmed booking holds a place (there was one free when it was made).
  await db.schema
    .alterTable('event_bookings')
    .addColumn('place_held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // ---- Search in any script and any case (decision record 093) ----
  if (dialect === 'postgres') {
    // fold(): lower case by Unicode's rules whatever the database's locale (a C-locale database
    // folds ASCII only); ICU's root collation where the server has ICU, as Debian's and most do.
    const icu = (await sql<{ n: number }>`select count(*) as n from pg_collation where collname = 'und-x-icu'`.execute(db)).rows[0];
    const body = Number(icu?.n) > 0 ? 'select lower($1 collate "und-x-icu")' : 'select lower($1)';
    await sql
      .raw(`create or replace function fold(text) returns text language sql immutable parallel safe strict as '${body}'`)
      .execute(db);
    // Members are found through a trigram index on their folded name and e-mail, where pg_trgm can
    // be had (a trusted extension since PostgreSQL 13); without it the same search reads every row.
    const trgm = (
      await sql<{ n: number }>`select count(*) as n from pg_available_extensions
        where name = 'pg_trgm' and has_database_privilege(current_database(), 'CREATE')`.execute(db)
    ).rows[0];
    if (Number(trgm?.n) > 0) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index users_search on users using gin (fold(first_name || ' ' || last_name || ' ' || email_key) gin_trgm_ops)`.execute(
        db,
      );
    }
  } else {
    // SQLite's lower() folds ASCII only; FTS5's trigram tokenizer folds every script, and finds any
    // part of a word of three letters or more. Kept by triggers: every way a member's name or
    // address changes is covered. (A rebuild of users, as widenCheck does, must refill it.)
    await sql`create virtual table users_search using fts5(text, tokenize = 'trigram')`.execute(db);
    await sql`insert into users_search (rowid, text) select rowid, first_name || ' ' || last_name || ' ' || email_key from users`.execute(
      db,
    );
    await sql`create trigger users_search_insert after insert on users begin
      insert into users_search (rowid, text) values (new.rowid, new.first_name || ' ' || new.last_name || ' ' || new.email_key);
    end`.execute(db);
    await sql`create trigger users_search_update after update of first_name, last_name, email_key on users begin
      delete from users_search where rowid = old.rowid;
      insert into users_search (rowid, text) values (new.rowid, new.first_name || ' ' || new.last_name || ' ' || new.email_key);
    end`.execute(db);
    await sql`create trigger users_search_delete after delete on users begin
      delete from users_search where rowid = old.rowid;
    end`.execute(db);
  }

  // ---- Growth (decision record 094) ----
  // The sitemap's version (how many, and the latest change) is read through these.
  await db.schema.createIndex('articles_updated').on('articles').column('updated_at').execute();
  await db.schema.createIndex('events_updated').on('events').column('updated_at').execute();
  // Every admin list is read by a keyset an index holds: the members in each of their sorts (the
  // value a member lacks stands in as one sorting last in that direction), payments, an event's bookings.
  const orders: [string, string][] = [
    ['users_order_name', 'lower(last_name), lower(first_name), id'],
    ['users_order_email', 'email_key, id'],
    ['users_order_tier_asc', 'coalesce(tier_index, 1000), lower(last_name), lower(first_name), id'],
    ['users_order_tier_desc', 'coalesce(tier_index, -1), lower(last_name), lower(first_name), id'],
    ['users_order_since_asc', "coalesce(registered_date, '9999-12-31'), id"],
    ['users_order_since_desc', "coalesce(registered_date, ''), id"],
    ['users_order_expiry_asc', "coalesce(last_renewed_date, '9999-12-31'), id"],
    ['users_order_expiry_desc', "coalesce(last_renewed_date, ''), id"],
  ];
  for (const [name, expression] of orders) await db.schema.createIndex(name).on('users').expression(sql.raw(expression)).execute();
  await db.schema.dropIndex('users_name').execute();
  await db.schema.createIndex('payments_order').on('payments').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('event_bookings_order').on('event_bookings').columns(['event_id', 'created_at', 'id']).execute();
}
