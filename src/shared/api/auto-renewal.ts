import { z } from 'zod';
import { succeededResponse } from './common';
import { defineEndpoints } from './contract';

/** The card the provider keeps for automatic renewal: only what the member is shown of it. */
/** A card (brand, last four, expiry), or a Bacs Direct Debit (brand "bacs_debit", the account's last four, no expiry; decision 175). */
export const savedMethod = z.object({
  type: z.enum(['card', 'bacs_debit']).default('card'),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
});
export type SavedMethodInfo = z.infer<typeof savedMethod>;

/** docs/product.md "Automatic renewal": whether it is on, the card, and the next charge (London date, pence). */
export const autoRenewState = z.object({
  on: z.boolean(),
  method: savedMethod.nullable(),
  next_charge: z.object({ date: z.string(), pence: z.number().int() }).nullable(),
});
export type AutoRenewState = z.infer<typeof autoRenewState>;

const setupIntentId = z.string().trim().min(1, 'Save a card first').max(200, 'At most 200 characters');

/** Turning on needs the card the setup flow just saved (its setup intent); turning off needs nothing. */
export const autoRenewRequest = z.object({
  on: z.boolean({ error: 'Say whether automatic renewal is on: true or false' }),
  setup_intent_id: setupIntentId.optional(),
});
export type AutoRenewRequest = z.input<typeof autoRenewRequest>;

export const autoRenewSetupResponse = z.object({ client_secret: z.string(), setup_intent_id: z.string() });
export const autoRenewMethodRequest = z.object({ setup_intent_id: setupIntentId });

const paymentIdParams = z.object({ payment_id: z.string().trim().min(1).max(100) });

/** An automatic renewal's payment the bank wants the member to confirm, as the confirmation page shows it. */
export const autoRenewPayment = z.object({
  payment_id: z.string(),
  pence: z.number().int(),
  /** The membership year it pays for (London dates). */
  period: z.object({ start: z.string(), end: z.string() }),
  status: z.enum(['requires_action', 'succeeded', 'closed']),
});
export type AutoRenewPayment = z.infer<typeof autoRenewPayment>;

/** What the browser needs to confirm the payment with the member present (Stripe.js's confirmPayment with the saved method). */
export const autoRenewAuthenticateResponse = z.object({ client_secret: z.string(), payment_method_id: z.string() });

export const autoChargeStatus = z.enum([
  'noticed',
  'charging',
  'requires_action',
  'declined',
  'processing',
  'succeeded',
  'failed',
  'superseded',
]);

/** The admin's list: everyone who has chosen automatic renewal, their next charge and every failure. */
export const adminAutoRenewals = z.object({
  members: z.array(
    z.object({
      user_id: z.string(),
      email: z.string(),
      name: z.string(),
      on: z.boolean(),
      turned_off_by: z.enum(['member', 'admin', 'declines', 'mandate']).nullable(),
      method: savedMethod.nullable(),
      next_charge: z.object({ date: z.string(), pence: z.number().int() }).nullable(),
      failures: z.array(
        z.object({
          period: z.string(),
          attempts: z.number().int(),
          status: autoChargeStatus,
          message: z.string().nullable(),
          next_attempt_at: z.string().nullable(),
          at: z.string(),
        }),
      ),
    }),
  ),
});
export type AdminAutoRenewals = z.infer<typeof adminAutoRenewals>;

export const autoRenewalApi = defineEndpoints('auto-renewal', {
  state: {
    method: 'GET',
    path: '/api/account/auto_renew',
    summary: "The signed-in member's automatic renewal: on or off, the saved card, and the next charge",
    response: autoRenewState,
  },
  set: {
    method: 'POST',
    path: '/api/account/auto_renew',
    summary: 'Turns automatic renewal on (with the card the setup flow saved: setup_intent_id) or off',
    description: 'Turning on takes the card through the setup flow first: POST /api/account/auto_renew/setup (decision 140).',
    body: { kind: 'json', schema: autoRenewRequest },
    response: autoRenewState,
    errors: {
      404: 'The setup intent is not this member’s',
      409: 'Already on or off, a free tier, no membership, or the card was not saved',
      502: 'The card payment provider failed',
    },
  },
  setup: {
    method: 'POST',
    path: '/api/account/auto_renew/setup',
    summary: "Starts the card step's setup flow: a card saved with the provider for later charges, nothing charged now",
    response: autoRenewSetupResponse,
    errors: { 409: 'A free tier, or no membership', 502: 'The card payment provider failed' },
  },
  changeMethod: {
    method: 'POST',
    path: '/api/account/auto_renew/method',
    summary: 'Replaces the card automatic renewal charges with the one the setup flow just saved',
    body: { kind: 'json', schema: autoRenewMethodRequest },
    response: autoRenewState,
    errors: {
      404: 'The setup intent is not this member’s',
      409: 'Automatic renewal is off, or the card was not saved',
      502: 'The card payment provider failed',
    },
  },
  payment: {
    method: 'GET',
    path: '/api/account/auto_renew/payments/:payment_id',
    summary: 'An automatic renewal payment the bank asked the member to confirm (the page behind the mail’s link)',
    params: paymentIdParams,
    response: autoRenewPayment,
    errors: { 404: 'No such payment of this member' },
  },
  authenticate: {
    method: 'POST',
    path: '/api/account/auto_renew/payments/:payment_id/authenticate',
    summary: 'Opens the payment for the member to confirm with their bank, present (the page’s button)',
    params: paymentIdParams,
    response: autoRenewAuthenticateResponse,
    errors: { 404: 'No such payment of this member', 409: 'The payment needs no confirmation now (paid, or closed)' },
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/auto_renewals',
    summary: 'Who renews automatically, their next charges and every failure',
    response: adminAutoRenewals,
  },
  adminTurnOff: {
    method: 'POST',
    path: '/api/admin/auto_renewals/turn_off',
    summary: "Turns a member's automatic renewal off (they are told by e-mail)",
    body: { kind: 'json', schema: z.object({ user_id: z.string().trim().min(1, 'Choose a member').max(100) }) },
    response: succeededResponse,
    errors: { 404: 'No automatic renewal for this member', 409: 'Already off' },
  },
});
