import { apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call, not with the page (decision 062).
const savedCardsApi = lazyEndpoints(() => import('../../../shared/api/saved-cards').then((m) => m.savedCardsApi));

/** The test provider's setup step; a refusal is a 402 whose detail is the provider's message. */
export const testConfirmSetup = (clientSecret: string, card: { card_number: string; exp_month: number; exp_year: number; cvc: string }) =>
  apiRequest(savedCardsApi.testConfirmSetup, { body: { client_secret: clientSecret, ...card }, auth: false });
