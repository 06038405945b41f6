import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '../../shared/api/payments';
import { badRequest, HttpError, notFound } from '../http/errors';
import { addRoute } from '../http/route';
import type { StripeProvider } from '../integrations/payments/stripe-provider';
import type { TestProvider } from '../integrations/payments/test-provider';
import type { CardBrake } from './card-brake';
import type { FulfilmentService } from './fulfilment';
import type { PaymentEvents } from './payment-events';
import type { PaymentsService } from './payments.service';

export type PaymentsRouteDeps = {
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  events: PaymentEvents;
  brake: CardBrake;
  /** Exactly one of these is set, by PAYMENTS. */
  stripe?: StripeProvider;
  test?: TestProvider;
  publishableKey?: string;
};

export function paymentsRoutes(app: FastifyInstance, deps: PaymentsRouteDeps) {
  const { payments, fulfilment, events, brake, stripe, test } = deps;

  addRoute(app, paymentsApi.config, {
    policy: 'public',
    handler: () => ({
      provider: payments.provider.name,
      ...(stripe && deps.publishableKey ? { publishable_key: deps.publishableKey } : {}),
    }),
  });

  addRoute(app, paymentsApi.settle, {
    policy: 'public',
    handler: ({ body, req }) => payments.settle(body.client_secret, req.ip),
  });

  // The simulated card step; it exists only while the test provider is in use.
  addRoute(app, paymentsApi.testConfirm, {
    policy: 'public',
    handler: async ({ body, req }) => {
      if (!test) throw notFound('Test payments are switched off');
      await brake.beforeCardStep(req.ip);
      const { intent, outcome } = await test.confirm(body.client_secret, {
        number: body.card_number,
        expMonth: body.exp_month,
        expYear: body.exp_year,
        cvc: body.cvc,
      });
      if (!outcome.ok) {
        if (intent) await brake.recordDecline(intent.id, req.ip);
        throw new HttpError(402, outcome.message);
      }
      if (intent) await fulfilment.fulfilIntent(intent.id);
      return { status: 'succeeded' as const };
    },
  });

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
