import { queryOptions } from '@tanstack/react-query';
import { apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call (decision 062): the reset page is rendered on the server, its data
// loaded there, and the sign-in form loads zod only once it is used (decision 221).
export const accountsApi = lazyEndpoints(() => import('../../../shared/api/accounts').then((m) => m.accountsApi));

export function requestPasswordReset(email: string) {
  return apiRequest(accountsApi.pwForgot, { body: { email }, auth: false });
}

/** Whether a reset link is still good: opening it uses nothing up. */
export const resetLinkQuery = (uid: string) =>
  queryOptions({
    queryKey: ['pw_reset_validate', uid] as const,
    queryFn: ({ signal }) => apiRequest(accountsApi.pwResetValidate, { params: { uid }, auth: false, signal }),
    retry: false,
    staleTime: Infinity,
  });

export function submitPasswordReset(uid: string, newPassword: string) {
  return apiRequest(accountsApi.pwResetSubmit, { body: { uid, newPassword }, auth: false });
}
