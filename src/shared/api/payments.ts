import { z } from 'zod';
import { defineEndpoints } from './contract';

export const paymentsConfig = z.object({
  provider: z.enum(['test', 'stripe']),
  publishable_key: z.string().optional(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

/** The simulated provider's card step (only when PAYMENTS=test). */
export const testConfirmRequest = z.object({
  client_secret: z.string().min(1).max(300),
  card_number: z.string().trim().min(1, 'Enter a card number').max(30),
});
export const testConfirmResponse = z.object({ status: z.literal('succeeded') });

/** After the card step, the browser asks the server to check with the provider and fulfil. */
export const settleRequest = z.object({ client_secret: z.string().min(1).max(300) });
export const settleResponse = z.object({ status: z.string() });

export const webhookResponse = z.object({ received: z.literal(true) });

/** Stripe's test cards, as the test provider honours them. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const paymentsApi = defineEndpoints('payments', {
  config: {
    method: 'GET',
    path: '/api/payments/config',
    summary: 'The payment provider in use and, for Stripe, its publishable key',
    response: paymentsConfig,
  },
  settle: {
    method: 'POST',
    path: '/api/payments/settle',
    summary: 'After the card step: checks the payment with the provider and fulfils it once',
    body: { kind: 'json', schema: settleRequest },
    response: settleResponse,
    errors: { 404: 'No such payment' },
  },
  testConfirm: {
    method: 'POST',
    path: '/api/payments/test_confirm',
    summary: "The simulated provider's card step (only while PAYMENTS=test): Stripe's test card numbers behave as on Stripe",
    body: { kind: 'json', schema: testConfirmRequest },
    response: testConfirmResponse,
    errors: { 402: 'The card was declined', 404: 'Test payments are switched off', 429: 'Too many payment attempts' },
  },
  webhook: {
    method: 'POST',
    path: '/api/payments/webhook',
    summary: "Stripe's webhook: payment_intent.succeeded fulfils the payment once; other events are noted",
    description: 'Signed with STRIPE_WEBHOOK_SECRET in the Stripe-Signature header; the signature is checked on the raw body.',
    body: { kind: 'raw-json', description: 'A Stripe event' },
    response: webhookResponse,
    errors: { 404: 'Stripe is not in use' },
  },
});
