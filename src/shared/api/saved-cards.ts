import { z } from 'zod';
import { defineEndpoints } from './contract';
import { testConfirmRequest } from './payments';

/** The test provider's steps for saved cards (only while PAYMENTS=test), as Stripe.js takes them with Stripe. */
export const savedCardsApi = defineEndpoints('saved-cards', {
  testConfirmSetup: {
    method: 'POST',
    path: '/api/payments/test_confirm_setup',
    summary: "The simulated provider's setup step (only while PAYMENTS=test): saves a card for later charges, charging nothing",
    description:
      'Stripe’s saved-card test numbers behave as on Stripe when charged later: 4000 0027 6000 3184 asks for authentication, 4000 0000 0000 0341 is declined, the others succeed (decision 143).',
    body: { kind: 'json', schema: testConfirmRequest },
    response: z.object({ status: z.literal('succeeded'), setup_intent_id: z.string() }),
    errors: {
      402: 'The card was refused',
      404: 'Test payments are switched off',
      429: 'Too many card steps or declined cards from this client',
    },
  },
});
