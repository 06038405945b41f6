import type { Kysely } from 'kysely';
import type { Audience, ExclusionReason } from '../../../shared/api/newsletters';
import { emailKey } from '../../../shared/domain/email';
import { londonDate } from '../../../shared/domain/london-time';
import { daysBetween, expiryDate } from '../../../shared/domain/membership';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { listTopic } from '../../privacy/mail-choices';

/** One person a segment names, by address. */
export type Person = { email: string; key: string; name: string | null; userId: string | null };
export type Decision = { person: Person; reason: ExclusionReason | null };

/** Choices that leave (rather than never joined): a "no" made on the preference page, by one click or in My Profile. */
const LEAVING_SOURCES = ['preferences', 'one-click', 'profile', 'admin'];

function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const when = new Date(Date.UTC(y, m - 1 - months, d));
  return when.toISOString().slice(0, 10);
}

function add(people: Map<string, Person>, email: string, name: string | null, userId: string | null) {
  const key = emailKey(email);
  if (!key || key === 'erased' || people.has(key)) return;
  people.set(key, { email: email.trim(), key, name, userId });
}

/** Everyone the segment names, by address (once each), before consent narrows it. */
export async function segmentPeople(db: Kysely<Database>, audience: Audience, now: Date): Promise<Map<string, Person>> {
  const people = new Map<string, Person>();
  const today = londonDate(now);
  const members = async () =>
    db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'tier_index', 'last_renewed_date'])
      .where('tier_index', 'is not', null)
      .orderBy('email_key')
      .execute();
  const addMembers = (rows: Awaited<ReturnType<typeof members>>) => {
    for (const m of rows) add(people, m.email, `${m.first_name} ${m.last_name}`.trim(), m.id);
  };

  switch (audience.kind) {
    case 'all_members':
      addMembers(await members());
      break;
    case 'tier':
      addMembers((await members()).filter((m) => audience.tiers.includes(m.tier_index!)));
      break;
    case 'status':
      addMembers(
        (await members()).filter((m) => {
          if (!m.last_renewed_date) return false;
          const expiry = expiryDate(m.last_renewed_date);
          const daysLeft = daysBetween(today, expiry);
          if (audience.status === 'active') return daysLeft >= 0;
          if (audience.status === 'expiring') return daysLeft >= 0 && daysLeft <= audience.days;
          return daysLeft < 0 && expiry >= monthsBefore(today, audience.months);
        }),
      );
      break;
    case 'event': {
      const event = await db.selectFrom('events').select('id').where('id', '=', audience.event_id).executeTakeFirst();
      if (!event) throw notFound('Event not found');
      const rows = await db
        .selectFrom('event_bookings')
        .select(['email', 'name', 'user_id'])
        .where('event_id', '=', audience.event_id)
        .where('status', '=', 'confirmed')
        .orderBy('created_at')
        .execute();
      for (const b of rows) add(people, b.email, b.name, b.user_id);
      break;
    }
    case 'donors': {
      const rows = await db
        .selectFrom('donations')
        .select(['email', 'name'])
        .where('status', '=', 'completed')
        .orderBy('created_at')
        .execute();
      for (const d of rows) add(people, d.email, d.name, null);
      break;
    }
    case 'non_members':
    case 'everyone': {
      if (audience.kind === 'everyone') {
        addMembers(await members());
        for (const d of await db.selectFrom('donations').select(['email', 'name']).where('status', '=', 'completed').execute())
          add(people, d.email, d.name, null);
        for (const b of await db
          .selectFrom('event_bookings')
          .select(['email', 'name', 'user_id'])
          .where('status', '=', 'confirmed')
          .execute())
          add(people, b.email, b.name, b.user_id);
      }
      // People who agreed to news when donating or booking (and have no membership).
      const memberKeys = new Set((await members()).map((m) => emailKey(m.email)));
      const agreed = await db
        .selectFrom('consents')
        .select(['email_key'])
        .where('topic', 'is', null)
        .where('news_email', '=', 1)
        .where('source', 'in', ['donate', 'book'])
        .execute();
      for (const row of agreed) if (!memberKeys.has(row.email_key)) add(people, row.email_key, null, null);
      break;
    }
  }
  return people;
}

/**
 * Whether each person may get a newsletter of this list now (decision 120), checked against what
 * is recorded at this moment: suppressed, unsubscribed from the list, or no consent.
 */
export async function decide(
  db: Kysely<Database>,
  people: Map<string, Person>,
  list: { id: string; auto_subscribe: number },
): Promise<Decision[]> {
  // A few people (one message being composed) are looked up by address; a segment reads the tables once.
  const few = people.size <= 50;
  const keys = [...people.keys()];
  if (few && keys.length === 0) return [];
  let suppressedQuery = db.selectFrom('mail_suppressions').select('email_key').where('suppressed_at', 'is not', null);
  if (few) suppressedQuery = suppressedQuery.where('email_key', 'in', keys);
  const suppressed = new Set((await suppressedQuery.execute()).map((r) => r.email_key));
  let subscriptionsQuery = db.selectFrom('email_subscriptions').select(['email_key', 'subscribed']).where('topic', '=', listTopic(list.id));
  if (few) subscriptionsQuery = subscriptionsQuery.where('email_key', 'in', keys);
  const subscriptions = new Map((await subscriptionsQuery.execute()).map((r) => [r.email_key, r.subscribed]));
  // The latest choice about news by e-mail as a whole, by the account's current address where there is one.
  let accountsQuery = db.selectFrom('users').select(['id', 'email_key']);
  if (few) accountsQuery = accountsQuery.where('email_key', 'in', keys);
  const accounts = new Map((await accountsQuery.execute()).map((u) => [u.id, u.email_key] as const));
  const general = new Map<string, { yes: boolean; source: string }>();
  let consentsQuery = db.selectFrom('consents').select(['email_key', 'user_id', 'news_email', 'source', 'at']).where('topic', 'is', null);
  if (few) {
    const ids = [...accounts.keys()];
    consentsQuery = consentsQuery.where((eb) => eb.or([eb('email_key', 'in', keys), ...(ids.length ? [eb('user_id', 'in', ids)] : [])]));
  }
  for (const row of await consentsQuery.orderBy('at').execute()) {
    const key = (row.user_id && accounts.get(row.user_id)) || row.email_key;
    general.set(key, { yes: row.news_email === 1, source: row.source });
  }

  return [...people.values()].map((person) => {
    if (suppressed.has(person.key)) return { person, reason: 'suppressed' };
    const own = subscriptions.get(person.key);
    if (own === 0) return { person, reason: 'unsubscribed' };
    if (own === 1) return { person, reason: null };
    if (!list.auto_subscribe) return { person, reason: 'no_consent' };
    const choice = general.get(person.key);
    if (choice?.yes) return { person, reason: null };
    if (choice && LEAVING_SOURCES.includes(choice.source)) return { person, reason: 'unsubscribed' };
    return { person, reason: 'no_consent' };
  });
}
