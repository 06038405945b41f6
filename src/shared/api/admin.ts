import { z } from 'zod';
import { membershipStatuses, type MembershipStatus } from '../domain/membership';
import { role, roles } from './accounts';
import { calendarDate, succeededResponse } from './common';
import { defineEndpoints, file } from './contract';
import { tierIndexNumber } from './membership';

export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;

/** A query parameter left empty (`?status=`) means "any". */
const blank = z.literal('').transform(() => undefined);
export const optionalParam = <T extends z.ZodType>(schema: T) => z.union([blank, schema]).optional();
/** Query strings carry numbers as text; the client's typed calls pass numbers. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,9}$/, message)
        .transform(Number),
    ])
    .pipe(z.number().int(message).min(min, message).max(max, message));

export const paging = {
  page: optionalParam(wholeNumber(1, 1_000_000, 'Use a page number from 1')).transform((v) => v ?? 1),
  /**
   * The next or previous page by keyset (decision 094): a page's `next_cursor` or `prev_cursor`.
   * `page` still says which page it is; a cursor of another order or a made-up one reads by `page`.
   */
  after: optionalParam(z.string().max(1000)),
  before: optionalParam(z.string().max(1000)),
  page_size: optionalParam(wholeNumber(1, ADMIN_PAGE_SIZE_MAX, `Use a page size from 1 to ${ADMIN_PAGE_SIZE_MAX}`)).transform(
    (v) => v ?? ADMIN_PAGE_SIZE_DEFAULT,
  ),
};
export const search = optionalParam(z.string().trim().max(200, 'At most 200 characters')).transform((v) => v ?? '');
const isoDate = calendarDate('Use a date like 2026-11-22');

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** For the page after this one (`after`), and the one before (`before`); null at either end. */
    next_cursor: z.string().nullable().optional(),
    prev_cursor: z.string().nullable().optional(),
  });

// ---- Members ----

/** See membershipStatus: "none" is an account that never paid (e.g. the first admin's own). */
export const memberStatuses = membershipStatuses;
export const memberStatus = z.enum(memberStatuses);
export type MemberStatus = MembershipStatus;
export const memberStatusLabels: Record<MemberStatus, string> = {
  active: 'Active',
  expiring: 'Expiring within 30 days',
  lapsed: 'Lapsed',
  none: 'No membership',
};

export const memberSortKeys = ['name', 'email', 'tier', 'member_since', 'expiry'] as const;
export const sortDirection = z.enum(['asc', 'desc']);

export const memberFilter = z.object({
  /** Part of the name ("Ani Petros") or of the e-mail address, any case. */
  q: search,
  status: optionalParam(memberStatus),
  tier: optionalParam(wholeNumber(0, 99, 'Choose a membership tier')),
  role: optionalParam(role),
  sort: optionalParam(z.enum(memberSortKeys)).transform((v) => v ?? 'name'),
  dir: optionalParam(sortDirection).transform((v) => v ?? 'asc'),
});
export type MemberFilter = z.input<typeof memberFilter>;
export const memberListQuery = memberFilter.extend(paging);
export type MemberListQuery = z.input<typeof memberListQuery>;

export const memberRow = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role,
  tier_index: z.number().int().nullable(),
  /** The tier's name, or null when the account has none. */
  tier_name: z.string().nullable(),
  /** Calendar dates YYYY-MM-DD. */
  registered_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  status: memberStatus,
});
export type MemberRow = z.infer<typeof memberRow>;
export const memberPage = pageOf(memberRow);
export type MemberPage = z.infer<typeof memberPage>;

export const paymentKinds = ['registration', 'renewal', 'donation', 'booking'] as const;
export const paymentKind = z.enum(paymentKinds);
/**
 * pending until paid; failed when the provider could not start it; canceled by Stripe (never paid);
 * after success Stripe may report a refund (whole or part) or a dispute, which is won or lost.
 */
