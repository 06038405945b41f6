import type { Kysely } from 'kysely';
import { retryOnConcurrentChange } from '../db/concurrent-change';
import type { Database, PaymentKind } from '../db/schema';
import type { MailMessage, Mailer } from '../integrations/mail/mailer';
import type { MailContext } from '../integrations/mail/template';
import { paymentsRepo, type PaymentRow, type PaymentsRepo } from './payments.repo';

/**
 * What a fulfilment did: the mail to send, for a membership the year it bought (London dates),
 * and work for once it has committed (a late payment's refund: a call to the provider that must
 * not happen inside the transaction, nor before the decision is on record). `afterCommit`
 * handles its own failures: the scheduled jobs make up for it.
 */
export type Fulfilled = { mail: MailMessage[]; period?: { start: string; end: string }; afterCommit?: () => Promise<void> };

/**
 * What completing a payment of one kind does, inside the fulfilment's transaction. It must read
 * and write through `trx` only: on SQLite the transaction holds the one connection, so any other
 * query would wait for ever. Throwing undoes the whole fulfilment (the payment stays pending).
 */
export type FulfilmentHandler = (trx: Kysely<Database>, payment: PaymentRow, mail: MailContext) => Promise<Fulfilled>;

export type FulfilmentResult = 'fulfilled' | 'already-fulfilled' | 'unknown-payment';

/**
 * The one place a payment is completed: from the verified webhook, from settle, from the test
 * provider's card step and from the free-tier confirm. Idempotent: the webhook event id and the
 * payment's pending -> succeeded change are claimed in the same transaction as the effect, so
 * a payment delivered twice, or twenty times at once, takes effect once.
 */
export function fulfilmentService(
  db: Kysely<Database>,
  mailer: Mailer,
  clock: () => Date,
  mailContext: () => Promise<MailContext>,
  handlers: Partial<Record<PaymentKind, FulfilmentHandler>>,
) {
  async function runHandler(trx: Kysely<Database>, payment: PaymentRow, mail: MailContext): Promise<Fulfilled> {
    const handler = handlers[payment.kind];
    if (!handler) throw new Error(`No fulfilment for payments of kind ${payment.kind}`);
    // Its receipt's number, given with the effect it records (decision 104).
    if (!payment.receipt_number) await paymentsRepo(trx).allocateReceiptNumber(payment.id, payment.completed_at ?? clock().toISOString());
    const done = await handler(trx, payment, mail);
    if (done.period) await paymentsRepo(trx).setPeriod(payment.id, done.period.start, done.period.end);
    for (const message of done.mail) await mailer.queue(message, trx);
    return done;
  }

  async function complete(find: (repo: PaymentsRepo) => Promise<PaymentRow | undefined>, event?: { id: string; type: string }) {
    // Read before the transaction opens (see FulfilmentHandler).
    const mail = await mailContext();
    type Outcome = { result: FulfilmentResult; afterCommit?: () => Promise<void> };
    const attempt = () =>
      db.transaction().execute(async (trx): Promise<Outcome> => {
        const repo = paymentsRepo(trx);
        const now = clock().toISOString();
        if (event && !(await repo.recordWebhookEvent(event.id, event.type, now))) return { result: 'already-fulfilled' };
        const payment = await find(repo);
        if (!payment) return { result: 'unknown-payment' };
        if (!(await repo.claim(payment.id, now))) return { result: 'already-fulfilled' };
        const done = await runHandler(trx, payment, mail);
        return { result: 'fulfilled', afterCommit: done.afterCommit };
      });
    // A handler that finds its member changed by another fulfilment meanwhile throws ConcurrentChange: all again.
    const { result, afterCommit } = await retryOnConcurrentChange(attempt);
    if (result === 'fulfilled') mailer.deliverSoon();
    await afterCommit?.();
    return result;
  }

  return {
    /** Completes the payment behind a provider's payment intent. */
    fulfilIntent(intentId: string, event?: { id: string; type: string }): Promise<FulfilmentResult> {
      return complete((repo) => repo.findByRef(intentId), event);
    },
    /** Completes a payment that costs nothing (the `*_confirm_simple` calls); paid ones are refused. */
    fulfilFree(paymentId: string, check: (payment: PaymentRow) => boolean): Promise<FulfilmentResult> {
      return complete(async (repo) => {
        const payment = await repo.findById(paymentId);
        return payment && payment.amount_pence === 0 && payment.provider === 'none' && check(payment) ? payment : undefined;
      });
    },
    /**
     * Gives effect to a payment the admin received by hand and recorded as succeeded in `trx`
     * (the caller's transaction, which also holds its audit entry). `mail` is read beforehand.
     */
    async fulfilRecorded(trx: Kysely<Database>, payment: PaymentRow, mail: MailContext): Promise<Fulfilled> {
      if (payment.provider !== 'offline' || payment.status !== 'succeeded')
        throw new Error(`Payment ${payment.id} was not recorded by hand`);
      return runHandler(trx, payment, mail);
    },
    /** Sends what fulfilments queued, without waiting. */
    deliverSoon: () => mailer.deliverSoon(),
    mailContext,
    /** Records a webhook event that needs no action, so a redelivery is recognised. */
    async noteEvent(event: { id: string; type: string }): Promise<void> {
      await paymentsRepo(db).recordWebhookEvent(event.id, event.type, clock().toISOString());
    },
  };
}
export type FulfilmentService = ReturnType<typeof fulfilmentService>;
