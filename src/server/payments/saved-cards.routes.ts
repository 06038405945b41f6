import type { FastifyInstance } from 'fastify';
import { savedCardsApi } from '../../shared/api/saved-cards';
import { conflict, HttpError, notFound } from '../http/errors';
import { addRoute } from '../http/route';
import type { TestProvider } from '../integrations/payments/test-provider';
import type { CardBrake } from './card-brake';

/**
 * The test provider's steps for saved cards, which Stripe.js takes in the browser with Stripe
 * (decision 143): the setup step (a card saved, nothing charged), and confirming an off-session
 * payment with the saved card, the member present; the bank's check that follows is the test
 * provider's own authentication step (POST /api/payments/test_authenticate, decision 145).
 * They exist only while the test provider is in use.
 */
export function savedCardsRoutes(app: FastifyInstance, deps: { test?: TestProvider; brake: CardBrake }) {
  const { test, brake } = deps;

  addRoute(app, savedCardsApi.testConfirmSetup, {
    policy: 'public',
    handler: async ({ body, req }) => {
      if (!test) throw notFound('Test payments are switched off');
      // Card attempts count as on any card step (decision 015).
      await brake.beforeCardStep(req.ip, undefined);
      const { setup, outcome } = await test.confirmSetup(body.client_secret, {
        number: body.card_number,
        expMonth: body.exp_month,
        expYear: body.exp_year,
        cvc: body.cvc,
      });
      if (!outcome.ok) {
        if (setup) await brake.recordDecline(setup.id, req.ip);
        throw new HttpError(402, outcome.message);
      }
      if (!setup) throw new HttpError(402, 'This card could not be saved. Please start again.');
      return { status: 'succeeded' as const, setup_intent_id: setup.id };
    },
  });

  addRoute(app, savedCardsApi.testConfirmSaved, {
    policy: 'public',
    handler: async ({ body }) => {
      if (!test) throw notFound('Test payments are switched off');
      const { outcome } = await test.confirmSaved(body.client_secret);
      if (outcome.ok === true) return { status: 'succeeded' as const };
      if (outcome.ok === false) throw conflict(outcome.message);
      return { status: 'requires_action' as const };
    },
  });
}
