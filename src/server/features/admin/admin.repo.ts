import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Role } from '../../../shared/api/accounts';
import { completedPaymentStatuses, type MemberStatus, type PaymentStatus } from '../../../shared/api/admin';
import type { Dialect } from '../../db/database';
import { anyContains } from '../../db/like';
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

export function adminRepo(db: Kysely<Database>, dialect: Dialect) {
  function members(query: MemberQuery, bounds: StatusBounds) {
    let q = db.selectFrom('users');
    if (query.q) q = q.where(anyContains([sql`first_name || ' ' || last_name`, sql.ref('email_key')], query.q));
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
    const row = await members(query, bounds)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Accounts without the sorted value come last either way; the id keeps pages stable. */
  function sorted<O>(q: SelectQueryBuilder<Database, 'users', O>, { sort, dir }: MemberQuery) {
    const nullsLast = (column: 'tier_index' | 'registered_date' | 'last_renewed_date') =>
      q.orderBy(sql`${sql.ref(column)} is null`).orderBy(column, dir);
    const ordered =
      sort === 'email'
        ? q.orderBy('email_key', dir)
        : sort === 'tier'
          ? nullsLast('tier_index')
              .orderBy(sql`lower(last_name)`)
              .orderBy(sql`lower(first_name)`)
          : sort === 'member_since'
            ? nullsLast('registered_date')
            : sort === 'expiry'
              ? nullsLast('last_renewed_date')
              : q.orderBy(sql`lower(last_name)`, dir).orderBy(sql`lower(first_name)`, dir);
    return ordered.orderBy('id');
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
    'u.first_name',
    'u.last_name',
    'd.name as donor_name',
  ] as const;

  return {
    /** Every matching member in order (the CSV). */
    allMemberRows(query: MemberQuery, bounds: StatusBounds) {
      return sorted(members(query, bounds).selectAll(), query).execute();
    },

    /**
     * One page of members and how many match in all. The ids are sorted and skipped first and
     * the rows read after: sorting narrow rows keeps late pages of thousands of members quick.
     * (A count(*) over () in the same pass is slower: it stops the name index ending the scan early.)
     */
    async memberPage(query: MemberQuery, bounds: StatusBounds, page: { limit: number; offset: number }) {
      const [total, found] = await Promise.all([
        countMembers(query, bounds),
        sorted(members(query, bounds).select('id'), query).limit(page.limit).offset(page.offset).execute(),
      ]);
      if (found.length === 0) return { total, rows: [] };
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where(
          'id',
          'in',
          found.map((r) => r.id),
        )
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return { total, rows: found.flatMap(({ id }) => byId.get(id) ?? []) };
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

    paymentRows(query: PaymentQuery, page?: { limit: number; offset: number }) {
      let q = payments(query).select(paymentColumns).orderBy('p.created_at', 'desc').orderBy('p.id');
      if (page) q = q.limit(page.limit).offset(page.offset);
      return q.execute();
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
export type PaymentRecord = Awaited<ReturnType<AdminRepo['paymentRows']>>[number];
export type MemberRecord = Awaited<ReturnType<AdminRepo['allMemberRows']>>[number];
