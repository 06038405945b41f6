import { z } from 'zod';
import { roles } from '../domain/roles';
import { errorResponse, succeededResponse } from './common';
import { defineEndpoints } from './contract';
import { newPassword, PASSWORD_MIN_LENGTH } from './membership';

export { roles, type Role } from '../domain/roles';
export const role = z.enum(roles);

/** Form fields of POST /api/token (application/x-www-form-urlencoded). */
export const tokenRequest = z.object({
  username: z.string().trim().min(1, 'Enter your e-mail address').max(254),
  password: z.string().min(1, 'Enter your password').max(1024),
  /** The second factor, for an account that has one: an authenticator code or a recovery code. */
  otp: z
    .string()
    .trim()
    .max(40, 'At most 40 characters')
    .optional()
    .transform((code) => code || undefined),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  username: z.string(),
  role,
  /**
   * For an admin or editor without a second factor: `required` (staff calls answer 403 until one is
   * set up) or `grace` (the grace period lasts). Absent otherwise.
   */
  second_factor_setup: z.enum(['required', 'grace']).optional(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const INVALID_CREDENTIALS = 'Email or password not recognized';

export const pwForgotRequest = z.object({ email: z.string().trim().min(1, 'Enter your e-mail address').max(254) });
export const pwResetValidateResponse = z.object({ valid: z.boolean() });
export const pwResetSubmitRequest = z.object({ uid: z.string().trim().min(1).max(200), newPassword });

/** A new member's sign-in once their registration is paid: the payment and the secret its proceed answer gave. */
export const registerSignInRequest = z.object({
  payment_id: z.string().trim().min(1).max(100),
  secret: z.string().trim().min(1).max(200),
});

/** docs/product.md section 5: a new password has at least 8 characters and equals its confirmation. */
export function passwordsAcceptable(password: string, confirmation: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password === confirmation;
}

/** Signing out ends this token; `everywhere` ends every session of the account, on every device. */
export const signOutRequest = z.object({ everywhere: z.boolean().default(false) });
export type SignOutRequest = z.input<typeof signOutRequest>;

export const accountsApi = defineEndpoints('accounts', {
  token: {
    method: 'POST',
    path: '/api/token',
    summary: 'Sign in: the e-mail address as username and the password give a bearer token',
    description:
      'An account with a second factor also sends otp (an authenticator or recovery code); without it, a right password answers 401 { detail, second_factor: [...] } naming the factors the account has (totp, recovery_code, passkey). A passkey signs in through POST /api/token/passkey instead. A wrong code counts as a failed attempt, as a wrong password does.',
    body: { kind: 'form', schema: tokenRequest },
    response: tokenResponse,
    errors: {
      401: {
        description: 'Email or password not recognized; or the right password of an account with a second factor, naming its factors',
        schema: errorResponse.extend({ second_factor: z.array(z.string()).optional() }),
      },
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
  registerSignIn: {
    method: 'POST',
    path: '/api/register_sign_in',
    summary: "Signs a new member in once their registration's payment has made the account, with the proceed answer's sign_in_secret",
    description:
      'Once only, within a day of joining, and not after the account has ended its sessions (decision record 086). ' +
      'A 409 means the payment is still being confirmed: ask again in a few seconds.',
    body: { kind: 'json', schema: registerSignInRequest },
    response: tokenResponse,
    errors: { 409: 'The payment has not made the account yet' },
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
