import { useQuery } from '@tanstack/react-query';
import { succeededResponse } from '../../../shared/api/common';
import { memberInfo, membershipPaths, proceedResponse, type ProceedResponse } from '../../../shared/api/membership';
import { apiRequest } from '../../lib/api';
import { useSession } from '../../lib/session';

export const memberInfoKey = ['member_info'] as const;

/** The signed-in member's info; keyed by the account so another sign-in never sees it. */
export function useMemberInfo(options: { enabled?: boolean } = {}) {
  const session = useSession();
  return useQuery({
    queryKey: [...memberInfoKey, session?.username ?? ''],
    queryFn: ({ signal }) => apiRequest(membershipPaths.memberInfo, memberInfo, { signal }),
    enabled: Boolean(session) && options.enabled !== false,
    retry: false,
  });
}

export function registerProceed(form: unknown) {
  return apiRequest(membershipPaths.registerProceed, proceedResponse, { method: 'POST', json: form, auth: false });
}

export function renewProceed(tierIndex: number) {
  return apiRequest(membershipPaths.renewProceed, proceedResponse, { method: 'POST', json: { tier_index: tierIndex } });
}

/** SPEC section 8: an unsuccessful answer is an error too. */
async function confirmSimple(path: string, proceed: ProceedResponse, auth: boolean) {
  const answer = await apiRequest(path, succeededResponse, { method: 'POST', json: proceed, auth });
  if (!answer.succeeded) throw new Error('The confirmation did not succeed');
}

export const registerConfirmSimple = (proceed: ProceedResponse) => confirmSimple(membershipPaths.registerConfirmSimple, proceed, false);
export const renewConfirmSimple = (proceed: ProceedResponse) => confirmSimple(membershipPaths.renewConfirmSimple, proceed, true);
