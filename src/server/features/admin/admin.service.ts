import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Role } from '../../../shared/api/accounts';
import {
  LAST_ADMIN,
  type AuditPage,
  type MemberDetail,
  type MemberPage,
  type MemberRow,
  type MonthTotal,
  type OutboxMessage,
  type OutboxPage,
  type PaymentPage,
  type PaymentRow,
  type auditListQuery,
  type memberFilter,
  type memberListQuery,
  type outboxListQuery,
  type paymentFilter,
  type paymentListQuery,
} from '../../../shared/api/admin';
import type { Readable } from 'node:stream';
import { memberExportColumns } from '../../../shared/domain/member-file';
import { decodeCursor, type PageWindow } from '../../db/keyset';
import { csvStream, everyPage } from '../../http/csv-stream';
import { londonDate, londonDayStart, toLondonLocal } from '../../../shared/domain/london-time';
import { addDays, earliestRenewalRunningOn, expiryDate, membershipStatus } from '../../../shared/domain/membership';
import { poundsDecimal } from '../../../shared/domain/money';
import { tierByIndex } from '../../../shared/domain/tiers';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import { auditRepo } from '../../audit/audit.repo';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { INVITATION_MAIL, PASSWORD_RESET_MAIL } from '../../integrations/mail/mailer';
import { outboxRepo } from '../../integrations/mail/outbox.repo';
import { adminRepo, type MemberQuery, type MemberRecord, type PaymentQuery, type PaymentRecord } from './admin.repo';

export type AdminDeps = { db: Kysely<Database>; dialect: Dialect; clock: () => Date; audit: AuditTrail; mailDelivered: boolean };

const MEMBER_NOT_FOUND = 'Member not found';
const WITHHELD_RESET_LINK =
  'This message is delivered by e-mail, so its text is not shown here: its link (to choose a password) is for the member alone.';
const roleWords: Record<Role, string> = { member: 'a member', editor: 'an editor', admin: 'an admin' };

/** London "YYYY-MM-DD HH:mm", as a spreadsheet shows it. */
const spreadsheetTime = (instant: string | null) => (instant ? toLondonLocal(new Date(instant)).replace('T', ' ') : null);

/** Rows read per query while a CSV is written. */
const CSV_PAGE = 500;

