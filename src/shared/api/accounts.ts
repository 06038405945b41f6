import { z } from 'zod';

export const accountPaths = {
  token: '/api/token',
  signOut: '/api/sign_out',
} as const;

export const roles = ['member', 'editor', 'admin'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

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

/** Signing out ends this token; `everywhere` ends every session of the account, on every device. */
export const signOutRequest = z.object({ everywhere: z.boolean().default(false) });
export type SignOutRequest = z.input<typeof signOutRequest>;
