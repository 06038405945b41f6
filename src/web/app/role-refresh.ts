import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveSession, useSession } from '../lib/session';
import { memberInfoKey, membershipApi } from '../features/membership/membership-api';
import { apiRequest } from '../lib/api';

/**
 * Keeps the stored role in step with the server's. The role is stored at sign-in only to choose
 * what to show (the server checks it on every request); when an admin changes someone's role,
 * that person's menus and pages follow on their next visit or when they come back to the tab,
 * without signing out. Used once, in the app layout.
 */
export function useRoleRefresh(): void {
  const session = useSession();
  const { data, isFetching } = useQuery({
    // The profile's key: one call serves both, and the profile's own refetches count here too.
    queryKey: [...memberInfoKey, session?.username ?? ''],
    queryFn: ({ signal }) => apiRequest(membershipApi.memberInfo, { signal }),
    enabled: session !== null,
    // Asked again on every load and every return to the window, whatever the default freshness.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    retry: false,
  });

  // Only a settled answer counts: a cached one from before a sign-in may be out of date.
  const serverRole = isFetching ? undefined : data?.role;
  useEffect(() => {
    // A 401 clears the session inside apiRequest; any other failure leaves the stored role alone.
    if (session && serverRole && serverRole !== session.role) saveSession({ ...session, role: serverRole });
  }, [session, serverRole]);
}
