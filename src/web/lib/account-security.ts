/**
 * The signed-in account's own security, as its pages and the staff's pages read it: its factors
 * and passkeys, whether its staff role waits for a second factor, and where it is signed in.
 */

import { useQuery } from '@tanstack/react-query';
import { apiRequest, lazyEndpoints } from './api';
import { useSession } from './session';

/** Loaded with the first call, so the sign-in page's first load carries none of it (decision 062). */
export const secondFactorApi = lazyEndpoints(() => import('../../shared/api/second-factor').then((m) => m.secondFactorApi));

const keyOf = (what: string, username: string | undefined) => ['security', what, username ?? ''] as const;

export function useSecurity() {
  const session = useSession();
  return useQuery({
    queryKey: keyOf('factors', session?.username),
    queryFn: ({ signal }) => apiRequest(secondFactorApi.security, { signal }),
    enabled: Boolean(session),
  });
}

export function useSessions() {
  const session = useSession();
  return useQuery({
    queryKey: keyOf('sessions', session?.username),
    queryFn: ({ signal }) => apiRequest(secondFactorApi.sessions, { signal }),
    enabled: Boolean(session),
  });
}

export const securityKey = (username: string | undefined) => keyOf('factors', username);
export const sessionsKey = (username: string | undefined) => keyOf('sessions', username);
