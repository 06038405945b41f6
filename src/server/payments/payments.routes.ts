import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '../../shared/api/payments';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { addRoute } from '../http/route';
import type { StripeProvider } from '../integrations/payments/stripe-provider';
import { AUTHENTICATION_FAILED, type MethodEntry, type TestProvider } from '../integrations/payments/test-provider';
import type { CardBrake } from './card-brake';
import type { CardCheckChallenges } from './card-check-challenge';
import type { FulfilmentService } from './fulfilment';
import type { PaymentEvents } from './payment-events';
import type { PaymentsService } from './payments.service';

export type PaymentsRouteDeps = {
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  events: PaymentEvents;
  brake: CardBrake;
  challenges: CardCheckChallenges;
  /** Exactly one of these is set, by PAYMENTS. */
  stripe?: StripeProvider;
  test?: TestProvider;
  publishableKey?: string;
};

export function paymentsRoutes(app: FastifyInstance, deps: PaymentsRouteDeps) {
  const { payments, fulfilment, events, brake, challenges, stripe, test } = deps;

  addRoute(app, paymentsApi.config, {
    policy: 'public',
    handler: () => ({
      provider: payments.provider.name,
      ...(stripe && deps.publishableKey ? { publishable_key: deps.publishableKey } : {}),
    }),
  });

  addRoute(app, paymentsApi.settle, {
    policy: 'public',
    handler: async ({ body, req }) => {
      const settled = await payments.settle(body.client_secret, req.ip);
      // A card charged counts against the address that started the payment (decision record 015).
      const payment = settled.status === 'succeeded' ? await payments.forClientSecret(body.client_secret) : undefined;
      if (payment?.provider_ref) await brake.recordSuccess(payment.provider_ref, payment.client_address);
      return settled;
    },
  });

  // The simulated card step; it exists only while the test provider is in use.
  addRoute(app, paymentsApi.testConfirm, {
    policy: 'public',
    handler: async ({ body, req }) => {
      if (!test) throw notFound('Test payments are switched off');
      const payment = await payments.forClientSecret(body.client_secret);
      await brake.beforeCardStep(req.ip, payment?.provider_ref ?? undefined);
      const entry: MethodEntry =
        body.method === 'card'
          ? { method: 'card', card: { number: body.card_number!, expMonth: body.exp_month!, expYear: body.exp_year!, cvc: body.cvc! } }
          : body.method === 'bacs_debit'
            ? {
                method: 'bacs_debit',
                debit: { sortCode: body.sort_code!, accountNumber: body.account_number!, accountHolder: body.account_holder_name! },
              }
            : { method: body.method };
      const { intent, outcome } = await test.confirm(body.client_secret, entry);
      // Counted against whoever started the payment, as Stripe's webhook would.
      const startedBy = payment?.client_address ?? req.ip;
      if (outcome.ok === false) {
        if (intent) await brake.recordDecline(intent.id, startedBy);
        throw new HttpError(402, outcome.message);
      }
      if (outcome.ok === 'action') return { status: 'requires_action' as const };
      // A Direct Debit: submitted to the bank, paid or failed in three working days (decision 175).
      if (outcome.ok === 'processing') {
        if (intent) await payments.markProcessing(intent.id);
        return { status: 'processing' as const };
      }
      if (intent) await paid(intent.id, startedBy);
      return { status: 'succeeded' as const };
    },
  });

  // The simulated bank's check after a test_confirm that answered requires_action (decision 145).
  addRoute(app, paymentsApi.testAuthenticate, {
    policy: 'public',
    handler: async ({ body, req }) => {
      if (!test) throw notFound('Test payments are switched off');
      const payment = await payments.forClientSecret(body.client_secret);
      const { intent, result } = await test.authenticate(body.client_secret, body.outcome === 'complete');
      if (result === 'unknown') throw notFound('Payment not found');
      if (result === 'not-waiting') throw conflict('This payment is not waiting for authentication. Please pay again.');
      // Not a decline: the bank did not refuse the card, the payer stopped (the brake counts declines).
      if (result === 'failed') throw new HttpError(402, AUTHENTICATION_FAILED);
      await paid(intent!.id, payment?.client_address ?? req.ip);
      return { status: 'succeeded' as const };
    },
  });

  /** A test payment taken: counted for the address that started it, and fulfilled once. */
  async function paid(intentId: string, startedBy: string) {
    await brake.recordSuccess(intentId, startedBy);
    await fulfilment.fulfilIntent(intentId);
  }

  addRoute(app, paymentsApi.cardCheck, { policy: 'public', handler: () => challenges.create() });

  addRoute(app, paymentsApi.cardPause, { policy: 'admin', handler: () => brake.state() });

  // Stripe's webhook: addRoute keeps its JSON body as the raw bytes the signature is made on.
  addRoute(app, paymentsApi.webhook, {
    policy: 'public',
    handler: async ({ body, req }) => {
      if (!stripe) throw notFound('Stripe is not in use');
      const signature = req.headers['stripe-signature'];
      const event = stripe.verifyWebhook(body, typeof signature === 'string' ? signature : undefined);
      if (!event) throw badRequest('Invalid or missing webhook signature');
      await events.handle(event);
      return { received: true as const };
    },
  });
}
