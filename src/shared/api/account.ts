import { LANGUAGES } from '../domain/language';
import { z } from 'zod';
import { paymentKind, paymentStatus } from './admin';
import { documentLanguageQuery, succeededResponse } from './common';
import { defineEndpoints, file, jsonFile } from './contract';
import { emailAddress, newPassword, registrationForm } from './membership';

/** The member's own details: the registration form's fields and rules (one schema), without tier, e-mail and password. */
export const accountDetails = registrationForm.pick({
  first_name: true,
  last_name: true,
  qualifications: true,
  workplace: true,
  job_title: true,
  grad_year: true,
  addr_line1: true,
  addr_line2: true,
  addr_city: true,
  addr_post: true,
  phone_no: true,
});
export type AccountDetailsForm = z.input<typeof accountDetails>;

export const accountDetailsResponse = z.object({
  email: z.string(),
  tier_index: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  qualifications: z.string().nullable(),
  workplace: z.string().nullable(),
  job_title: z.string().nullable(),
  grad_year: z.number().int().nullable(),
  addr_line1: z.string().nullable(),
  addr_line2: z.string().nullable(),
  addr_city: z.string().nullable(),
  addr_post: z.string().nullable(),
  phone_no: z.string().nullable(),
});
export type AccountDetails = z.infer<typeof accountDetailsResponse>;

const currentPassword = z.string().min(1, 'Enter your current password').max(1024, 'At most 1,024 characters');

/** A name alone: for accounts without membership details (the admin's own). */
export const accountName = registrationForm.pick({ first_name: true, last_name: true });

export const accountLanguage = z.object({ language: z.enum(LANGUAGES) });
export type AccountNameForm = z.input<typeof accountName>;

export const passwordChangeRequest = z.object({ current_password: currentPassword, new_password: newPassword });
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;
/** A new token: the password change ended every session, this one included, and the caller stays signed in. */
export const passwordChangeResponse = z.object({ succeeded: z.boolean(), access_token: z.string() });

export const emailChangeRequest = z.object({ new_email: emailAddress, password: currentPassword });
export type EmailChangeRequest = z.input<typeof emailChangeRequest>;

export const emailConfirmRequest = z.object({ token: z.string().trim().min(1, 'The link is incomplete').max(200) });
export const emailConfirmResponse = z.object({ succeeded: z.boolean(), email: z.string() });

export const EMAIL_LINK_INVALID = 'This link has expired or has already been used. Ask for a new one from My Profile.';
export const WRONG_PASSWORD = 'Your current password is not correct';
export const EMAIL_UNAVAILABLE = 'This e-mail address cannot be used. Please choose another.';

export const accountPayment = z.object({
  _id: z.string(),
  kind: paymentKind,
  status: paymentStatus,
  /** What was bought: the tier, "Donation", or "Event booking: " and the event's title. */
  description: z.string(),
  /** Pence. */
  amount: z.number().int(),
  refunded: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** London dates of the membership year bought (registrations and renewals). */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** Whether GET .../receipt.pdf answers (the money arrived). */
  has_receipt: z.boolean(),
  /** The receipt's short number (R-2026-000123), given when the money arrived. */
  receipt_number: z.string().nullable(),
});
export type AccountPayment = z.infer<typeof accountPayment>;
export const accountPayments = z.object({ items: z.array(accountPayment) });

export const consentRequest = z.object({ news_email: z.boolean({ error: 'Say yes or no' }) });
export const consentState = z.object({
  news_email: z.boolean(),
  /** When the current choice was made (null: never asked). */
  changed_at: z.string().nullable(),
});
export type ConsentState = z.infer<typeof consentState>;

export const deleteAccountRequest = z.object({ password: currentPassword });

/** A record as stored: its columns, which the export passes on as they are (the secrets left out). */
const storedRecords = z.array(z.looseObject({}));

/**
 * The member's data as the export downloads it. Each part is a list of records; a part added
 * for a new kind of personal data joins these (a looser object, so the document stays true).
 */
export const accountExport = z.looseObject({
  exported_at: z.string(),
  site: z.string(),
  account: z.looseObject({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string(), role: z.string() }),
  consent_history: z.array(z.looseObject({ news_email: z.boolean(), source: z.string(), wording_version: z.string(), at: z.string() })),
  email_changes: storedRecords,
  payments: z.array(accountPayment),
  donations: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      name: z.string().nullable(),
      email: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  gift_aid_declarations: storedRecords,
  emails_sent: storedRecords,
  audit_entries: storedRecords,
});