export const paymentStatuses = [
  'pending',
  'succeeded',
  'failed',
  'canceled',
  'refunded',
  'partly_refunded',
  'disputed',
  'dispute_won',
  'dispute_lost',
] as const;
export const paymentStatus = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatus>;
/** Statuses of a payment whose money arrived (some of it may have gone back since). */
export const completedPaymentStatuses: readonly PaymentStatus[] = [
  'succeeded',
  'refunded',
  'partly_refunded',
  'disputed',
  'dispute_won',
  'dispute_lost',
];
/** Statuses that put a membership payment before the admin: the money went back or is contested. */
export const reviewablePaymentStatuses: readonly PaymentStatus[] = ['refunded', 'partly_refunded', 'disputed', 'dispute_lost'];

export const paymentRow = z.object({
  _id: z.string(),
  kind: paymentKind,
  status: paymentStatus,
  /** Pence. */
  amount: z.number().int(),
  provider: z.string(),
  /** The provider's reference (Stripe's payment intent id); null for a free registration. */
  provider_ref: z.string().nullable(),
  email: z.string(),
  /** The member's name, or the donor's (null for an anonymous donation). */
  name: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The admin's note on a payment they recorded by hand (provider "offline"). */
  note: z.string().nullable(),
  /** Pence Stripe has refunded (0 unless refunded or partly refunded). */
  refunded: z.number().int(),
  /** The membership year a registration or renewal bought, as London dates; null until it succeeded. */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** The admin's decision on a refunded or disputed membership payment: kept the year, or ended it. */
  review: z.enum(['kept', 'ended']).nullable(),
  /**
   * A pending Direct Debit (decision 175): at the bank for about three working days, or refused by
   * it (the payer and the admins were told); null for any other payment.
   */
  direct_debit: z.enum(['processing', 'failed']).nullable(),
  /** The bank's reason for a failed Direct Debit. */
  failure_message: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRow>;

/** Registrations and renewals buy a membership year; donations and event bookings do not. */
export function isMembershipPayment(kind: PaymentRow['kind']): boolean {
  return kind === 'registration' || kind === 'renewal';
}

/** A membership payment refunded or disputed whose year the admin has not yet decided on. */
export function awaitsReview(payment: Pick<PaymentRow, 'kind' | 'status' | 'review'>): boolean {
  return isMembershipPayment(payment.kind) && reviewablePaymentStatuses.includes(payment.status) && payment.review === null;
}

export const memberDetail = memberRow.extend({
  last_renewed_date: z.string().nullable(),
  qualifications: z.string().nullable(),
  workplace: z.string().nullable(),
  job_title: z.string().nullable(),
  grad_year: z.number().int().nullable(),
  addr_line1: z.string().nullable(),
  addr_line2: z.string().nullable(),
  addr_city: z.string().nullable(),
  addr_post: z.string().nullable(),
  phone_no: z.string().nullable(),
  created_at: z.string(),
  title: z.string().nullable(),
  /** Whether the person has chosen a password (imported and hand-added people start without one). */
  has_password: z.boolean(),
  /** When they last signed in (null: never, since this was recorded). */
  last_signed_in_at: z.string().nullable(),
  /** Their latest invitation to choose a password, if any. */
  invitation: z
    .object({ created_at: z.string(), expires_at: z.string(), used_at: z.string().nullable(), voided_at: z.string().nullable() })
    .nullable(),
  /** The admin's notes (from an import's note column). */
  notes: z.array(z.object({ body: z.string(), created_at: z.string() })),
  /** Every payment made by this account or from its e-mail address, newest first. */
  payments: z.array(paymentRow),
});
export type MemberDetail = z.infer<typeof memberDetail>;

// ---- Roles ----

export const setRoleRequest = z.object({ user_id: z.string().trim().min(1).max(100), role: z.enum(roles) });
export type SetRoleRequest = z.infer<typeof setRoleRequest>;
export const LAST_ADMIN = 'The last admin cannot be demoted: make someone else an admin first';

// ---- A payment received by hand ----

/**
 * A member paid by cheque, bank transfer or cash: the admin records it and the membership runs
 * for another year, exactly as a renewal by card (from the current expiry while that is ahead).
 */
export const recordRenewalRequest = z.object({
  user_id: z.string().trim().min(1).max(100),
  tier_index: tierIndexNumber,
  amount: z
    .number({ error: 'Enter the amount received' })
    .int('Enter the amount in whole pence')
    .min(0, 'The amount cannot be negative')
    .max(1_000_000, 'At most £10,000'),
  note: z.string().trim().min(1, 'Say how it was paid, e.g. "Cheque 001234"').max(200, 'At most 200 characters'),
});
export type RecordRenewalRequest = z.input<typeof recordRenewalRequest>;
export const recordRenewalResponse = z.object({ payment_id: z.string(), last_renewed_date: z.string(), expiry_date: z.string() });

// ---- Payments ----

/** The admin's decision on a refunded or disputed membership payment (decision record 014). */
export const paymentReviewRequest = z.object({
  payment_id: z.string().trim().min(1).max(100),
  /** keep: the membership stays as it is; end: the year the payment bought is taken off. */
  decision: z.enum(['keep', 'end']),
});
export type PaymentReviewRequest = z.infer<typeof paymentReviewRequest>;
export const paymentReviewResponse = z.object({ last_renewed_date: z.string().nullable(), expiry_date: z.string().nullable() });

export const paymentFilter = z
  .object({
    /** Part of the e-mail, the name or the provider's reference. */
    q: search,
    kind: optionalParam(paymentKind),
    status: optionalParam(paymentStatus),
    /** Created on or after / on or before these London dates, inclusive. */
    from: optionalParam(isoDate),
    to: optionalParam(isoDate),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'The end date is before the start date' });
export type PaymentFilter = z.input<typeof paymentFilter>;
export const paymentListQuery = paymentFilter.and(z.object(paging));
export type PaymentListQuery = z.input<typeof paymentListQuery>;
export const paymentPage = pageOf(paymentRow);
export type PaymentPage = z.infer<typeof paymentPage>;

/**
 * Payments received, by the London month they completed in, newest month first; amounts in pence.
 * By kind: what came in. Refunded and disputed (open or lost): what went back. Total: what stayed.
 */
export const monthTotal = z.object({
  month: z.string(),
  registration: z.number().int(),
  renewal: z.number().int(),
  donation: z.number().int(),
  booking: z.number().int(),
  refunded: z.number().int(),
  disputed: z.number().int(),
  total: z.number().int(),
  count: z.number().int(),
});
export type MonthTotal = z.infer<typeof monthTotal>;
export const paymentTotals = z.array(monthTotal);

// ---- Outbox ----

export const outboxStatus = z.enum(['queued', 'sending', 'sent', 'failed', 'kept', 'cancelled', 'bounced']);
export const outboxListQuery = z.object({ status: optionalParam(outboxStatus), q: search, ...paging });
export type OutboxListQuery = z.input<typeof outboxListQuery>;
export const outboxRow = z.object({
  _id: z.number().int(),
  to_address: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: outboxStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export const outboxPage = pageOf(outboxRow).extend({
  /** smtp: messages are delivered; outbox: no SMTP_URL is set and messages are kept here to send by hand. */
  delivery: z.enum(['smtp', 'outbox']),
});
export type OutboxPage = z.infer<typeof outboxPage>;
export const outboxMessage = outboxRow.extend({ text_body: z.string() });
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxIdParams = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'Invalid message id') });

// ---- Audit log ----

export const auditKinds = [
  'event',
  'committee',
  'article',
  'site_text',
  'settings',
  'image',
  'role',
  'membership',
  'payment',
  'gift_aid',
  'account',
  'newsletter',
  'import',
] as const;
export const auditKind = z.enum(auditKinds);
export type AuditKind = z.infer<typeof auditKind>;
export const auditKindLabels: Record<AuditKind, string> = {
  event: 'Events',
  committee: 'Committee',
  article: 'Articles',
  site_text: 'Site text',
  settings: 'Settings',
  image: 'Images',
  role: 'Roles',
  membership: 'Memberships',
  payment: 'Payments',
  gift_aid: 'Gift Aid',
  account: 'Accounts',
  newsletter: 'Newsletters',
  import: 'Imports',
};
export const auditActions = ['created', 'updated', 'deleted', 'uploaded', 'changed', 'cancelled', 'recorded', 'mailed'] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditListQuery = z.object({
  /** The person's user id. */
  actor: optionalParam(z.string().trim().max(100)),
  kind: optionalParam(auditKind),
  ...paging,
});
export type AuditListQuery = z.input<typeof auditListQuery>;
export const auditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  /** Null for changes the site made itself (the demo content on first start). */
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  kind: auditKind,
  action: z.enum(auditActions),
  /** The record changed (an event id, a site text key, a user id...). */
  subject_id: z.string().nullable(),
  /** What changed, in words: "Make member an editor: ani@example.org". */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = pageOf(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
export const auditActors = z.array(z.object({ _id: z.string(), email: z.string() }));

/** The back office's calls: all admin only. Lists page on the server; the .csv calls take the same filters. */
export const adminApi = defineEndpoints('admin', {
  members: {
    method: 'GET',
    path: '/api/admin/members',
    summary: 'Members, filtered, sorted and a page at a time',
    query: memberListQuery,
    response: memberPage,
  },
  membersCsv: {
    method: 'GET',
    path: '/api/admin/members.csv',
    summary: 'The filtered members as CSV (every page)',
    query: memberFilter,
    response: file('text/csv'),
  },
  member: {
    method: 'GET',
    path: '/api/admin/members/:id',
    summary: "One member's details and payments",
    params: z.object({ id: z.string().trim().min(1).max(100) }),
    response: memberDetail,
    errors: { 404: 'No such member' },
  },
  setRole: {
    method: 'POST',
    path: '/api/admin/set_role',
    summary: "Changes a person's role; it applies on their next request",
    body: { kind: 'json', schema: setRoleRequest },
    response: succeededResponse,
    errors: { 404: 'No such member', 409: LAST_ADMIN },
  },
  recordRenewal: {
    method: 'POST',
    path: '/api/admin/record_renewal',
    summary: 'Records a renewal paid by cheque, bank transfer or cash: another year, and the receipt',
    body: { kind: 'json', schema: recordRenewalRequest },
    response: recordRenewalResponse,
    errors: { 404: 'No such member', 409: 'The same payment was recorded a moment ago' },
  },
  paymentReview: {
    method: 'POST',
    path: '/api/admin/payment_review',
    summary: 'Decides on a refunded or disputed membership payment: keep the membership, or take off the year it paid for',
    description: 'Decided once, with an audit entry (decision record 014).',
    body: { kind: 'json', schema: paymentReviewRequest },
    response: paymentReviewResponse,
    errors: { 404: 'No such membership payment', 409: 'Decided already, or the payment was not refunded or disputed' },
  },
  payments: {
    method: 'GET',
    path: '/api/admin/payments',
    summary: 'Payments, filtered, newest first, a page at a time',
    query: paymentListQuery,
    response: paymentPage,
  },
  paymentsCsv: {
    method: 'GET',
    path: '/api/admin/payments.csv',
    summary: 'The filtered payments as CSV (every page)',
    query: paymentFilter,
    response: file('text/csv'),
  },
  paymentTotals: {
    method: 'GET',
    path: '/api/admin/payment_totals',
    summary: 'Payments received by London month, newest first, less what was refunded or disputed',
    response: paymentTotals,
  },
  outbox: {
    method: 'GET',
    path: '/api/admin/outbox',
    summary: 'E-mail sent or kept, newest first, a page at a time',
    query: outboxListQuery,
    response: outboxPage,
  },
  outboxMessage: {
    method: 'GET',
    path: '/api/admin/outbox/:id',
    summary: 'One e-mail with its full text',
    params: outboxIdParams,
    response: outboxMessage,
    errors: { 404: 'No such message' },
  },
  audit: {
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit log, newest first, a page at a time',
    query: auditListQuery,
    response: auditPage,
  },
  auditActors: {
    method: 'GET',
    path: '/api/admin/audit_actors',
    summary: 'Everyone who appears in the audit log',
    response: auditActors,
  },
});
