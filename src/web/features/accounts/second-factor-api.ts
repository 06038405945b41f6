import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { TokenResponse } from '../../../shared/api/accounts';
import { apiRequest } from '../../lib/api';
import { deviceHeaders } from '../../lib/device-id';
import { secondFactorApi } from '../../lib/account-security';

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
