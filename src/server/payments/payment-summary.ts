import type { AccountPayment } from '../../shared/api/account';
import { completedPaymentStatuses } from '../../shared/api/admin';
import { tierByIndex } from '../../shared/domain/tiers';
import type { PaymentRow } from './payments.repo';

/**
 * A payment as its payer sees it: in My Profile's list, on the receipt and in the export. A
 * booking's names its event when the caller read the title (what was bought).
 */
export function paymentSummary(p: PaymentRow & { event_title?: string | null }): AccountPayment {
  const tier = p.tier_index === null ? undefined : tierByIndex(p.tier_index);
  const description =
    p.kind === 'donation'
      ? 'Donation'
      : p.kind === 'booking'
        ? p.event_title
          ? `Event booking: ${p.event_title}`
          : 'Event booking'
        : `${p.kind === 'registration' ? 'Membership' : 'Membership renewal'}: ${tier?.name ?? 'membership'}`;
  return {
    _id: p.id,
    kind: p.kind,
    status: p.status,
    description,
    amount: p.amount_pence,
    refunded: p.refunded_pence,
    created_at: p.created_at,
    completed_at: p.completed_at,
    period_start: p.period_start,
    period_end: p.period_end,
    has_receipt: completedPaymentStatuses.includes(p.status) && p.completed_at !== null,
    receipt_number: p.receipt_number,
  };
}
