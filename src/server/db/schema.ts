import type { Language } from '../../shared/domain/language';
import type { Generated } from 'kysely';
import type { Role } from '../../shared/api/accounts';
import type { AuditAction, AuditKind, PaymentStatus } from '../../shared/api/admin';

/** Table shapes as Kysely sees them. Ids are text, instants ISO-8601 UTC text, money integer pence. */
export interface UsersTable {
  id: string;
  email: string;
  /** The e-mail trimmed and lower-cased: unique, so one address cannot register twice in another case. */
  email_key: string;
  password_hash: string;
  role: Role;
  /** Raised on a password reset or a forced sign-out; tokens carry it and older ones stop working. */
  token_version: Generated<number>;
  first_name: string;
  last_name: string;
  qualifications: string | null;
  workplace: string | null;
  job_title: string | null;
  grad_year: number | null;
  addr_line1: string | null;
  addr_line2: string | null;
  addr_city: string | null;
  addr_post: string | null;
  phone_no: string | null;
  tier_index: number | null;
  /** Calendar dates YYYY-MM-DD. */
  registered_date: string | null;
  last_renewed_date: string | null;
  created_at: string;
  /** Dr, Mr, Prof... (0015). */
  title: string | null;
  /** The import that created the account or last changed it (decision 110). */
  import_id: string | null;
  last_signed_in_at: string | null;
  /** When the account was first seen with a staff role and no second factor (the grace period counts from here). */
  staff_since: string | null;
  /** The language of the member's mail and documents, 'en' or 'hy' (decision 150). */
  language: Generated<Language>;
}

export interface StringsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface ImagesTable {
  id: string;
  mime: 'image/png' | 'image/jpeg';
  ext: 'png' | 'jpg';
  data: Buffer;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
  created_by: string | null;
}

