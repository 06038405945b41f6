import type { DonateProceedRequest } from '../../../shared/api/donations';
import { apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call, not with the page (decision 062).
const monthlyGiftsApi = lazyEndpoints(() => import('../../../shared/api/monthly-gifts').then((m) => m.monthlyGiftsApi));

/** A signed-in donor's gift is theirs (My Profile); a visitor's is managed by its receipts' link (decision 173). */
export const startMonthlyGift = (request: DonateProceedRequest) => apiRequest(monthlyGiftsApi.start, { body: request });

export const confirmMonthlyGift = (giftId: string, setupIntentId: string) =>
  apiRequest(monthlyGiftsApi.confirm, { body: { gift_id: giftId, setup_intent_id: setupIntentId }, auth: false });

export const monthlyGiftByLink = (giftId: string, token: string) =>
  apiRequest(monthlyGiftsApi.byLink, { body: { gift_id: giftId, token }, auth: false });

export const cancelMonthlyGiftByLink = (giftId: string, token: string) =>
  apiRequest(monthlyGiftsApi.cancelByLink, { body: { gift_id: giftId, token }, auth: false });

export const startCardSetupByLink = (giftId: string, token: string) =>
  apiRequest(monthlyGiftsApi.cardSetupByLink, { body: { gift_id: giftId, token }, auth: false });

export const changeCardByLink = (giftId: string, token: string, setupIntentId: string) =>
  apiRequest(monthlyGiftsApi.changeCardByLink, { body: { gift_id: giftId, token, setup_intent_id: setupIntentId }, auth: false });
