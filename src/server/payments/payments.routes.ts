import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '../../shared/api/payments';
import { badRequest, HttpError, notFound } from '../http/errors';
import { CARD_DECLINES_BUCKET, type RateLimiter } from '../http/rate-limit';
import { addRoute } from '../http/route';
import type { StripeProvider } from '../integrations/payments/stripe-provider';
import type { TestProvider } from '../integrations/payments/test-provider';
import type { FulfilmentService } from './fulfilment';
import type { PaymentsService } from './payments.service';

export type PaymentsRouteDeps = {
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  limiter: RateLimiter;
  /** Exactly one of these is set, by PAYMENTS. */
  stripe?: StripeProvider;
  test?: TestProvider;
  publishableKey?: string;
};

const TEN_MINUTES = 10 * 60 * 1000;

export function paymentsRoutes(app: FastifyInstance, deps: PaymentsRouteDeps) {
  const { payments, fulfilment, limiter, stripe, test } = deps;

  addRoute(app, paymentsApi.config, {
    policy: 'public',
    handler: () => ({
      provider: payments.provider.name,
      ...(stripe && deps.publishableKey ? { publishable_key: deps.publishableKey } : {}),
    }),
  });

  addRoute(app, paymentsApi.settle, {
    policy: 'public',
    handler: ({ body }) => payments.settle(body.client_secret),
  });

  // The simulated card step; it exists only while the test provider is in use.
  addRoute(app, paymentsApi.testConfirm, {
    policy: 'public',
    handler: async ({ body, req }) => {
      if (!test) throw notFound('Test payments are switched off');
      // Donation forms draw card testers: their card step gets the tight limit of issue 6.
      const payment = await payments.forClientSecret(body.client_secret);
      const donation = payment?.kind === 'donation';
      await limiter.hit(
        { bucket: donation ? 'donation-card' : 'card-confirm', key: req.ip, max: donation ? 5 : 30, windowMs: TEN_MINUTES },
        'Too many payment attempts. Please wait a few minutes and try again.',
      );
      const { intent, outcome } = await test.confirm(body.client_secret, body.card_number);
      if (!outcome.ok) {
        await limiter.note(CARD_DECLINES_BUCKET, 'site');
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
      if (event.type === 'payment_intent.succeeded') {
        await fulfilment.fulfilIntent(event.data.object.id, { id: event.id, type: event.type });
      } else if (event.type === 'payment_intent.payment_failed') {
        // Declines feed the site-wide brake on donations (card testing).
        await fulfilment.noteEvent({ id: event.id, type: event.type });
        await limiter.note(CARD_DECLINES_BUCKET, 'site');
      } else {
        await fulfilment.noteEvent({ id: event.id, type: event.type });
      }
      return { received: true as const };
    },
  });
}