export const accountApi = defineEndpoints('account', {
  details: {
    method: 'GET',
    path: '/api/account/details',
    summary: "The signed-in member's own details",
    response: accountDetailsResponse,
  },
  updateDetails: {
    method: 'POST',
    path: '/api/account/details',
    summary: 'Changes the member’s name, address, phone and occupation (the registration form’s rules)',
    body: { kind: 'json', schema: accountDetails },
    response: accountDetailsResponse,
  },
  name: {
    method: 'POST',
    path: '/api/account/name',
    summary: 'Changes the name only (the admin’s account has no membership details to give)',
    body: { kind: 'json', schema: accountName },
    response: accountDetailsResponse,
  },
  language: {
    method: 'POST',
    path: '/api/account/language',
    summary: 'Chooses the language of the member’s mail and documents (decision 150)',
    body: { kind: 'json', schema: accountLanguage },
    response: succeededResponse,
  },
  password: {
    method: 'POST',
    path: '/api/account/password',
    summary: 'Changes the password after checking the current one; ends every other session',
    body: { kind: 'json', schema: passwordChangeRequest },
    response: passwordChangeResponse,
    errors: { 429: 'Too many wrong passwords', 503: 'Too many passwords are being checked just now' },
  },
  email: {
    method: 'POST',
    path: '/api/account/email',
    summary: 'Sends a confirmation link to the new address (single use, 24 hours) and a notice to the old one',
    description: 'The address changes only when the link is opened. An address in use is refused without saying whose.',
    body: { kind: 'json', schema: emailChangeRequest },
    response: succeededResponse,
    errors: {
      409: 'The address cannot be used (it is in use; the answer does not say whose)',
      429: 'Too many wrong passwords or requests',
    },
  },
  emailConfirm: {
    method: 'POST',
    path: '/api/account/email_confirm',
    summary: 'Makes a requested e-mail change with the link’s token (anyone holding the link may; it is single use)',
    body: { kind: 'json', schema: emailConfirmRequest },
    response: emailConfirmResponse,
    errors: { 409: 'The new address has been taken by another account since the link was sent' },
  },
  payments: {
    method: 'GET',
    path: '/api/account/payments',
    summary: "The member's registrations, renewals and donations, newest first",
    response: accountPayments,
  },
  receipt: {
    method: 'GET',
    path: '/api/account/payments/:id/receipt.pdf',
    summary:
      'A PDF receipt for one of the member’s payments whose money arrived (another member’s is 404), in the member’s language unless `lang` names one',
    params: z.object({ id: z.string().max(100) }),
    query: documentLanguageQuery,
    response: file('application/pdf'),
    errors: {
      400: 'lang is neither en nor hy',
      404: 'No such payment of this member, or its money has not arrived',
      429: 'Too many documents asked for by this account or address',
      503: 'The PDF threads are busy: try again after Retry-After seconds',
    },
  },
  consent: {
    method: 'GET',
    path: '/api/account/consent',
    summary: 'Whether the member agreed to news and event invitations by e-mail, and when',
    response: consentState,
  },
  setConsent: {
    method: 'POST',
    path: '/api/account/consent',
    summary: 'Gives or withdraws consent to news by e-mail; each change is kept with its time and the wording shown',
    body: { kind: 'json', schema: consentRequest },
    response: consentState,
  },
  export: {
    method: 'GET',
    path: '/api/account/export',
    summary: 'Everything held about the member, as a JSON file (UK GDPR right of access)',
    response: jsonFile(accountExport),
  },
  delete: {
    method: 'POST',
    path: '/api/account/delete',
    summary: 'Erases the account after checking the password: personal data goes, what the law requires is kept (decision record 040)',
    body: { kind: 'json', schema: deleteAccountRequest },
    response: succeededResponse,
    errors: { 429: 'Too many wrong passwords' },
  },
});

// ---- The admin acting on a member's account ----

const memberId = z.object({ id: z.string().max(100) });

export const adminEmailRequest = z.object({ email: emailAddress });
export const consentHistory = z.object({
  items: z.array(z.object({ news_email: z.boolean(), source: z.string(), wording_version: z.string(), at: z.string() })),
});
export type ConsentHistory = z.infer<typeof consentHistory>;
/** The kinds of mail the admin may send again: the welcome (which is the first receipt) and receipts. */
export const resendableMailKinds = ['welcome', 'renewal-receipt', 'donation-receipt'] as const;
export const memberMail = z.object({
  items: z.array(z.object({ _id: z.number().int(), subject: z.string(), kind: z.string(), to: z.string(), created_at: z.string() })),
});
export type MemberMail = z.infer<typeof memberMail>;
export const resendRequest = z.object({ outbox_id: z.number({ error: 'Choose a message' }).int('Choose a message') });

export const accountAdminApi = defineEndpoints('account-admin', {
  updateDetails: {
    method: 'POST',
    path: '/api/admin/members/:id/details',
    summary: "Changes a member's details (the registration form's rules); audited",
    params: memberId,
    body: { kind: 'json', schema: accountDetails },
    response: accountDetailsResponse,
    errors: { 404: 'No such member' },
  },
  changeEmail: {
    method: 'POST',
    path: '/api/admin/members/:id/email',
    summary: "Changes a member's e-mail at once (no link); the member is told at both addresses; audited",
    params: memberId,
    body: { kind: 'json', schema: adminEmailRequest },
    response: succeededResponse,
    errors: { 404: 'No such member', 409: 'The address belongs to another account' },
  },
  consents: {
    method: 'GET',
    path: '/api/admin/members/:id/consents',
    summary: "A member's consent choices about news by e-mail, newest first",
    params: memberId,
    response: consentHistory,
    errors: { 404: 'No such member' },
  },
  mail: {
    method: 'GET',
    path: '/api/admin/members/:id/mail',
    summary: 'The welcome and receipts the site sent to the member, which may be sent again',
    params: memberId,
    response: memberMail,
    errors: { 404: 'No such member' },
  },
  resend: {
    method: 'POST',
    path: '/api/admin/members/:id/resend',
    summary: "Sends the welcome or a receipt again, as it was, to the member's current address; audited",
    params: memberId,
    body: { kind: 'json', schema: resendRequest },
    response: succeededResponse,
    errors: { 404: 'No such member or message' },
  },
  erase: {
    method: 'POST',
    path: '/api/admin/members/:id/erase',
    summary: "Acts on a member's erasure request (decision record 040); audited",
    params: memberId,
    response: succeededResponse,
    errors: { 404: 'No such member', 409: 'An admin account cannot be erased' },
  },
});
