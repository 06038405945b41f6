import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, PaymentKind } from '../db/schema';
import type { MailMessage, Mailer } from '../integrations/mail/mailer';
import type { MailContext } from '../integrations/mail/template';
import { paymentsRepo, type PaymentRow, type PaymentsRepo } from './payments.repo';

/**
 * What completing a payment of one kind does, inside the fulfilment's transaction; returns the
 * mail to send. It must read and write through `trx` only: on SQLite the transaction holds the
 * one connection, so any other query would wait for ever.
 */
export type FulfilmentHandler = (trx: Kysely<Database>, payment: PaymentRow, mail: MailContext) => Promise<MailMessage[]>;

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
  log: Pick<FastifyBaseLogger, 'error'>,
  mailContext: () => Promise<MailContext>,
  handlers: Partial<Record<PaymentKind, FulfilmentHandler>>,
) {
  function deliverSoon(): void {
    mailer.deliver().catch((error: unknown) => log.error({ err: error }, 'mail delivery failed'));
  }

  async function runHandler(trx: Kysely<Database>, payment: PaymentRow, mail: MailContext) {
    const handler = handlers[payment.kind];
    if (!handler) throw new Error(`No fulfilment for payments of kind ${payment.kind}`);
    for (const message of await handler(trx, payment, mail)) await mailer.queue(message, trx);
  }

  async function complete(find: (repo: PaymentsRepo) => Promise<PaymentRow | undefined>, event?: { id: string; type: string }) {
    // Read before the transaction opens (see FulfilmentHandler).
    const mail = await mailContext();
    const result = await db.transaction().execute(async (trx): Promise<FulfilmentResult> => {
      const repo = paymentsRepo(trx);
      const now = clock().toISOString();
      if (event && !(await repo.recordWebhookEvent(event.id, event.type, now))) return 'already-fulfilled';
      const payment = await find(repo);
      if (!payment) return 'unknown-payment';
      if (!(await repo.claim(payment.id, now))) return 'already-fulfilled';
      await runHandler(trx, payment, mail);
      return 'fulfilled';
    });
    if (result === 'fulfilled') deliverSoon();
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
    async fulfilRecorded(trx: Kysely<Database>, payment: PaymentRow, mail: MailContext): Promise<void> {
      if (payment.provider !== 'offline' || payment.status !== 'succeeded')
        throw new Error(`Payment ${payment.id} was not recorded by hand`);
      await runHandler(trx, payment, mail);
    },
    /** Sends what fulfilments queued, without waiting. */
    deliverSoon,
    mailContext,
    /** Records a webhook event that needs no action, so a redelivery is recognised. */
    async noteEvent(event: { id: string; type: string }): Promise<void> {
      await paymentsRepo(db).recordWebhookEvent(event.id, event.type, clock().toISOString());
    },
  };
}
export type FulfilmentService = ReturnType<typeof fulfilmentService>;
