import { z } from 'zod';
import { succeededResponse } from './common';
import { defineEndpoints } from './contract';
import { donateProceedRequest } from './donations';

/**
 * docs/product.md "Monthly giving": the donate page's details, the same rules as a one-off
 * donation; Gift Aid with the declaration that covers future donations, as each month is one.
 */
export const monthlyStartRequest = donateProceedRequest.superRefine((d, ctx) => {
  if (d.gift_aid && !d.gift_aid.past_and_future)
    ctx.addIssue({
      code: 'custom',
      path: ['gift_aid', 'past_and_future'],
      message: 'A monthly gift’s Gift Aid declaration covers each of its payments: it must include future donations',
    });
});

/** The card step's setup flow for the gift: the card is saved with the provider, nothing charged yet. */
export const monthlyStartResponse = z.object({ gift_id: z.string(), client_secret: z.string(), setup_intent_id: z.string() });

const giftId = z.string().trim().min(1, 'Name the monthly gift').max(100, 'At most 100 characters');
const setupIntentId = z.string().trim().min(1, 'Save a card first').max(200, 'At most 200 characters');
/** The secret in a receipt's link (its fragment, never sent to the server in the address). */
const linkToken = z.string().trim().min(1, 'The link is incomplete: open it from the receipt again').max(200, 'At most 200 characters');

export const monthlyConfirmRequest = z.object({ gift_id: giftId, setup_intent_id: setupIntentId });

export const monthlyGiftStatus = z.enum(['active', 'cancelled', 'ended']);

