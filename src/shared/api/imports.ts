import { z } from 'zod';
import { calendarDate, newsConsent } from './common';
import { defineEndpoints, file } from './contract';
import { newPassword, registrationForm, tierIndex } from './membership';
import { dateFormats, memberFields, paymentFields } from '../domain/member-file';
import { pageOf, paging } from './admin';

/** What an import accepts (decision 110); the page states them. */
export const IMPORT_LIMITS = {
  /** Bytes of one file. */
  maxBytes: 20 * 1024 * 1024,
  /** Data rows of one file (the header row aside). */
  maxRows: 50_000,
  /** Characters of one cell. */
  maxCellChars: 10_000,
} as const;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 14;

export const importActions = ['create', 'update', 'skip', 'error'] as const;
export const importAction = z.enum(importActions);
export type ImportAction = z.infer<typeof importAction>;

export const importSummary = z.object({
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const importRowOutcome = z.object({
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  /** members or payments: which of the two files. */
  file: z.enum(['members', 'payments']),
  action: importAction,
  errors: z.array(z.object({ column: z.string().nullable(), detail: z.string() })),
  /** For an update: the fields that change. */
  changes: z.array(z.string()),
});
export type ImportRowOutcome = z.infer<typeof importRowOutcome>;

const memberMapping = z.partialRecord(z.enum(memberFields), z.string().max(200).nullable());
const paymentMapping = z.partialRecord(z.enum(paymentFields), z.string().max(200).nullable());
export type MemberMapping = z.infer<typeof memberMapping>;
export type PaymentMapping = z.infer<typeof paymentMapping>;

/** A mapping sent as a JSON text field: empty is none; anything else must parse as `schema`. */
function jsonMappingField<T extends z.ZodType<Record<string, unknown>>>(schema: T, refusal: string) {
  return z
    .string()
    .max(20_000)
    .optional()
    .transform((text, ctx): z.output<T> | Record<string, never> => {
      if (!text) return {};
      try {
        return schema.parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message: refusal });
        return z.NEVER;
      }
    });
}

/** The multipart form's text fields, besides the files `file` and `payments`. */
export const importFormFields = z.object({
  /** JSON: { field: column header }; fields left out are guessed from the headers, null leaves one unread. */
  mapping: jsonMappingField(memberMapping, 'The mapping is not valid: give JSON such as {"email": "E-mail address"}'),
  payments_mapping: jsonMappingField(paymentMapping, 'The payments mapping is not valid: give JSON such as {"amount": "Paid"}'),
  date_format: z.enum(dateFormats, { error: 'Choose dmy (DD/MM/YYYY) or iso (YYYY-MM-DD)' }).default('dmy'),
});

const fileReading = z.object({
  file_name: z.string(),
  /** How the file was read, in words: "UTF-8", "UTF-8 with a byte-order mark", "Windows-1252", "Excel workbook (.xlsx)". */
  encoding: z.string(),
  /** The header row's columns, in order (empty or repeated headers made unique: "Column 3", "Phone (2)"). */
  columns: z.array(z.string()),
});

export const importStatuses = ['ready', 'committing', 'committed', 'undone'] as const;

