import { z } from 'zod';
import { numberOrDigits } from './common';
import { defineEndpoints } from './contract';
import { DEBIT_MESSAGES } from '../domain/direct-debit';

export const paymentsConfig = z.object({
  provider: z.enum(['test', 'stripe']),
  publishable_key: z.string().optional(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

/**
 * The simulated provider's methods (decision 145), as the Payment Element offers Stripe's: a card,
 * a wallet (a device's stored card, nothing typed), a bank that asks the payer to authenticate, and
 * Bacs Direct Debit where a membership is paid (decision 175).
 */
export const TEST_METHODS = ['card', 'wallet', 'bank', 'bacs_debit'] as const;
export type TestMethod = (typeof TEST_METHODS)[number];

/** The simulated provider's card step (only when PAYMENTS=test). */
export const testConfirmRequest = z
  .object({
    client_secret: z.string().min(1).max(300),
    /** The card when left out, as before the other methods. */
    method: z.enum(TEST_METHODS, { error: 'Choose card, wallet, bank or bacs_debit' }).default('card'),
    card_number: z.string().trim().min(1, 'Enter a card number').max(30).optional(),
    /** The expiry as the card shows it; a date in the past is declined, as Stripe declines it. */
    exp_month: numberOrDigits('Enter the expiry month')
      .pipe(z.number().int().min(1, 'Enter a month from 1 to 12').max(12, 'Enter a month from 1 to 12'))
      .optional(),
    exp_year: numberOrDigits('Enter the expiry year').pipe(z.number().int().min(0).max(9999)).optional(),
    /** 3 digits, or 4 for American Express. */
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, "Enter the card's 3 or 4 digit security code")
      .optional(),
    /** Bacs Direct Debit: the bank details and the payer's confirmation of the mandate (decision 175). */
    sort_code: z
      .string()
      .trim()
      .regex(/^\d{2}[- ]?\d{2}[- ]?\d{2}$/, DEBIT_MESSAGES.sortCode)
      .optional(),
    account_number: z
      .string()
      .trim()
      .regex(/^\d{8}$/, DEBIT_MESSAGES.accountNumber)
      .optional(),
    account_holder_name: z.string().trim().min(1, DEBIT_MESSAGES.accountHolder).max(100).optional(),
    mandate_accepted: z.literal(true, { error: DEBIT_MESSAGES.mandate }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'bacs_debit') {
      const needed: [keyof typeof body, string][] = [
        ['sort_code', DEBIT_MESSAGES.sortCode],
        ['account_number', DEBIT_MESSAGES.accountNumber],
        ['account_holder_name', DEBIT_MESSAGES.accountHolder],
        ['mandate_accepted', DEBIT_MESSAGES.mandate],
      ];
      for (const [field, message] of needed) if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
      return;
    }
    if (body.method !== 'card') return;
    // A card payment needs the card: each missing part named, as the form names it.
    const missing: [keyof typeof body, string][] = [
      ['card_number', 'Enter a card number'],
      ['exp_month', 'Enter the expiry month'],
      ['exp_year', 'Enter the expiry year'],
      ['cvc', "Enter the card's 3 or 4 digit security code"],
    ];
    for (const [field, message] of missing) if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
  });
/** Paid, waiting for the payer to authenticate with their bank (`test_authenticate`), or a Direct Debit processing. */
export const testConfirmResponse = z.object({ status: z.enum(['succeeded', 'requires_action', 'processing']) });

/** The simulated bank's check: the payer completes it, or cancels (nothing is taken). */
export const testAuthenticateRequest = z.object({
  client_secret: z.string().min(1).max(300),
  outcome: z.enum(['complete', 'cancel'], { error: 'Choose complete or cancel' }),
});
export const testAuthenticateResponse = z.object({ status: z.literal('succeeded') });

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
  /** Asks for 3-D Secure on every payment. */
  authentication: '4000002500003155',
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
      'A number of the wrong length or checksum, an expiry in the past and a security code of the wrong length for the card are declined with Stripe’s messages, before the test numbers’ own outcomes. The wallet pays at once; the bank, and the card 4000 0025 0000 3155, answer requires_action until test_authenticate. bacs_debit (a membership only) takes the sort code, account number, holder and the mandate’s confirmation: 10-88-00 with 00012345 or 33333335 answers processing, and three working days later (the scheduled jobs, by the site’s clock) the payment succeeds or fails (decision 175).',
    body: { kind: 'json', schema: testConfirmRequest },
    response: testConfirmResponse,
    errors: {
      402: 'The card was declined',
      404: 'Test payments are switched off',
      429: 'Too many card steps or declined cards from this client',
    },
  },
  testAuthenticate: {
    method: 'POST',
    path: '/api/payments/test_authenticate',
    summary:
      "The simulated bank's authentication of a test payment (only while PAYMENTS=test): completed, it pays; cancelled, nothing is taken",
    description:
      'Only a payment waiting for authentication (a test_confirm that answered requires_action) can be authenticated; completing one already paid answers succeeded again and changes nothing.',
    body: { kind: 'json', schema: testAuthenticateRequest },
    response: testAuthenticateResponse,
    errors: {
      402: 'The authentication was cancelled or failed: nothing was taken',
      404: 'Test payments are switched off, or no such payment',
      409: 'The payment is not waiting for authentication',
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
