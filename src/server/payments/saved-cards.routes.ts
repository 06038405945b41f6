import type { FastifyInstance } from 'fastify';
import { savedCardsApi } from '../../shared/api/saved-cards';
import { HttpError, notFound } from '../http/errors';
import { addRoute } from '../http/route';
import { ValidationError } from '../http/validation';
import type { TestProvider } from '../integrations/payments/test-provider';
import type { CardBrake } from './card-brake';

/**
 * The test provider's setup step for saved cards, which Stripe.js takes in the browser with
 * Stripe: a card saved, nothing charged. The bank's authentication of an off-session payment is
 * the card step's own `test_authenticate` (payments.routes.ts). It exists only while the test
 * provider is in use.
 */
export function savedCardsRoutes(app: FastifyInstance, deps: { test?: TestProvider; brake: CardBrake }) {
  const { test, brake } = deps;

  addRoute(app, savedCardsApi.testConfirmSetup, {
    policy: 'public',
    handler: async ({ body, req }) => {
      if (!test) throw notFound('Test payments are switched off');
      // Card attempts count as on any card step (decision 015).
      await brake.beforeCardStep(req.ip, undefined);
      // My Profile's setup step saves a card (the wallet and the bank are the payment step's).
      if (body.method !== 'card') throw new ValidationError('method: Only a card can be saved here', 'method');
      const { setup, outcome } = await test.confirmSetup(body.client_secret, {
        number: body.card_number!,
        expMonth: body.exp_month!,
        expYear: body.exp_year!,
        cvc: body.cvc!,
      });
      if (!outcome.ok) {
        if (setup) await brake.recordDecline(setup.id, req.ip);
        throw new HttpError(402, outcome.message);
      }
      if (!setup) throw new HttpError(402, 'This card could not be saved. Please start again.');
      return { status: 'succeeded' as const, setup_intent_id: setup.id };
    },
  });
}
