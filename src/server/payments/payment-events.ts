import type { Kysely } from 'kysely';
import { formatPence } from '../../shared/domain/money';
import { auditRepo } from '../audit/audit.repo';
import { ConcurrentChange, retryOnConcurrentChange } from '../db/concurrent-change';
import type { Database, PaymentStatus } from '../db/schema';
import type { ProviderEvent } from '../integrations/payments/provider';
import type { Mailer, MailMessage } from '../integrations/mail/mailer';
import type { MailContext } from '../integrations/mail/template';
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
 * What Direct Debit's events ask of the features whose payments they are (services.ts wires them;
 * decision 175). Each is called once per event and records it itself, or inside `trx`.
 */
export type DirectDebitHooks = {
  /** An automatic renewal's Direct Debit failed: recorded as that attempt's decline; false when the payment is no such charge. */
  automaticFailed(payment: PaymentRow, message: string, event: { id: string; type: string }): Promise<boolean>;
  /** Any other membership payment by Direct Debit failed: the mails telling the payer and the admins (read through `trx` only). */
  tell(trx: Kysely<Database>, payment: PaymentRow, message: string, context: MailContext): Promise<MailMessage[]>;
  /** A mandate was cancelled: automatic renewal that would charge it is turned off and the member told. */
  mandateEnded(paymentMethodId: string, event: { id: string; type: string }): Promise<void>;
};

/** Said when the provider gives no reason for a failed Direct Debit. */
export const DEBIT_FAILED = 'The bank did not pay the Direct Debit.';

/**
 * Stripe's events about payments: success (fulfilment), declines (the card brake), and what
 * happens after success: refunds, disputes and cancellations. Each event is applied once (its id
 * is recorded in the same transaction as its effect) and each state change once, with an audit
 * entry. A membership is never changed here: the admin sees the refund on the member's page and
 * decides (decision record 014).
 */
export function paymentEvents(
  db: Kysely<Database>,
  clock: () => Date,
  fulfilment: FulfilmentService,
  brake: CardBrake,
  mailer: Mailer,
  directDebits: () => DirectDebitHooks,
) {
  /** A Direct Debit submitted to the bank: shown as processing until its outcome (once, in any order). */
  async function processing(event: ProviderEvent & { kind: 'processing' }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const repo = paymentsRepo(trx);
      if (!(await repo.recordWebhookEvent(event.id, event.type, clock().toISOString()))) return;
      await repo.markProcessing(event.intentId, clock().toISOString());
    });
  }

  /**
   * A Direct Debit that failed, days after it was submitted: nothing is fulfilled; an automatic
   * renewal counts it as a decline (its retries and mails), any other payment's payer and the
   * admins are told once. The payment stays pending, so money that arrives after all still counts.
   */
  async function debitFailed(event: ProviderEvent & { kind: 'failed' }): Promise<void> {
    const message = event.message ?? DEBIT_FAILED;
    const payment = await paymentsRepo(db).findByRef(event.intentId);
    if (!payment) return fulfilment.noteEvent(event);
    if (await directDebits().automaticFailed(payment, message, event)) return;
    // Read before the transaction opens (see FulfilmentHandler).
    const context = await fulfilment.mailContext();
    const told = await db.transaction().execute(async (trx) => {
      const repo = paymentsRepo(trx);
      const now = clock().toISOString();
      if (!(await repo.recordWebhookEvent(event.id, event.type, now))) return false;
      if (!(await repo.markDebitFailed(payment.id, now, message))) return false;
      for (const mail of await directDebits().tell(trx, payment, message, context)) await mailer.queue(mail, trx);
      await auditRepo(trx).insert({
        at: now,
        actor_id: null,
        actor_email: 'Stripe',
        kind: 'payment',
        action: 'changed',
        subject_id: payment.id,
        summary: `The Direct Debit of ${formatPence(payment.amount_pence)} (${payment.kind}) from ${payment.email} failed: ${message}`,
      });
      return true;
    });
    if (told) fulfilment.deliverSoon();
  }

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
        case 'processing':
          return processing(event);
        case 'mandate-ended':
          return directDebits().mandateEnded(event.paymentMethodId, event);
        case 'failed': {
          if (event.directDebit) return debitFailed(event);
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
