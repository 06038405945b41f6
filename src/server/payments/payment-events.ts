import type { Kysely } from 'kysely';
import { formatPence } from '../../shared/domain/money';
import { auditRepo } from '../audit/audit.repo';
import { ConcurrentChange, retryOnConcurrentChange } from '../db/concurrent-change';
import type { Database, PaymentStatus } from '../db/schema';
import type { ProviderEvent } from '../integrations/payments/provider';
import type { CardBrake } from './card-brake';
import type { FulfilmentService } from './fulfilment';
import { paymentsRepo, type PaymentRow } from './payments.repo';

type StatusEvent = Extract<ProviderEvent, { kind: 'canceled' | 'refunded' | 'dispute-opened' | 'dispute-closed' }>;
type Next = { status: PaymentStatus; refunded_pence: number };

const paid: readonly PaymentStatus[] = ['succeeded', 'partly_refunded', 'dispute_won'];

/**
 * Where a payment goes on an event, or undefined when the event changes nothing (a repeat, or an
 * event that arrives after a later state: a dispute closed before its opening was delivered).
 */
export function nextStatus(payment: Pick<PaymentRow, 'status' | 'amount_pence' | 'refunded_pence'>, event: StatusEvent): Next | undefined {
  const keep = { refunded_pence: payment.refunded_pence };
  switch (event.kind) {
    case 'canceled':
      return payment.status === 'pending' ? { status: 'canceled', ...keep } : undefined;
    case 'refunded': {
      // Stripe reports the total refunded so far; a late, smaller total changes nothing.
      if (!paid.includes(payment.status) || event.amountRefunded <= payment.refunded_pence) return undefined;
      const whole = event.amountRefunded >= payment.amount_pence;
      return { status: whole ? 'refunded' : 'partly_refunded', refunded_pence: event.amountRefunded };
    }
    case 'dispute-opened':
      return ['succeeded', 'partly_refunded'].includes(payment.status) ? { status: 'disputed', ...keep } : undefined;
    case 'dispute-closed':
      return ['disputed', 'succeeded', 'partly_refunded'].includes(payment.status)
        ? { status: event.won ? 'dispute_won' : 'dispute_lost', ...keep }
        : undefined;
  }
}

function summary(payment: PaymentRow, event: StatusEvent, next: Next): string {
  const what = `the ${formatPence(payment.amount_pence)} ${payment.kind} from ${payment.email}`;
  switch (event.kind) {
    case 'canceled':
      return `Stripe cancelled ${what} before it was paid`;
    case 'refunded':
      return `Stripe refunded ${formatPence(next.refunded_pence)} of ${what}`;
    case 'dispute-opened':
      return `The cardholder disputed ${what}`;
    case 'dispute-closed':
      return `The dispute on ${what} was ${event.won ? 'won' : 'lost'}`;
  }
}

/**
 * Stripe's events about payments: success (fulfilment), declines (the card brake), and what
 * happens after success: refunds, disputes and cancellations. Each event is applied once (its id
 * is recorded in the same transaction as its effect) and each state change once, with an audit
 * entry. A membership is never changed here: the admin sees the refund on the member's page and
 * decides (decision record 014).
 */
export function paymentEvents(db: Kysely<Database>, clock: () => Date, fulfilment: FulfilmentService, brake: CardBrake) {
  async function applyOnce(event: StatusEvent): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const repo = paymentsRepo(trx);
      const now = clock().toISOString();
      if (!(await repo.recordWebhookEvent(event.id, event.type, now))) return;
      const payment = await repo.findByRef(event.intentId);
      const next = payment && nextStatus(payment, event);
      if (!payment || !next) return;
      // Another event for this payment committed between the read and here (PostgreSQL): start again.
      if (!(await repo.changeStatus(payment, next))) throw new ConcurrentChange();
      await auditRepo(trx).insert({
        at: now,
        actor_id: null,
        actor_email: 'Stripe',
        kind: 'payment',
        action: 'changed',
        subject_id: payment.id,
        summary: summary(payment, event, next),
      });
    });
  }

  async function applyStatusEvent(event: StatusEvent): Promise<void> {
    if (event.kind !== 'canceled') {
      // Stripe refunds and disputes only money it took: if the success event is late, fulfil first.
      const payment = await paymentsRepo(db).findByRef(event.intentId);
      if (payment?.status === 'pending') await fulfilment.fulfilIntent(event.intentId);
    }
    await retryOnConcurrentChange(() => applyOnce(event));
  }

  return {
    /**
     * For the browser journeys only: the test provider reports a full refund of the latest
     * succeeded card payment from `email`, as Stripe's webhook would. False when there is none.
     */
    async refundTestPayment(email: string): Promise<boolean> {
      const payment = await paymentsRepo(db).latestSucceeded(email, 'test');
      if (!payment?.provider_ref) return false;
      const id = `evt_test_refund_${payment.id}`;
      await applyStatusEvent({
        id,
        type: 'charge.refunded',
        kind: 'refunded',
        intentId: payment.provider_ref,
        amountRefunded: payment.amount_pence,
      });
      return true;
    },

    async handle(event: ProviderEvent): Promise<void> {
      switch (event.kind) {
        case 'succeeded': {
          const payment = await paymentsRepo(db).findByRef(event.intentId);
          if (payment) await brake.recordSuccess(event.intentId, payment.client_address);
          await fulfilment.fulfilIntent(event.intentId, event);
          return;
        }
        case 'failed': {
          // Each declined card once however often Stripe delivers its event, against whoever started the payment.
          const payment = await paymentsRepo(db).findByRef(event.intentId);
          // A payment no browser started (an automatic renewal charged off-session, decision 141) is no card testing.
          if (payment && payment.client_address !== null) await brake.recordDecline(event.intentId, payment.client_address, event.id);
          await fulfilment.noteEvent(event);
          return;
        }
        case 'other':
          await fulfilment.noteEvent(event);
          return;
        default:
          await applyStatusEvent(event);
      }
    },
  };
}
export type PaymentEvents = ReturnType<typeof paymentEvents>;
