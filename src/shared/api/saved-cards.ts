import { z } from 'zod';
import { numberOrDigits } from './common';
import { defineEndpoints } from './contract';

/** The card to save, as the test provider's setup step takes it (every part required). */
export const testSetupRequest = z.object({
  client_secret: z.string().min(1).max(300),
  card_number: z.string().trim().min(1, 'Enter a card number').max(30),
  exp_month: numberOrDigits('Enter the expiry month').pipe(
    z.number().int().min(1, 'Enter a month from 1 to 12').max(12, 'Enter a month from 1 to 12'),
  ),
  exp_year: numberOrDigits('Enter the expiry year').pipe(z.number().int().min(0).max(9999)),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Enter the card's 3 or 4 digit security code"),
});

/** The test provider's steps for saved cards (only while PAYMENTS=test), as Stripe.js takes them with Stripe. */
export const savedCardsApi = defineEndpoints('saved-cards', {
  testConfirmSetup: {
    method: 'POST',
    path: '/api/payments/test_confirm_setup',
    summary: "The simulated provider's setup step (only while PAYMENTS=test): saves a card for later charges, charging nothing",
    description:
      'Stripe’s saved-card test numbers behave as on Stripe when charged later: 4000 0027 6000 3184 asks for authentication, 4000 0000 0000 0341 is declined, the others succeed (decision 143).',
    body: { kind: 'json', schema: testSetupRequest },
    response: z.object({ status: z.literal('succeeded'), setup_intent_id: z.string() }),
    errors: {
      402: 'The card was refused',
      404: 'Test payments are switched off',
      429: 'Too many card steps or declined cards from this client',
    },
  },
  testConfirmSaved: {
    method: 'POST',
    path: '/api/payments/test_confirm_saved',
    summary:
      'The simulated provider confirms an off-session payment its bank asked about, with the saved card and the member present (only while PAYMENTS=test); the bank’s check follows at /api/payments/test_authenticate',
    body: { kind: 'json', schema: z.object({ client_secret: z.string().min(1).max(300) }) },
    response: z.object({ status: z.enum(['succeeded', 'requires_action']) }),
    errors: { 404: 'Test payments are switched off', 409: 'The payment needs no confirmation (paid, cancelled or never asked)' },
  },
});
