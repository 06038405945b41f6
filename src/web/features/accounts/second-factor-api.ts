import { useQuery } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { TokenResponse } from '../../../shared/api/accounts';
import { apiRequest, lazyEndpoints } from '../../lib/api';
import { deviceHeaders } from '../../lib/device-id';
import { useSession } from '../../lib/session';

/** Loaded with the first call, so the sign-in page's first load carries none of it (decision 062). */
export const secondFactorApi = lazyEndpoints(() => import('../../../shared/api/second-factor').then((m) => m.secondFactorApi));
export const staffFactorApi = lazyEndpoints(() => import('../../../shared/api/second-factor').then((m) => m.staffFactorApi));

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

/** Whether this browser can use passkeys at all (the library is loaded only then). */
export async function browserHasPasskeys(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
  return browserSupportsWebAuthn();
}

/** Signs in with a passkey: alone, or (with `username`) as the second step after the password. */
export async function signInWithPasskey(username?: string): Promise<TokenResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await apiRequest(secondFactorApi.passkeySignInOptions, { auth: false });
  const credential = await startAuthentication({ optionsJSON: options });
  return apiRequest(secondFactorApi.passkeySignIn, {
    body: { credential: credential as never, ...(username ? { username } : {}) },
    auth: false,
    headers: deviceHeaders(),
  });
}

/** Makes a passkey on this device for the signed-in account and registers it under `name`. */
export async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = await apiRequest(secondFactorApi.passkeyOptions);
  const credential = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return apiRequest(secondFactorApi.passkeyRegister, { body: { name, credential: credential as never } });
}
