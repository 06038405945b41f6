import type { z } from 'zod';
import type { outboxStatus, paymentStatuses, MemberStatus } from '../../../shared/api/admin';
import type { StatusTone } from './status-chip';

// The tones of the contract's codes; their words, in both languages, are in admin-words.ts.

export const memberStatusTones: Record<MemberStatus, StatusTone> = {
  active: 'success',
  expiring: 'warning',
  lapsed: 'error',
  none: 'neutral',
};

type PaymentStatus = (typeof paymentStatuses)[number];
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
export const outboxStatusTones: Record<OutboxStatus, StatusTone> = {
  queued: 'warning',
  sending: 'warning',
  sent: 'success',
  failed: 'error',
  kept: 'neutral',
  cancelled: 'neutral',
  bounced: 'error',
};

/** A mail kind code in words: from the page's table, else from the code ("renewal_reminder": "Renewal reminder"). */
export function mailKindLabel(kind: string, table: Readonly<Record<string, string>> = {}): string {
  if (table[kind]) return table[kind];
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}

/** "Ani Petrosyan", or the e-mail address when the account has no name. */
export function personName(person: { first_name: string; last_name: string; email: string }): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.email;
}
