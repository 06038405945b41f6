import { useQuery } from '@tanstack/react-query';
import type { ProceedResponse, RegistrationForm } from '../../../shared/api/membership';
import { ApiError, apiRequest, lazyEndpoints } from '../../lib/api';
import { deviceHeaders } from '../../lib/device-id';
import { useSession } from '../../lib/session';

// Loaded with the first call, not with the page (decision 062).
export const membershipApi = lazyEndpoints(() => import('../../../shared/api/membership').then((m) => m.membershipApi));
const accountsApi = lazyEndpoints(() => import('../../../shared/api/accounts').then((m) => m.accountsApi));

export const memberInfoKey = ['member_info'] as const;

/** The signed-in member's info; keyed by the account so another sign-in never sees it. */
export function useMemberInfo(options: { enabled?: boolean } = {}) {
  const session = useSession();
  return useQuery({
    queryKey: [...memberInfoKey, session?.username ?? ''],
    queryFn: ({ signal }) => apiRequest(membershipApi.memberInfo, { signal }),
    enabled: Boolean(session) && options.enabled !== false,
    retry: false,
  });
}

export function registerProceed(form: RegistrationForm) {
  return apiRequest(membershipApi.registerProceed, { body: form, auth: false });
}

export function renewProceed(tierIndex: number, autoRenew = false) {
  return apiRequest(membershipApi.renewProceed, { body: { tier_index: tierIndex, auto_renew: autoRenew } });
}

/** docs/product.md section 8: an unsuccessful answer is an error too. */
export async function registerConfirmSimple(proceed: ProceedResponse) {
  const answer = await apiRequest(membershipApi.registerConfirmSimple, { body: proceed, auth: false });
  if (!answer.succeeded) throw new Error('The confirmation did not succeed');
}

export async function renewConfirmSimple(proceed: ProceedResponse) {
  const answer = await apiRequest(membershipApi.renewConfirmSimple, { body: proceed });
  if (!answer.succeeded) throw new Error('The confirmation did not succeed');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signs the new member in with the secret their proceed gave (decision 086). The account exists
 * once the payment is settled, which the card step waits for; a 409 (a payment still being
 * confirmed, e.g. by the provider's webhook) is asked again a few times before giving up.
 */
export async function registerSignIn(grant: { payment_id: string; secret: string }, waits = [1000, 2000, 3000, 4000]) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiRequest(accountsApi.registerSignIn, { body: grant, auth: false, headers: deviceHeaders() });
    } catch (error) {
      const wait = waits[attempt];
      if (!(error instanceof ApiError && error.status === 409) || wait === undefined) throw error;
      await pause(wait);
    }
  }
}