/** A dry run, or once committed what it did. */
export const importResponse = fileReading.extend({
  id: z.string(),
  status: z.enum(importStatuses),
  date_format: z.enum(dateFormats),
  mapping: memberMapping,
  summary: importSummary,
  /** Every row of both files, in order: what it would do (or did) and its errors. */
  rows: z.array(importRowOutcome),
  payments: fileReading.extend({ mapping: paymentMapping, summary: importSummary }).nullable(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  /** Whether undo is still possible (committed, and none of its people has signed in or set a password). */
  can_undo: z.boolean(),
});
export type ImportResponse = z.infer<typeof importResponse>;

export const importCommitRequest = z.object({
  /** skip: rows in error are left out; block: any row in error stops the whole import. */
  on_error: z.enum(['skip', 'block'], { error: 'Choose skip or block' }),
});
export type ImportCommitRequest = z.infer<typeof importCommitRequest>;

export const importListItem = z.object({
  id: z.string(),
  status: z.enum(importStatuses),
  file_name: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  committed_at: z.string().nullable(),
  summary: importSummary,
});
export const importList = z.object({ items: z.array(importListItem) });

export const importIdParams = z.object({ id: z.string().trim().min(1).max(100) });

export const invitationStates = ['not_invited', 'invited', 'expired', 'accepted'] as const;
export const invitationState = z.enum(invitationStates);
export type InvitationState = z.infer<typeof invitationState>;
export const invitationStateLabels: Record<InvitationState, string> = {
  not_invited: 'Not invited',
  invited: 'Invited',
  expired: 'Invitation expired',
  accepted: 'Password set',
};

export const importPerson = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** What the import did to the account. */
  action: z.enum(['create', 'update']),
  has_password: z.boolean(),
  invitation: invitationState,
  invited_at: z.string().nullable(),
  last_signed_in_at: z.string().nullable(),
});
export type ImportPerson = z.infer<typeof importPerson>;
export const importPeopleQuery = z.object({ ...paging });
export const importPeople = pageOf(importPerson);

export const inviteRequest = z.union(
  [
    z.object({ member_ids: z.array(z.string().trim().min(1).max(100)).min(1, 'Choose at least one person').max(50_000) }),
    z.object({ import_id: z.string().trim().min(1).max(100) }),
  ],
  { error: 'Give member_ids (a list) or import_id' },
);
export type InviteRequest = z.infer<typeof inviteRequest>;
export const inviteResponse = z.object({
  /** Invitations queued now (at a steady rate: see `sending_until`). */
  invited: z.number().int(),
  /** People left out: they have a password already (Forgot password is theirs), are staff, or were invited a moment ago. */
  skipped: z.number().int(),
  /** When the last of these invitations is due to leave. */
  sending_until: z.string().nullable(),
});

const optionalDate = (message: string) =>
  z
    .union([z.literal(''), z.null(), calendarDate(message)])
    .optional()
    .transform((v) => v || null);

/** Adding a person by hand: the registration form's fields and rules, without a password, with tier, dates and the invitation. */
export const addMemberRequest = registrationForm.omit({ plain_pw: true, tier_index: true, news_email: true, auto_renew: true }).extend({
  title: z
    .string()
    .trim()
    .max(40, 'At most 40 characters')
    .nullish()
    .transform((v) => v || null),
  tier_index: tierIndex,
  /** When they joined (default today). */
  registered_date: optionalDate('Use a date like 2024-09-01'),
  /** The start of their current year; empty: no membership yet (they pay when they first sign in). */
  last_renewed_date: optionalDate('Use a date like 2026-01-15'),
  news_email: newsConsent,
  /** Send the invitation to set a password now. */
  invite: z.boolean().optional().default(false),
});
export type AddMemberForm = z.input<typeof addMemberRequest>;
export const addMemberResponse = z.object({ _id: z.string(), invited: z.boolean() });
export const MEMBER_EMAIL_TAKEN = 'An account with this e-mail address already exists.';

export const invitationTokenParams = z.object({ token: z.string().max(200) });
export const invitationCheck = z.object({
  valid: z.boolean(),
  /** Whose account it opens (shown only with a valid link). */
  email: z.string().nullable(),
  first_name: z.string().nullable(),
});
export const invitationAcceptRequest = z.object({ token: z.string().trim().min(1).max(200), new_password: newPassword });
export const INVITATION_INVALID =
  'This invitation link has expired, has been used, or a newer one was sent. Ask the association for a new one, or use "Forgot password".';

