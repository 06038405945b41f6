import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi, type AccountDetailsForm, type ConsentState } from '../../../../shared/api/account';
import { apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/** Keyed by the account so another sign-in in the same tab never sees them. */
const keyOf = (what: string, username: string | undefined) => ['account', what, username ?? ''] as const;

export function useAccountDetails() {
  const session = useSession();
  return useQuery({
    queryKey: keyOf('details', session?.username),
    queryFn: ({ signal }) => apiRequest(accountApi.details, { signal }),
    enabled: Boolean(session),
  });
}

export function useAccountPayments() {
  const session = useSession();
  return useQuery({
    queryKey: keyOf('payments', session?.username),
    queryFn: ({ signal }) => apiRequest(accountApi.payments, { signal }),
    enabled: Boolean(session),
  });
}

export function useConsent() {
  const session = useSession();
  return useQuery({
    queryKey: keyOf('consent', session?.username),
    queryFn: ({ signal }) => apiRequest(accountApi.consent, { signal }),
    enabled: Boolean(session),
  });
}

export function useSaveDetails() {
  const client = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (details: AccountDetailsForm) => apiRequest(accountApi.updateDetails, { body: details }),
    onSuccess: (saved) => {
      client.setQueryData(keyOf('details', session?.username), saved);
      // The banner's greeting and the details panel read member_info.
      void client.invalidateQueries({ queryKey: ['member_info'] });
    },
  });
}

export function useSetConsent() {
  const client = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (newsEmail: boolean) => apiRequest(accountApi.setConsent, { body: { news_email: newsEmail } }),
    onSuccess: (state: ConsentState) => client.setQueryData(keyOf('consent', session?.username), state),
  });
}
