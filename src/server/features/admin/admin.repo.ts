import { sql, type Kysely } from 'kysely';
import type { Role } from '../../../shared/api/accounts';
import { completedPaymentStatuses, type MemberStatus, type PaymentStatus } from '../../../shared/api/admin';
import type { Dialect } from '../../db/database';
import { anyContains, containing } from '../../db/like';
import { keysetPage, type Keyset, type PageWindow } from '../../db/keyset';
import type { Database, PaymentKind } from '../../db/schema';

/** Where each status starts, as last-renewed dates (see earliestRenewalRunningOn). */
export type StatusBounds = { runningToday: string; runningIn31Days: string };

export type MemberQuery = {
  q: string;
  status?: MemberStatus;
  tier?: number;
  role?: Role;
  sort: 'name' | 'email' | 'tier' | 'member_since' | 'expiry';
  dir: 'asc' | 'desc';
};

export type PaymentQuery = {
  q: string;
  kind?: PaymentKind;
  status?: PaymentStatus;
  /** Instants: created at or after, and before. */
  createdFrom?: string;
  createdBefore?: string;
};

const PAYMENT_KEYSET: Keyset = { parts: [sql.ref('p.created_at'), sql.ref('p.id')], dir: 'desc' };

/** What a member is found by: the name as written and the e-mail address, searched as one text. */
const SEARCHED = sql`first_name || ' ' || last_name || ' ' || email_key`;