export const importsApi = defineEndpoints('imports', {
  create: {
    method: 'POST',
    path: '/api/admin/imports',
    summary: 'Reads a members file (and an optional payments file) and answers the dry run; nothing else is written',
    description:
      'multipart/form-data: `file` (CSV in UTF-8, with or without a byte-order mark, or Windows-1252; or an .xlsx workbook), ' +
      'optional `payments` (the same kinds), optional `mapping` and `payments_mapping` (JSON: field -> column header) and ' +
      '`date_format` (`dmy`, the default, or `iso`). Limits: 20 MB and 50,000 rows a file, 10,000 characters a cell; no ' +
      'macros or external links. Decision record 110.',
    body: {
      kind: 'multipart',
      file: 'file',
      description: 'The members file (CSV or XLSX)',
      more: {
        payments: { file: true, description: 'Optional: past payments (e-mail, date, amount, kind, method, reference)' },
        mapping: { description: 'Optional JSON: members field -> column header (null leaves a field unread)' },
        payments_mapping: { description: 'Optional JSON: payments field -> column header' },
        date_format: { description: 'dmy (DD/MM/YYYY, the default) or iso (YYYY-MM-DD)' },
      },
    },
    response: importResponse,
  },
  list: {
    method: 'GET',
    path: '/api/admin/imports',
    summary: 'Imports, newest first',
    response: importList,
  },
  one: {
    method: 'GET',
    path: '/api/admin/imports/:id',
    summary: 'One import: its dry run, or what its commit did',
    params: importIdParams,
    response: importResponse,
    errors: { 404: 'No such import' },
  },
  outcomes: {
    method: 'GET',
    path: '/api/admin/imports/:id/outcomes.csv',
    summary: "The import's row outcomes as CSV: file, row, action, column, problem",
    params: importIdParams,
    response: file('text/csv'),
    errors: { 404: 'No such import' },
  },
  commit: {
    method: 'POST',
    path: '/api/admin/imports/:id/commit',
    summary: 'Writes the dry run, once: a batch of rows per transaction, the import id on every row; answers what was done',
    description:
      'Committing again answers the same summary and writes nothing; of two admins committing at once one does it and the ' +
      'other is answered 409 while it runs. With on_error block, any row in error refuses the whole import (409).',
    params: importIdParams,
    body: { kind: 'json', schema: importCommitRequest },
    response: importResponse,
    errors: { 404: 'No such import', 409: 'Being committed by someone else, undone, or rows in error with on_error block' },
  },
  undo: {
    method: 'POST',
    path: '/api/admin/imports/:id/undo',
    summary: 'Undoes a committed import while none of its people has signed in: created accounts go, updated ones are restored',
    params: importIdParams,
    response: importResponse,
    errors: { 404: 'No such import', 409: 'Not committed, or someone it brought in has signed in or set a password' },
  },
  people: {
    method: 'GET',
    path: '/api/admin/imports/:id/people',
    summary: 'The people an import created or updated, with their invitation and when they last signed in',
    params: importIdParams,
    query: importPeopleQuery,
    response: importPeople,
    errors: { 404: 'No such import' },
  },
  invite: {
    method: 'POST',
    path: '/api/admin/members/invite',
    summary: 'Invites members without a password to set one: by id, or everyone an import brought in',
    description:
      'Each invitation is queued in the outbox and leaves at a steady rate; its link works for 14 days and a new one voids the older.',
    body: { kind: 'json', schema: inviteRequest },
    response: inviteResponse,
    errors: { 404: 'No such import' },
  },
  addMember: {
    method: 'POST',
    path: '/api/admin/members',
    summary: 'Adds one person by hand (no password: an invitation lets them set one)',
    body: { kind: 'json', schema: addMemberRequest },
    response: addMemberResponse,
    errors: { 409: MEMBER_EMAIL_TAKEN },
  },
  invitation: {
    method: 'GET',
    path: '/api/invitations/:token',
    summary: 'Whether an invitation link still works (opening it uses nothing up)',
    params: invitationTokenParams,
    response: invitationCheck,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/invitations/accept',
    summary: "Sets the invited person's password with the link's token, once",
    body: { kind: 'json', schema: invitationAcceptRequest },
    response: z.object({ succeeded: z.boolean(), email: z.string() }),
    errors: { 503: 'Too many passwords are being hashed just now' },
  },
});