export function adminService({ db, dialect, clock, audit, mailDelivered }: AdminDeps) {
  const repo = adminRepo(db, dialect);
  const outbox = outboxRepo(db);
  const auditLog = auditRepo(db);
  const today = () => londonDate(clock());

  function statusBounds(day: string) {
    return { runningToday: earliestRenewalRunningOn(day), runningIn31Days: earliestRenewalRunningOn(addDays(day, 31)) };
  }

  /** `today` is worked out once per call: London's calendar costs more than the rest of a row. */
  function memberRow(user: MemberRecord, today: string): MemberRow {
    return {
      _id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      role: user.role,
      tier_index: user.tier_index,
      tier_name: user.tier_index === null ? null : (tierByIndex(user.tier_index)?.name ?? null),
      registered_date: user.registered_date,
      expiry_date: user.last_renewed_date ? expiryDate(user.last_renewed_date) : null,
      status: membershipStatus(user.last_renewed_date, today),
    };
  }

  function paymentRow(p: PaymentRecord): PaymentRow {
    const memberName = p.first_name !== null && p.last_name !== null ? `${p.first_name} ${p.last_name}` : null;
    return {
      _id: p.id,
      kind: p.kind,
      status: p.status,
      amount: p.amount_pence,
      provider: p.provider,
      provider_ref: p.provider_ref,
      email: p.email,
      name: memberName ?? p.donor_name,
      user_id: p.user_id,
      created_at: p.created_at,
      completed_at: p.completed_at,
      note: p.note,
      refunded: p.refunded_pence,
      period_start: p.period_start,
      period_end: p.period_end,
      review: p.review,
      // Only while the payment waits: a Direct Debit that succeeds after all is a payment like any other.
      direct_debit: p.status !== 'pending' ? null : p.failed_at ? 'failed' : p.processing_since ? 'processing' : null,
      failure_message: p.status === 'pending' && p.failed_at ? p.failure_message : null,
    };
  }

  /** The dates a person picks are London days, inclusive; the database keeps UTC instants. */
  function paymentQuery(filter: z.output<typeof paymentFilter>): PaymentQuery {
    return {
      q: filter.q,
      kind: filter.kind,
      status: filter.status,
      createdFrom: filter.from ? londonDayStart(filter.from) : undefined,
      createdBefore: filter.to ? londonDayStart(addDays(filter.to, 1)) : undefined,
    };
  }

  /** A page by number, or after or before a cursor of the same order (a made-up one reads by number). */
  const windowOf = (page: number, pageSize: number, size: number, after?: string, before?: string): PageWindow => ({
    limit: pageSize,
    offset: (page - 1) * pageSize,
    after: decodeCursor(after, size),
    before: after ? undefined : decodeCursor(before, size),
  });

  return {
    async members({ page, page_size, after, before, ...filter }: z.output<typeof memberListQuery>): Promise<MemberPage> {
      const day = today();
      const bounds = statusBounds(day);
      const query: MemberQuery = filter;
      const size = repo.memberKeyset(query).parts.length;
      const { total, rows, next, prev } = await repo.memberPage(query, bounds, windowOf(page, page_size, size, after, before));
      return { items: rows.map((user) => memberRow(user, day)), total, page, page_size, next_cursor: next, prev_cursor: prev };
    },

    /** Streamed a page at a time in the list's own order (decision 094). */
    membersCsv(filter: z.output<typeof memberFilter>): Readable {
      const day = today();
      const bounds = statusBounds(day);
      const keyset = repo.memberKeyset(filter);
      const pages = () =>
        everyPage(async (after) => {
          const page = await repo.memberPage(
            filter,
            bounds,
            { limit: CSV_PAGE, offset: 0, after: decodeCursor(after, keyset.parts.length) },
            false,
          );
          return { rows: page.rows, next: page.next };
        });
      return csvStream(
        memberExportColumns.map((c) => c.header),
        async function* () {
          for await (const rows of pages()) {
            const { consents, declarations } = await repo.consentsAndDeclarations(rows.map((user) => user.id));
            yield rows.map((user) => {
              const row = memberRow(user, day);
              const consent = consents.get(user.id);
              const declaration = declarations.get(user.id);
              const values: Record<string, string | number | null> = {
                first_name: user.first_name,
                last_name: user.last_name,
                email: user.email,
                role: user.role,
                tier: row.tier_name,
                registered_date: user.registered_date,
                last_renewed_date: user.last_renewed_date,
                expiry_date: row.expiry_date,
                status: row.status,
                phone_no: user.phone_no,
                addr_line1: user.addr_line1,
                addr_line2: user.addr_line2,
                addr_city: user.addr_city,
                addr_post: user.addr_post,
                workplace: user.workplace,
                job_title: user.job_title,
                qualifications: user.qualifications,
                grad_year: user.grad_year,
                title: user.title,
                news_email: consent ? (consent.news_email ? 'yes' : 'no') : null,
                news_email_at: consent ? londonDate(new Date(consent.at)) : null,
                news_email_source: consent?.source ?? null,
                gift_aid_date: declaration ? londonDate(new Date(declaration.declared_at)) : null,
                gift_aid_scope: declaration ? (declaration.past_and_future ? 'past and future' : 'future') : null,
              };
              return memberExportColumns.map((c) => values[c.field ?? 'status'] ?? null);
            });
          }
        },
      );
    },

    async member(id: string): Promise<MemberDetail> {
      const user = await repo.member(id);
      if (!user) throw notFound(MEMBER_NOT_FOUND);
      const payments = await repo.paymentsOf(user.id, user.email_key);
      const { invitation, notes } = await repo.invitationAndNotes(user.id);
      return {
        ...memberRow(user, today()),
        last_renewed_date: user.last_renewed_date,
        qualifications: user.qualifications,
        workplace: user.workplace,
        job_title: user.job_title,
        grad_year: user.grad_year,
        addr_line1: user.addr_line1,
        addr_line2: user.addr_line2,
        addr_city: user.addr_city,
        addr_post: user.addr_post,
        phone_no: user.phone_no,
        created_at: user.created_at,
        title: user.title,
        has_password: user.password_hash !== '',
        last_signed_in_at: user.last_signed_in_at,
        invitation,
        notes,
        payments: payments.map(paymentRow),
      };
    },

    /** The role guard re-reads the role on every request, so the change applies to the person's next one. */
    async setRole(userId: string, role: Role, actor: NonNullable<Actor>): Promise<void> {
      const current = await repo.member(userId);
      if (!current) throw notFound(MEMBER_NOT_FOUND);
      if (current.role === role) return;
      await audit.change(
        actor,
        async (trx) => {
          const result = await adminRepo(trx, dialect).setRole(userId, role);
          if (result === 'last-admin') throw conflict(LAST_ADMIN);
          if (!result) throw notFound(MEMBER_NOT_FOUND);
          return result;
        },
        ({ previous, email }) => ({
          kind: 'role',
          action: 'changed',
          subject_id: userId,
          summary: `Made ${email} ${roleWords[role]} (was ${roleWords[previous]})`,
        }),
      );
    },

    async payments({ page, page_size, after, before, ...filter }: z.output<typeof paymentListQuery>): Promise<PaymentPage> {
      const query = paymentQuery(filter);
      const [total, found] = await Promise.all([
        repo.countPayments(query),
        repo.paymentPage(query, windowOf(page, page_size, 2, after, before)),
      ]);
      return { items: found.rows.map(paymentRow), total, page, page_size, next_cursor: found.next, prev_cursor: found.prev };
    },

    /** Streamed a page at a time, newest first (decision 094). */
    paymentsCsv(filter: z.output<typeof paymentFilter>): Readable {
      const query = paymentQuery(filter);
      const pages = () => everyPage((after) => repo.paymentPage(query, { limit: CSV_PAGE, offset: 0, after: decodeCursor(after, 2) }));
      return csvStream(
        [
          'Created',
          'Completed',
          'Kind',
          'Status',
          'Amount (GBP)',
          'Refunded (GBP)',
          'Name',
          'E-mail',
          'Provider',
          'Provider reference',
          'Note',
          'Payment id',
        ],
        async function* () {
          for await (const rows of pages())
            yield rows
              .map(paymentRow)
              .map((p) => [
                spreadsheetTime(p.created_at),
                spreadsheetTime(p.completed_at),
                p.kind,
                p.status,
                poundsDecimal(p.amount),
                poundsDecimal(p.refunded),
                p.name,
                p.email,
                p.provider,
                p.provider_ref,
                p.note,
                p._id,
              ]);
        },
      );
    },

    /**
     * Summed here rather than in SQL: the months are London's, which SQL on both databases cannot
     * share. A refund or dispute counts in the month the payment came in: the month's net takings.
     */
    async paymentTotals(): Promise<MonthTotal[]> {
      const months = new Map<string, MonthTotal>();
      for (const p of await repo.completedPayments()) {
        const month = londonDate(new Date(p.completed_at ?? p.created_at)).slice(0, 7);
        const total = months.get(month) ?? {
          month,
          registration: 0,
          renewal: 0,
          donation: 0,
          booking: 0,
          refunded: 0,
          disputed: 0,
          total: 0,
          count: 0,
        };
        // Stripe takes the money back while a dispute is open, and returns it only if it is won.
        const disputed = p.status === 'disputed' || p.status === 'dispute_lost' ? p.amount_pence - p.refunded_pence : 0;
        total[p.kind] += p.amount_pence;
        total.refunded += p.refunded_pence;
        total.disputed += disputed;
        total.total += p.amount_pence - p.refunded_pence - disputed;
        total.count += 1;
        months.set(month, total);
      }
      return [...months.values()].sort((a, b) => (a.month < b.month ? 1 : -1));
    },

    async outbox({ page, page_size, after, before, ...filter }: z.output<typeof outboxListQuery>): Promise<OutboxPage> {
      const [total, found] = await Promise.all([outbox.count(filter), outbox.page(filter, windowOf(page, page_size, 1, after, before))]);
      return {
        items: found.rows.map(({ id, k0: _key, ...row }) => ({ _id: id, ...row })),
        total,
        page,
        page_size,
        next_cursor: found.next,
        prev_cursor: found.prev,
        delivery: mailDelivered ? 'smtp' : 'outbox',
      };
    },

    async outboxMessage(id: number): Promise<OutboxMessage> {
      const message = await outbox.find(id);
      if (!message) throw notFound('Message not found');
      const { id: _id, text_body, ...rest } = message;
      // With SMTP the admin has nothing to forward, and a reset link would let them sign in as the member.
      const withheld = mailDelivered && (message.kind === PASSWORD_RESET_MAIL || message.kind === INVITATION_MAIL);
      return { _id, ...rest, text_body: withheld ? WITHHELD_RESET_LINK : text_body };
    },

    async audit({ page, page_size, after, before, ...filter }: z.output<typeof auditListQuery>): Promise<AuditPage> {
      const [total, found] = await Promise.all([
        auditLog.count(filter),
        auditLog.page(filter, windowOf(page, page_size, 1, after, before)),
      ]);
      return {
        items: found.rows.map(({ seq, k0: _key, ...entry }) => ({ _id: String(seq), ...entry })),
        total,
        page,
        page_size,
        next_cursor: found.next,
        prev_cursor: found.prev,
      };
    },

    async auditActors(): Promise<{ _id: string; email: string }[]> {
      const actors = await auditLog.actors();
      return actors.map((a) => ({ _id: a.actor_id!, email: a.email ?? '' })).sort((a, b) => a.email.localeCompare(b.email, 'en-GB'));
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