export function adminRepo(db: Kysely<Database>, dialect: Dialect) {
  /**
   * Part of a member's name or e-mail, in any case and script, through an index (decision 093):
   * on SQLite the FTS5 trigram table kept by triggers (three letters or more; shorter reads every
   * row), on PostgreSQL the trigram index on the same folded text.
   */
  function nameOrEmailContains(text: string) {
    const phrase = ftsPhrase(text);
    if (phrase) return sql<boolean>`users.rowid in (select rowid from users_search where users_search match ${phrase})`;
    return sql<boolean>`fold(${SEARCHED}) like ${containing(text)} escape '\\'`;
  }

  /** The FTS5 query for a search the SQLite index can answer (three letters or more), else undefined. */
  function ftsPhrase(text: string): string | undefined {
    if (dialect !== 'sqlite' || [...text].length < 3) return undefined;
    return `"${text.replace(/"/g, '""')}"`;
  }

  function members(query: MemberQuery, bounds: StatusBounds) {
    let q = db.selectFrom('users');
    if (query.q) q = q.where(nameOrEmailContains(query.q));
    if (query.tier !== undefined) q = q.where('tier_index', '=', query.tier);
    if (query.role) q = q.where('role', '=', query.role);
    switch (query.status) {
      case 'none':
        q = q.where('last_renewed_date', 'is', null);
        break;
      case 'lapsed':
        q = q.where('last_renewed_date', '<', bounds.runningToday);
        break;
      case 'expiring':
        q = q.where('last_renewed_date', '>=', bounds.runningToday).where('last_renewed_date', '<', bounds.runningIn31Days);
        break;
      case 'active':
        q = q.where('last_renewed_date', '>=', bounds.runningIn31Days);
        break;
      case undefined:
        break;
    }
    return q;
  }

  async function countMembers(query: MemberQuery, bounds: StatusBounds): Promise<number> {
    // A search and nothing else is counted in the index alone: it holds one row per account, and
    // reading each match's account as well cost as much again as listing the page.
    const phrase = ftsPhrase(query.q);
    if (phrase && query.status === undefined && query.tier === undefined && query.role === undefined) {
      const row = await sql<{ n: number }>`select count(*) as n from users_search where users_search match ${phrase}`.execute(db);
      return Number(row.rows[0]?.n ?? 0);
    }
    const row = await members(query, bounds)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Each sort as a keyset an index holds (decision 094; the indexes are made in 0013): one
   * direction throughout, the id last. Accounts without the sorted value come last either way:
   * the value stands in as one that sorts after every real one in that direction.
   */
  function memberKeyset({ sort, dir }: MemberQuery): Keyset {
    const asc = dir === 'asc';
    const names = [sql`lower(last_name)`, sql`lower(first_name)`];
    const dated = (column: 'registered_date' | 'last_renewed_date') =>
      sql`coalesce(${sql.ref(column)}, ${sql.lit(asc ? '9999-12-31' : '')})`;
    const parts =
      sort === 'email'
        ? [sql.ref('email_key')]
        : sort === 'tier'
          ? [sql`coalesce(tier_index, ${sql.lit(asc ? 1000 : -1)})`, ...names]
          : sort === 'member_since'
            ? [dated('registered_date')]
            : sort === 'expiry'
              ? [dated('last_renewed_date')]
              : names;
    return { parts: [...parts, sql.ref('users.id')], dir };
  }

  function payments(query: PaymentQuery) {
    let q = db
      .selectFrom('payments as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('donations as d', (join) => join.onRef('d.id', '=', 'p.reference_id').on('p.kind', '=', 'donation'));
    if (query.q) {
      const searched = [
        sql.ref('p.email'),
        sql.ref('p.provider_ref'),
        sql.ref('p.note'),
        sql`u.first_name || ' ' || u.last_name`,
        sql.ref('d.name'),
      ];
      q = q.where(anyContains(searched, query.q));
    }
    if (query.kind) q = q.where('p.kind', '=', query.kind);
    if (query.status) q = q.where('p.status', '=', query.status);
    if (query.createdFrom) q = q.where('p.created_at', '>=', query.createdFrom);
    if (query.createdBefore) q = q.where('p.created_at', '<', query.createdBefore);
    return q;
  }

  const paymentColumns = [
    'p.id',
    'p.kind',
    'p.status',
    'p.amount_pence',
    'p.provider',
    'p.provider_ref',
    'p.email',
    'p.user_id',
    'p.created_at',
    'p.completed_at',
    'p.note',
    'p.refunded_pence',
    'p.period_start',
    'p.period_end',
    'p.review',
    'p.processing_since',
    'p.failed_at',
    'p.failure_message',
    'u.first_name',
    'u.last_name',
    'd.name as donor_name',
  ] as const;

  return {
    /** The keyset a member query is sorted by. */
    memberKeyset,

    /**
     * One page of members, in the keyset's order, and how many match in all. The ids are read
     * through the sort's index first and the rows after: late pages stay as quick as the first.
     */
    async memberPage(query: MemberQuery, bounds: StatusBounds, page: PageWindow, counted = true) {
      const [total, found] = await Promise.all([
        counted ? countMembers(query, bounds) : Promise.resolve(0),
        keysetPage(members(query, bounds).select('users.id as id'), memberKeyset(query), page),
      ]);
      const { next, prev } = found;
      if (found.rows.length === 0) return { total, rows: [], next, prev };
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where(
          'id',
          'in',
          found.rows.map((r) => r.id),
        )
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return { total, rows: found.rows.flatMap(({ id }) => byId.get(id) ?? []), next, prev };
    },

    member(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The latest invitation to choose a password, and the admin's notes. */
    async invitationAndNotes(userId: string) {
      const invitation = await db
        .selectFrom('member_invitations')
        .select(['created_at', 'expires_at', 'used_at', 'voided_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      const notes = await db
        .selectFrom('member_notes')
        .select(['body', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return { invitation: invitation ?? null, notes };
    },

    /** Each person's current news choice (the latest) and standing Gift Aid declaration (the latest not cancelled), for the export. */
    async consentsAndDeclarations(userIds: string[]) {
      const consents = new Map<string, { news_email: number; at: string; source: string }>();
      const declarations = new Map<string, { declared_at: string; past_and_future: number }>();
      for (let at = 0; at < userIds.length; at += 500) {
        const part = userIds.slice(at, at + 500);
        for (const c of await db
          .selectFrom('consents')
          .select(['user_id', 'news_email', 'at', 'source'])
          .where('user_id', 'in', part)
          .orderBy('at')
          .execute())
          consents.set(c.user_id!, c);
        for (const d of await db
          .selectFrom('gift_aid_declarations')
          .select(['user_id', 'declared_at', 'past_and_future'])
          .where('user_id', 'in', part)
          .where('cancelled_at', 'is', null)
          .orderBy('declared_at')
          .execute())
          declarations.set(d.user_id!, d);
      }
      return { consents, declarations };
    },

    /** The account's payments, and those made from its e-mail address before it existed or as donations. */
    paymentsOf(userId: string, emailKey: string) {
      return payments({ q: '' })
        .select(paymentColumns)
        .where((eb) => eb.or([eb('p.user_id', '=', userId), eb(sql`lower(p.email)`, '=', emailKey)]))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id')
        .execute();
    },

    async countPayments(query: PaymentQuery): Promise<number> {
      const row = await payments(query)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of payments, newest first by the index on (created_at, id) (decision 094). */
    paymentPage(query: PaymentQuery, page: PageWindow) {
      return keysetPage(payments(query).select(paymentColumns), PAYMENT_KEYSET, page);
    },

    /** Every payment whose money arrived, with what went back since: summed by London month in code. */
    completedPayments() {
      return db
        .selectFrom('payments')
        .select(['kind', 'status', 'amount_pence', 'refunded_pence', 'completed_at', 'created_at'])
        .where('status', 'in', completedPaymentStatuses)
        .execute();
    },

    /**
     * Changes a role, refusing to demote the last admin. On PostgreSQL the admins' rows are
     * locked first, so two admins demoting each other at once cannot both succeed; SQLite runs
     * one write transaction at a time anyway. Returns the previous role, or undefined.
     */
    async setRole(id: string, role: Role): Promise<{ previous: Role; email: string } | 'last-admin' | undefined> {
      let admins = db.selectFrom('users').select('id').where('role', '=', 'admin');
      if (dialect === 'postgres') admins = admins.forUpdate();
      const adminIds = (await admins.execute()).map((row) => row.id);
      const user = await db.selectFrom('users').select(['role', 'email']).where('id', '=', id).executeTakeFirst();
      if (!user) return undefined;
      if (user.role === 'admin' && role !== 'admin' && adminIds.length <= 1) return 'last-admin';
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
      return { previous: user.role, email: user.email };
    },
  };
}
export type AdminRepo = ReturnType<typeof adminRepo>;
export type PaymentRecord = Awaited<ReturnType<AdminRepo['paymentPage']>>['rows'][number];
export type MemberRecord = Awaited<ReturnType<AdminRepo['memberPage']>>['rows'][number];
