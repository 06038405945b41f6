import { z } from 'zod';

export const paymentPaths = {
  config: '/api/payments/config',
  settle: '/api/payments/settle',
  testConfirm: '/api/payments/test_confirm',
  webhook: '/api/payments/webhook',
} as const;

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

/** What a payer sees when the card provider fails (502): nothing of the provider's own words or status. */
export const PAYMENTS_UNAVAILABLE = 'Card payments are unavailable just now. Please try again later.';

/** Stripe's test cards, as the test provider honours them. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
