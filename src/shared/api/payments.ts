import { z } from 'zod';
import { numberOrDigits } from './common';
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
  /** The expiry as the card shows it; a date in the past is declined, as Stripe declines it. */
  exp_month: numberOrDigits('Enter the expiry month').pipe(
    z.number().int().min(1, 'Enter a month from 1 to 12').max(12, 'Enter a month from 1 to 12'),
  ),
  exp_year: numberOrDigits('Enter the expiry year').pipe(z.number().int().min(0).max(9999)),
  /** 3 digits, or 4 for American Express. */
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Enter the card's 3 or 4 digit security code"),
});
export const testConfirmResponse = z.object({ status: z.literal('succeeded') });

/** After the card step, the browser asks the server to check with the provider and fulfil. */
export const settleRequest = z.object({ client_secret: z.string().min(1).max(300) });
export const settleResponse = z.object({ status: z.string() });

export const webhookResponse = z.object({ received: z.literal(true) });

/**
 * A proof-of-work challenge (ALTCHA's scheme, made by this server): while card payments are paused
 * the browser solves one and sends it, base64 JSON of `{ challenge, solution }`, in the
 * `x-card-check` header when it starts the payment again. Each solution is accepted once.
 */
export const cardCheckChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type CardCheckChallenge = z.infer<typeof cardCheckChallenge>;
/** The site-wide pause of card payments, for the admin's payments page (decision record 015). */
export const cardPauseState = z.object({
  paused: z.boolean(),
  /** Declined cards and their distinct networks in the last 10 minutes. */
  declines: z.number().int(),
  networks: z.number().int(),
  /** The first decline counted, while paused. */
  since: z.string().nullable(),
});
export type CardPauseState = z.infer<typeof cardPauseState>;

/** The header a 429 carries when a solved challenge lets the payment through, and the one the solution goes back in. */
export const CARD_CHECK_HEADER = 'x-card-check';

/** What a payer sees when the card provider fails (502): nothing of the provider's own words or status. */
export const PAYMENTS_UNAVAILABLE = 'Card payments are unavailable just now. Please try again later.';

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
    description:
      'The payment is looked up here first: an unknown client secret never reaches the provider, and a settled payment is answered from the database.',
    body: { kind: 'json', schema: settleRequest },
    response: settleResponse,
    errors: { 404: 'No such payment', 429: 'Too many checks from this client', 502: 'The card payment provider failed' },
  },
  testConfirm: {
    method: 'POST',
    path: '/api/payments/test_confirm',
    summary: "The simulated provider's card step (only while PAYMENTS=test): Stripe's test card numbers behave as on Stripe",
    description:
      'A number of the wrong length or checksum, an expiry in the past and a security code of the wrong length for the card are declined with Stripe’s messages, before the test numbers’ own outcomes.',
    body: { kind: 'json', schema: testConfirmRequest },
    response: testConfirmResponse,
    errors: {
      402: 'The card was declined',
      404: 'Test payments are switched off',
      429: 'Too many card steps or declined cards from this client',
    },
  },
  cardCheck: {
    method: 'GET',
    path: '/api/payments/card_check',
    summary: 'A proof-of-work challenge, solved in the browser to start a card payment while card payments are paused',
    response: cardCheckChallenge,
  },
  cardPause: {
    method: 'GET',
    path: '/api/admin/card_pause',
    summary: 'Whether anonymous card payments are paused site-wide for unusual declines (admin)',
    response: cardPauseState,
  },
  webhook: {
    method: 'POST',
    path: '/api/payments/webhook',
    summary: "Stripe's webhook: success fulfils the payment once; declines, refunds, disputes and cancellations are recorded once",
    description: 'Signed with STRIPE_WEBHOOK_SECRET in the Stripe-Signature header; the signature is checked on the raw body.',
    body: { kind: 'raw-json', description: 'A Stripe event' },
    response: webhookResponse,
    errors: { 404: 'Stripe is not in use' },
  },
});
