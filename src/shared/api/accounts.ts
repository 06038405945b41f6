import { z } from 'zod';
import { roles } from '../domain/roles';
import { succeededResponse } from './common';
import { defineEndpoints } from './contract';
import { newPassword } from './membership';

export { roles, type Role } from '../domain/roles';
export const role = z.enum(roles);

/** Form fields of POST /api/token (application/x-www-form-urlencoded). */
export const tokenRequest = z.object({
  username: z.string().trim().min(1, 'Enter your e-mail address').max(254),
  password: z.string().min(1, 'Enter your password').max(1024),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  username: z.string(),
  role,
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const INVALID_CREDENTIALS = 'Email or password not recognized';

export const pwForgotRequest = z.object({ email: z.string().trim().min(1, 'Enter your e-mail address').max(254) });
export const pwResetValidateResponse = z.object({ valid: z.boolean() });
export const pwResetSubmitRequest = z.object({ uid: z.string().trim().min(1).max(200), newPassword });

/** Signing out ends this token; `everywhere` ends every session of the account, on every device. */
export const signOutRequest = z.object({ everywhere: z.boolean().default(false) });
export type SignOutRequest = z.input<typeof signOutRequest>;

export const accountsApi = defineEndpoints('accounts', {
  token: {
    method: 'POST',
    path: '/api/token',
    summary: 'Sign in: the e-mail address as username and the password give a bearer token',
    body: { kind: 'form', schema: tokenRequest },
    response: tokenResponse,
    errors: {
      401: 'Email or password not recognized',
      429: 'Too many sign-in attempts from this address or for this account',
      503: 'Too many passwords are being checked just now: try again after Retry-After seconds',
    },
  },
  signOut: {
    method: 'POST',
    path: '/api/sign_out',
    summary: 'Signs out: ends this token on the server, or with everywhere every session of the account',
    description: 'The token is refused from then on; other devices stay signed in unless everywhere is true (decision record 017).',
    body: { kind: 'json', schema: signOutRequest },
    response: succeededResponse,
  },
  pwForgot: {
    method: 'POST',
    path: '/api/pw_forgot',
    summary: 'Sends a password reset link if the address belongs to an account (the answer never says whether it does)',
    body: { kind: 'json', schema: pwForgotRequest },
    response: succeededResponse,
    errors: { 429: 'Too many requests for this address or from this client' },
  },
  pwResetValidate: {
    method: 'GET',
    path: '/api/pw_reset_validate/:uid',
    summary: 'Whether a password reset link is still valid',
    params: z.object({ uid: z.string().max(200) }),
    response: pwResetValidateResponse,
  },
  pwResetSubmit: {
    method: 'POST',
    path: '/api/pw_reset_submit',
    summary: 'Sets a new password with a valid reset link, once however often it is sent; older sessions end',
    body: { kind: 'json', schema: pwResetSubmitRequest },
    response: succeededResponse,
    errors: { 503: 'Too many passwords are being hashed just now' },
  },
});