/** A monthly gift as its donor sees it. */
export const monthlyGift = z.object({
  gift_id: z.string(),
  pence: z.number().int(),
  status: monthlyGiftStatus,
  gift_aid: z.boolean(),
  /** The card the provider keeps: only what the donor is shown. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The next charge's London date, while the gift is active. */
  next_charge: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type MonthlyGift = z.infer<typeof monthlyGift>;

/** The first month is charged as the gift starts: declined, the gift does not start. */
export const monthlyConfirmResponse = z.object({
  gift: monthlyGift,
  first_payment: z.object({ status: z.enum(['succeeded', 'declined']), message: z.string().nullable() }),
});
export type MonthlyConfirmResponse = z.infer<typeof monthlyConfirmResponse>;

export const monthlyLinkRequest = z.object({ gift_id: giftId, token: linkToken });
export const myMonthlyGifts = z.object({ gifts: z.array(monthlyGift) });

/** A new card for an active gift: its setup flow (nothing charged), then the card it saved. */
export const monthlyCardSetupResponse = z.object({ client_secret: z.string(), setup_intent_id: z.string() });
export const monthlyCardLinkRequest = monthlyLinkRequest.extend({ setup_intent_id: setupIntentId });
export const monthlyCardMineRequest = z.object({ gift_id: giftId, setup_intent_id: setupIntentId });
/** The gift with its new card; a declined month waiting for its retry is tried on the new card at once. */
export const monthlyCardChangeResponse = z.object({
  gift: monthlyGift,
  retried: z.object({ status: z.enum(['succeeded', 'declined']), message: z.string().nullable() }).nullable(),
});
export type MonthlyCardChangeResponse = z.infer<typeof monthlyCardChangeResponse>;

export const adminMonthlyGifts = z.object({
  gifts: z.array(
    z.object({
      gift_id: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      has_account: z.boolean(),
      pence: z.number().int(),
      status: monthlyGiftStatus,
      ended_by: z.enum(['donor', 'admin', 'declines']).nullable(),
      gift_aid: z.boolean(),
      next_charge: z.string().nullable(),
      started_at: z.string().nullable(),
      failures: z.array(
        z.object({
          period: z.string(),
          attempts: z.number().int(),
          status: z.enum(['declined', 'failed']),
          message: z.string().nullable(),
          next_attempt_at: z.string().nullable(),
          at: z.string(),
        }),
      ),
    }),
  ),
});
export type AdminMonthlyGifts = z.infer<typeof adminMonthlyGifts>;

export const monthlyGiftsApi = defineEndpoints('monthly-gifts', {
  start: {
    method: 'POST',
    path: '/api/donations/monthly',
    summary: 'Starts a monthly gift: records it and starts the setup flow that saves the card with the provider',
    description:
      'Nothing is charged here. The browser confirms the setup intent (Stripe.js, or the test provider), then calls POST /api/donations/monthly/confirm (decision 170).',
    body: { kind: 'json', schema: monthlyStartRequest },
    response: monthlyStartResponse,
    errors: { 400: 'A field is invalid, or Gift Aid is not offered', 429: 'Too many attempts', 502: 'The card payment provider failed' },
  },
  confirm: {
    method: 'POST',
    path: '/api/donations/monthly/confirm',
    summary: 'Starts charging the gift with the card the setup flow saved; the first month is charged at once',
    body: { kind: 'json', schema: monthlyConfirmRequest },
    response: monthlyConfirmResponse,
    errors: {
      404: 'No such gift, or the setup intent is not the gift’s',
      409: 'The gift has started already, or the card was not saved',
      502: 'The card payment provider failed',
    },
  },
  byLink: {
    method: 'POST',
    path: '/api/donations/monthly/link',
    summary: 'The gift a receipt’s link names, as its page shows it (changes nothing)',
    description: 'POST so the secret never sits in an address or a log (decision 172).',
    body: { kind: 'json', schema: monthlyLinkRequest },
    response: monthlyGift,
    errors: { 404: 'No such gift, or the link’s secret is wrong' },
  },
  cancelByLink: {
    method: 'POST',
    path: '/api/donations/monthly/cancel',
    summary: 'Cancels the gift a receipt’s link names (the page’s button)',
    body: { kind: 'json', schema: monthlyLinkRequest },
    response: monthlyGift,
    errors: { 404: 'No such gift, or the link’s secret is wrong', 409: 'The gift has ended already' },
  },
  cardSetupByLink: {
    method: 'POST',
    path: '/api/donations/monthly/card',
    summary: 'Starts saving a new card for the gift a receipt’s link names: the setup flow, nothing charged',
    body: { kind: 'json', schema: monthlyLinkRequest },
    response: monthlyCardSetupResponse,
    errors: { 404: 'No such gift, or the link’s secret is wrong', 409: 'The gift has ended', 502: 'The card payment provider failed' },
  },
  changeCardByLink: {
    method: 'POST',
    path: '/api/donations/monthly/card/confirm',
    summary: 'Charges later months (and a declined month waiting for its retry, at once) to the card the setup flow saved',
    body: { kind: 'json', schema: monthlyCardLinkRequest },
    response: monthlyCardChangeResponse,
    errors: {
      404: 'No such gift, the link’s secret is wrong, or the setup intent is not the gift’s',
      409: 'The gift has ended, a month is being charged this moment, or the card was not saved',
      502: 'The card payment provider failed',
    },
  },
  mine: {
    method: 'GET',
    path: '/api/account/monthly_gifts',
    summary: "The signed-in donor's monthly gifts",
    response: myMonthlyGifts,
  },
  cancelMine: {
    method: 'POST',
    path: '/api/account/monthly_gifts/cancel',
    summary: 'Cancels one of the signed-in donor’s monthly gifts',
    body: { kind: 'json', schema: z.object({ gift_id: giftId }) },
    response: monthlyGift,
    errors: { 404: 'No such gift of this account', 409: 'The gift has ended already' },
  },
  cardSetupMine: {
    method: 'POST',
    path: '/api/account/monthly_gifts/card',
    summary: 'Starts saving a new card for one of the signed-in donor’s gifts: the setup flow, nothing charged',
    body: { kind: 'json', schema: z.object({ gift_id: giftId }) },
    response: monthlyCardSetupResponse,
    errors: { 404: 'No such gift of this account', 409: 'The gift has ended', 502: 'The card payment provider failed' },
  },
  changeCardMine: {
    method: 'POST',
    path: '/api/account/monthly_gifts/card/confirm',
    summary: 'Charges one of the signed-in donor’s gifts to the card the setup flow saved',
    body: { kind: 'json', schema: monthlyCardMineRequest },
    response: monthlyCardChangeResponse,
    errors: {
      404: 'No such gift of this account, or the setup intent is not the gift’s',
      409: 'The gift has ended, a month is being charged this moment, or the card was not saved',
      502: 'The card payment provider failed',
    },
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/monthly_gifts',
    summary: 'Every monthly gift: who, the amount, the next charge and every failure',
    response: adminMonthlyGifts,
  },
  adminStop: {
    method: 'POST',
    path: '/api/admin/monthly_gifts/stop',
    summary: 'Stops a monthly gift (the donor is told)',
    body: { kind: 'json', schema: z.object({ gift_id: giftId }) },
    response: succeededResponse,
    errors: { 404: 'No such gift', 409: 'The gift has ended already' },
  },
});
