import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoRenewState } from '../../../../shared/api/auto-renewal';
import { apiRequest, lazyEndpoints } from '../../../lib/api';
import { useSession } from '../../../lib/session';

// Loaded with the first call, not with the page (decision 062).
export const autoRenewalApi = lazyEndpoints(() => import('../../../../shared/api/auto-renewal').then((m) => m.autoRenewalApi));
const savedCardsApi = lazyEndpoints(() => import('../../../../shared/api/saved-cards').then((m) => m.savedCardsApi));

const keyOf = (username: string | undefined) => ['account', 'auto-renew', username ?? ''] as const;

/** The member's automatic renewal (docs/product.md "Automatic renewal"); keyed by the account. */
export function useAutoRenew() {
  const session = useSession();
  return useQuery({
    queryKey: keyOf(session?.username),
    queryFn: ({ signal }) => apiRequest(autoRenewalApi.state, { signal }),
    enabled: Boolean(session),
  });
}

/** Turns it on (with the card the setup flow saved) or off, or changes the card; the answer is the new state. */
export function useChangeAutoRenew() {
  const client = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (change: { on: boolean; setup_intent_id?: string } | { method: string }): Promise<AutoRenewState> =>
      'method' in change
        ? apiRequest(autoRenewalApi.changeMethod, { body: { setup_intent_id: change.method } })
        : apiRequest(autoRenewalApi.set, { body: change }),
    onSuccess: (state) => client.setQueryData(keyOf(session?.username), state),
  });
}

/** The card step's setup flow begins: a setup intent's secret for the card form. */
export const startCardSetup = () => apiRequest(autoRenewalApi.setup, {});

/** The test provider's stand-in for Stripe.js confirming with the saved card; the bank's check follows (payments-api's testAuthenticate). */
export const testConfirmSaved = (clientSecret: string) =>
  apiRequest(savedCardsApi.testConfirmSaved, { body: { client_secret: clientSecret }, auth: false });