/** A smaller or AVIF copy of an uploaded image (decision 210), made from it and never changed. */
export interface ImageVariantsTable {
  image_id: string;
  /** Its width in pixels: a width of IMAGE_WIDTHS, or the image's own when that is narrower. */
  width: number;
  format: 'avif' | 'jpg' | 'png';
  mime: 'image/avif' | 'image/jpeg' | 'image/png';
  data: Buffer;
  bytes: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Sign-in attempts: failures, and (pending = 1) those whose password is still being checked. */
export interface SignInFailuresTable {
  id: Generated<number>;
  email_key: string;
  ip: string;
  at: string;
  pending: Generated<number>;
}

export interface CommitteeMembersTable {
  id: string;
  name: string;
  role: string;
  /** URL of the photo, usually an uploaded image (/api/images/...). */
  image: string;
  description: string;
  priority: number;
  created_at: string;
  updated_at: string;
  /** The Armenian role and description; null where there is none (0025, decision 180). */
  role_hy: string | null;
  description_hy: string | null;
}

export interface EventsTable {
  id: string;
  title: string;
  starts_at: string;
  description: string;
  created_at: string;
  updated_at: string;
  ends_at: string | null;
  venue_name: string | null;
  venue_address: string | null;
  /** The Armenian title, description and venue; a null title means no Armenian version (0025, decision 180). */
  title_hy: string | null;
  description_hy: string | null;
  venue_name_hy: string | null;
  venue_address_hy: string | null;
  /** For booked attendees only. */
  online_url: string | null;
  /** Null: no limit. */
  capacity: number | null;
  booking_opens_at: string | null;
  booking_closes_at: string | null;
  member_price_pence: Generated<number>;
  price_pence: Generated<number>;
  /** 0 or 1. */
  members_only: Generated<number>;
  cpd_minutes: number | null;
  cancel_cutoff_days: Generated<number>;
  /** Places held by live bookings; claimed by a conditional update (0010). */
  places_taken: Generated<number>;
  /** The feature image's address and its alt text; empty for none (0012). */
  image: Generated<string>;
  image_alt: Generated<string>;
}

export type BookingStatus = 'held' | 'confirmed' | 'waitlisted' | 'offered' | 'cancelled' | 'expired' | 'unconfirmed';

export interface EventBookingsTable {
  id: string;
  event_id: string;
  user_id: string | null;
  name: string;
  email: string;
  /** The e-mail's key while the booking is live, else null (unique per event). */
  active_key: string | null;
  status: BookingStatus;
  price_pence: number;
  payment_id: string | null;
  hold_until: string | null;
  created_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  refunded_pence: Generated<number>;
  refund_due_pence: Generated<number>;
  reminded_at: string | null;
  attended_at: string | null;
  certificate_number: string | null;
  note: string | null;
  /** A visitor's free booking awaiting its e-mail link (status unconfirmed): 1 while it holds a place (decision 092). */
  place_held: Generated<number>;
  /** The news consent's wording version a visitor ticked on a free booking, recorded when the e-mail's link confirms it. */
  news_consent_version: Generated<string | null>;
  /** The language of its mail, 'en' or 'hy': the booking page's, a member's own (decision 191). */
  language: Generated<Language>;
}

/** A message the admin sent to an event's attendees; the id is the form's request key (sent once). */
export interface EventMailingsTable {
  id: string;
  event_id: string;
  subject: string;
  include_waitlist: number;
  recipients: number;
  created_at: string;
  actor_id: string | null;
}

export interface ArticlesTable {
  id: string;
  title: string;
  dated: string;
  brief: string;
  content: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  /** 1 for a page (About us, the privacy policy): not news, no date shown; else 0. */
  is_page: Generated<number>;
  /** The feature image's address and its alt text; empty for none (0012). */
  image: Generated<string>;
  image_alt: Generated<string>;
  /** The Armenian version: title, brief and content together, or all null (0025, decision 180). */
  title_hy: string | null;
  brief_hy: string | null;
  content_hy: string | null;
}

export interface ArticleCategoriesTable {
  article_id: string;
  category: string;
  /** The article's own `dated` and `is_page`, copied so a category pages from one index (0009). */
  dated: string;
  is_page: number;
}

export type PaymentKind = 'registration' | 'renewal' | 'donation' | 'booking';
export type { PaymentStatus };

export interface PaymentsTable {
  id: string;
  kind: PaymentKind;
  status: PaymentStatus;
  amount_pence: number;
  /** offline: a payment the admin received by hand (cheque, bank transfer) and recorded. */
  provider: 'test' | 'stripe' | 'none' | 'offline';
  provider_ref: string | null;
  user_id: string | null;
  email: string;
  tier_index: number | null;
  date_effective: string | null;
  /** What the payment is for: the pending registration, or the donation. */
  reference_id: string | null;
  created_at: string;
  completed_at: string | null;
  note: string | null;
  /** How much Stripe has refunded, in pence (a partial refund leaves the payment partly refunded). */
  refunded_pence: Generated<number>;
  /** The membership year bought, decided at fulfilment (registrations and renewals). */
  period_start: string | null;
  period_end: string | null;
  /** SHA-256 hex of the client secret, so settle can find the payment without the provider. */
  client_secret_hash: string | null;
  /** The address that started a card payment (IPv6 by /64): declines reported later count against it. */
  client_address: string | null;
  /** The admin's decision on a refunded or disputed membership payment. */
  review: 'kept' | 'ended' | null;
  /** A past payment brought in by an import, and its key (the same row again adds nothing). */
  import_id: string | null;
  import_key: string | null;
  /** The receipt's short number, R-2026-000123, given once when the money arrived (decision 104). */
  receipt_number: Generated<string | null>;
  /** The provider's customer the card is saved to, when the payer chose automatic renewal (decision 140). */
  save_for_customer: string | null;
  /** Since when the provider reports the payment as processing (a Direct Debit, decision 175); null once it is not. */
  processing_since: string | null;
  /** A Direct Debit that failed after processing: when, and the reason told (the payment stays pending, decision 175). */
  failed_at: string | null;
  failure_message: string | null;
}

export interface ReceiptCountersTable {
  /** The London year of the receipts numbered. */
  year: number;
  last_number: number;
}

export interface PendingRegistrationsTable {
  id: string;
  email: string;
  password_hash: string;
  /** The other registration fields as JSON (read back only in code, never queried). */
  fields: string;
  created_at: string;
}

/** A new member's one sign-in without their password, once the payment has made the account (decision 086). */
export interface JoinSignInsTable {
  payment_id: string;
  /** SHA-256 of the secret the joining browser holds. */
  secret_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface WebhookEventsTable {
  event_id: string;
  type: string;
  received_at: string;
}

export interface TestPaymentIntentsTable {
  id: string;
  client_secret: string;
  idempotency_key: string;
  amount_pence: number;
  /** requires_action: waiting for the simulated bank's authentication (decision 145). */
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  last_error: string | null;
  created_at: string;
  customer_id: string | null;
  payment_method_id: string | null;
  /** 'off_session' when the card step saves the card for later charges. */
  setup_future_usage: string | null;
  /** What the intent may be paid with, as Stripe lists it: "card", or "card,bacs_debit" where Direct Debit is offered (decision 175). */
  payment_method_types: string | null;
  /** bacs_debit for a Direct Debit (decision 175), which stays processing until settles_at, then ends as debit_outcome says. */
  method_type: string | null;
  settles_at: string | null;
  debit_outcome: 'succeeds' | 'fails' | null;
}

/** How a saved test card behaves when charged later without the cardholder (decision 143). */
export type OffSessionBehaviour = 'succeeds' | 'requires_action' | 'declines';

export interface TestPaymentMethodsTable {
  id: string;
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  off_session: OffSessionBehaviour;
  created_at: string;
  /** card, or bacs_debit (brand "bacs_debit", last4 the account's, expiry none that matters). */
  type: Generated<'card' | 'bacs_debit'>;
  sort_code: string | null;
  mandate_status: 'active' | 'inactive' | null;
}

export interface TestSetupIntentsTable {
  id: string;
  client_secret: string;
  customer_id: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  payment_method_id: string | null;
  created_at: string;
}

/** A member's automatic renewal (decision 140): the provider keeps the card; this names it. */
export interface AutoRenewalsTable {
  user_id: string;
  status: 'on' | 'off';
  provider: 'test' | 'stripe';
  customer_id: string;
  payment_method_id: string | null;
  method_brand: string | null;
  method_last4: string | null;
  method_exp_month: number | null;
  method_exp_year: number | null;
  source_intent: string | null;
  turned_off_by: 'member' | 'admin' | 'declines' | 'mandate' | null;
  updated_at: string;
  /** card, or bacs_debit (decision 175); null in rows saved before Direct Debit. */
  method_type: 'card' | 'bacs_debit' | null;
}

export type AutoChargeStatus =
  'noticed' | 'charging' | 'requires_action' | 'declined' | 'processing' | 'succeeded' | 'failed' | 'superseded';

/** One member's charge for one period (the expiry it renews), charged once (decision 141). */
export interface AutoRenewalChargesTable {
  id: string;
  user_id: string;
  period: string;
  tier_index: number;
  amount_pence: number;
  status: AutoChargeStatus;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_at: string | null;
  claimed_by: string | null;
  payment_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** An erased person's customer at the payment provider, until the provider has deleted it (decision 220). */
export interface ProviderErasuresTable {
  customer_id: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
}

export type MonthlyGiftStatus = 'setup' | 'active' | 'cancelled' | 'ended';

/** A monthly gift (decision 170): the provider keeps the card; this names it, with the donor's Gift Aid declaration. */
export interface MonthlyGiftsTable {
  id: string;
  user_id: string | null;
  email: string;
  name: string | null;
  amount_pence: number;
  status: MonthlyGiftStatus;
  ended_by: 'donor' | 'admin' | 'declines' | null;
  ended_at: string | null;
  charge_day: number;
  provider: 'test' | 'stripe';
  customer_id: string;
  payment_method_id: string | null;
  method_brand: string | null;
  method_last4: string | null;
  gift_aid_title: string | null;
  gift_aid_first_name: string | null;
  gift_aid_last_name: string | null;
  gift_aid_house: string | null;
  gift_aid_postcode: string | null;
  gift_aid_non_uk: number | null;
  gift_aid_past_and_future: number | null;
  gift_aid_wording_version: string | null;
  created_at: string;
  started_at: string | null;
  updated_at: string;
  /** The language of the donate page it was started on (a member's, the member's own): its months' receipts and mail (decision 191). */
  language: Generated<Language>;
}

export type MonthlyChargeStatus = 'due' | 'charging' | 'declined' | 'succeeded' | 'failed' | 'cancelled';

/** One gift's charge for one month (YYYY-MM), charged once (decision 171). */
export interface MonthlyGiftChargesTable {
  id: string;
  gift_id: string;
  period: string;
  amount_pence: number;
  status: MonthlyChargeStatus;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_at: string | null;
  claimed_by: string | null;
  payment_id: string | null;
  donation_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'kept' | 'cancelled' | 'bounced';
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The Message-ID header, the same on every attempt, so a resend after a crash is recognisable. */
  message_id: string | null;
  /** While "sending": when the claim lapses and another delivery run may try. */
  lease_until: string | null;
  /** While "failed": the earliest time of the next try. */
  next_attempt_at: string | null;
  /** JSON list of { filename, content_type, content_base64 }, or null. */
  attachments: string | null;
  /** While "sending": the server holding the claim ("host:port"), so it knows its own after a restart. */
  claimed_by: string | null;
  /** Not sent after this instant (its link would no longer work); on_expiry goes instead, if any. */
  expires_at: string | null;
  /** JSON { subject, text, html }: the message sent in this one's place once it has expired. */
  on_expiry: string | null;
  /** A queued message waits until then (invitations go out at a steady rate). */
  not_before: string | null;
  /** Unique when set: one message per newsletter and recipient (0016). */
  unique_key: string | null;
  /** 1 for bulk mail, sent at the configured rate after the site's own mail. */
  bulk: Generated<number>;
  /** Extra headers as a JSON object (List-Unsubscribe, Precedence). */
  headers: string | null;
  /** A newsletter's message: composed from the newsletter when it is sent. */
  newsletter_id: string | null;
}

export interface MailPacerTable {
  id: number;
  next_slot_at: string;
}

export interface MailingListsTable {
  id: string;
  name: string;
  name_key: string;
  description: string;
  /** 1: people who agreed to news get this list until they leave it. */
  auto_subscribe: number;
  created_at: string;
}

/** A person's current choice for one list ("list:<id>") or kind of mail; consents keeps the history. */
export interface EmailSubscriptionsTable {
  email_key: string;
  topic: string;
  subscribed: number;
  user_id: string | null;
  source: string;
  at: string;
}

export interface UnsubscribeTokensTable {
  token_hash: string;
  email_key: string;
  topic: string;
  created_at: string;
  used_at: string | null;
}

export interface MailSuppressionsTable {
  email_key: string;
  email: string;
  temporary_failures: Generated<number>;
  last_error: string | null;
  /** Set while bulk mail to the address is stopped. */
  suppressed_at: string | null;
  reason: string | null;
  lifted_at: string | null;
  lifted_by: string | null;
  updated_at: string;
}

export type NewsletterStatus = 'draft' | 'scheduled' | 'queueing' | 'sending' | 'sent' | 'cancelled';

export interface NewslettersTable {
  id: string;
  subject: string;
  content: string;
  article_id: string | null;
  list_id: string;
  /** JSON: the segment chosen (shared/api/newsletters `audience`). */
  audience: string;
  status: NewsletterStatus;
  scheduled_at: string | null;
  started_at: string | null;
  queued_at: string | null;
  finished_at: string | null;
  cancelled_at: string | null;
  test_sent_at: string | null;
  html_body: string | null;
  text_body: string | null;
  recipients: Generated<number>;
  excluded: Generated<number>;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  sent_by: string | null;
}

export interface NewsletterRecipientsTable {
  newsletter_id: string;
  email_key: string;
  email: string;
  name: string | null;
  status: 'queued' | 'excluded';
  reason: string | null;
  outbox_id: number | null;
  at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  token_version: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  at: string;
}

export interface RemindersSentTable {
  user_id: string;
  expiry_date: string;
  kind: string;
  sent_at: string;
}

export interface DonationsTable {
  id: string;
  amount_pence: number;
  name: string | null;
  email: string;
  status: 'pending' | 'completed';
  payment_id: string;
  created_at: string;
  completed_at: string | null;
  /** The monthly gift this donation is one month of (decision 170). */
  monthly_gift_id: string | null;
  /** The language of the page the donation was made on, 'en' or 'hy': its receipt's (decision 150). */
  language: Generated<Language>;
}

export interface GiftAidDeclarationsTable {
  id: string;
  /** Null for a member's standing declaration brought in by an import (then user_id names them). */
  donation_id: string | null;
  title: string | null;
  first_name: string;
  last_name: string;
  house: string;
  postcode: string | null;
  /** 0 or 1 (booleans stored the same way on both databases). */
  non_uk: number;
  past_and_future: number;
  wording_version: string;
  declared_at: string;
  cancelled_at: string | null;
  cancelled_by: string | null;
  user_id: string | null;
  import_id: string | null;
}

/** An authenticator app (TOTP, RFC 6238): the seed encrypted (decision 131), the newest time step used. */
export interface TotpFactorsTable {
  user_id: string;
  secret_enc: string;
  created_at: string;
  /** Null while enrolment waits for its first code. */
  confirmed_at: string | null;
  last_step: Generated<number>;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  /** HMAC-SHA-256 of the normalised code under the factor key. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  name: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** bigint on PostgreSQL (read back as text): always pass through Number(). */
  counter: Generated<number | string>;
  /** JSON list of the authenticator's transports. */
  transports: Generated<string>;
  backed_up: Generated<number>;
  created_at: string;
  last_used_at: string | null;
}

export interface WebauthnChallengesTable {
  challenge: string;
  user_id: string | null;
  purpose: 'register' | 'sign-in';
  expires_at: string;
}

/** One row per access token: the token's jti is the id. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token_version: number;
  /** How the session was opened: password, password+totp, password+recovery, passkey. */
  method: string;
  /** "Firefox on Windows": from the user agent at sign-in. */
  device: string;
  ip: string | null;
  /** An approximate place known locally (decision 133), or null. */
  place: string | null;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  ended_at: string | null;
}

export interface KnownDevicesTable {
  user_id: string;
  device_key: string;
  first_seen: string;
  last_seen: string;
}

/** Every card that reached the provider (decision record 015): one row per attempt. */
export interface CardChecksTable {
  id: string;
  intent_id: string;
  outcome: 'declined' | 'succeeded';
  /** The address (an IPv6 client by its /48) and its /24 or /48 network. */
  address: string;
  network: string;
  at: string;
}

/** Solved proof-of-work challenges, each accepted once. */
export interface UsedChallengesTable {
  signature: string;
  at: string;
}

export interface AuditLogTable {
  seq: Generated<number>;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  kind: AuditKind;
  action: AuditAction;
  subject_id: string | null;
  summary: string;
}

export interface EmailChangesTable {
  token_hash: string;
  user_id: string;
  new_email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The session that asked: the change ends the account's other sessions, not that one. */
  session_id: string | null;
}

/** Each choice about news by e-mail; the latest one of a person is their current choice. */
export interface ConsentsTable {
  id: string;
  /** Null for a donor without an account (then found by email_key). */
  user_id: string | null;
  email_key: string;
  /** 0 or 1. */
  news_email: number;
  /** Where the choice was made: register, donate, profile or admin. */
  source: string;
  /** The version of the consent wording shown (a hash of the site text at the time). */
  wording_version: string;
  at: string;
  /** Null: news by e-mail as a whole; else one list ("list:<id>") or kind of mail (0016). */
  topic: string | null;
  import_id: string | null;
}

export type ImportStatus = 'reading' | 'ready' | 'committing' | 'committed' | 'undone';

export interface ImportsTable {
  id: string;
  status: ImportStatus;
  file_name: string;
  encoding: string;
  date_format: string;
  details: string;
  planned: string;
  done: string | null;
  on_error: string | null;
  created_at: string;
  created_by: string | null;
  lease_until: string | null;
  committed_at: string | null;
  committed_by: string | null;
  undone_at: string | null;
}

export interface ImportRowsTable {
  import_id: string;
  file: 'members' | 'payments';
  row_number: number;
  email_key: string | null;
  /** The row's values as read and checked (JSON). */
  data: string;
  errors: string | null;
  action: string;
  changes: string | null;
  /** pending until the commit wrote it (done). */
  state: 'pending' | 'done';
  user_id: string | null;
  before: string | null;
}

export interface MemberInvitationsTable {
  id: string;
  user_id: string;
  token_hash: string;
  token_version: number;
  import_id: string | null;
  created_at: string;
  created_by: string | null;
  expires_at: string;
  used_at: string | null;
  voided_at: string | null;
  outbox_id: number | null;
}

export interface MemberNotesTable {
  id: string;
  user_id: string;
  body: string;
  created_at: string;
  created_by: string | null;
  import_id: string | null;
}

export interface Database {
  users: UsersTable;
  strings: StringsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  settings: SettingsTable;
  sign_in_failures: SignInFailuresTable;
  committee_members: CommitteeMembersTable;
  events: EventsTable;
  event_bookings: EventBookingsTable;
  event_mailings: EventMailingsTable;
  articles: ArticlesTable;
  article_categories: ArticleCategoriesTable;
  /** The categories an Armenian reader sees: the Armenian ones, else the English (0025). */
  article_categories_hy: ArticleCategoriesTable;
  payments: PaymentsTable;
  receipt_counters: ReceiptCountersTable;
  pending_registrations: PendingRegistrationsTable;
  join_sign_ins: JoinSignInsTable;
  webhook_events: WebhookEventsTable;
  test_payment_intents: TestPaymentIntentsTable;
  test_payment_methods: TestPaymentMethodsTable;
  test_setup_intents: TestSetupIntentsTable;
  auto_renewals: AutoRenewalsTable;
  auto_renewal_charges: AutoRenewalChargesTable;
  monthly_gifts: MonthlyGiftsTable;
  monthly_gift_charges: MonthlyGiftChargesTable;
  provider_erasures: ProviderErasuresTable;
  outbox: OutboxTable;
  password_resets: PasswordResetsTable;
  rate_limit_hits: RateLimitHitsTable;
  reminders_sent: RemindersSentTable;
  donations: DonationsTable;
  gift_aid_declarations: GiftAidDeclarationsTable;
  audit_log: AuditLogTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  card_checks: CardChecksTable;
  used_challenges: UsedChallengesTable;
  email_changes: EmailChangesTable;
  consents: ConsentsTable;
  mail_pacer: MailPacerTable;
  mailing_lists: MailingListsTable;
  email_subscriptions: EmailSubscriptionsTable;
  unsubscribe_tokens: UnsubscribeTokensTable;
  mail_suppressions: MailSuppressionsTable;
  newsletters: NewslettersTable;
  newsletter_recipients: NewsletterRecipientsTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  member_invitations: MemberInvitationsTable;
  member_notes: MemberNotesTable;
}
