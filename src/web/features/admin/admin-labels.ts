import type { z } from 'zod';
import type { outboxStatus, paymentKinds, paymentStatuses, AuditAction, MemberStatus } from '../../../shared/api/admin';
import type { Role } from '../../../shared/api/accounts';
import type { StatusTone } from './status-chip';

// Words for the contract's codes that the contract itself does not label.

export const roleLabels: Record<Role, string> = { member: 'Member', editor: 'Editor', admin: 'Admin' };

/** "a member", "an editor", "an admin": for sentences such as "Make Ani an editor". */
export const roleWithArticle: Record<Role, string> = { member: 'a member', editor: 'an editor', admin: 'an admin' };

export const memberStatusTones: Record<MemberStatus, StatusTone> = {
  active: 'success',
  expiring: 'warning',
  lapsed: 'error',
  none: 'neutral',
};

export const paymentKindLabels: Record<(typeof paymentKinds)[number], string> = {
  registration: 'Registration',
  renewal: 'Renewal',
  donation: 'Donation',
  booking: 'Event booking',
};

type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  canceled: 'Cancelled',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
  disputed: 'Disputed',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
};
export const paymentStatusTones: Record<PaymentStatus, StatusTone> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'error',
  canceled: 'neutral',
  refunded: 'error',
  partly_refunded: 'warning',
  disputed: 'error',
  dispute_won: 'success',
  dispute_lost: 'error',
};

type OutboxStatus = z.infer<typeof outboxStatus>;
export const outboxStatusLabels: Record<OutboxStatus, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept here (not sent)',
  cancelled: 'Cancelled',
  bounced: 'Refused by the recipient’s server',
};
export const outboxStatusTones: Record<OutboxStatus, StatusTone> = {
  queued: 'warning',
  sending: 'warning',
  sent: 'success',
  failed: 'error',
  kept: 'neutral',
  cancelled: 'neutral',
  bounced: 'error',
};

export const auditActionLabels: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  uploaded: 'Uploaded',
  changed: 'Changed',
  cancelled: 'Cancelled',
  recorded: 'Recorded',
  mailed: 'E-mailed',
};

/** A mail kind code such as "renewal_reminder" in words: "Renewal reminder". */
export function mailKindLabel(kind: string): string {
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}

/** "Ani Petrosyan", or the e-mail address when the account has no name. */
export function personName(person: { first_name: string; last_name: string; email: string }): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.email;
}
