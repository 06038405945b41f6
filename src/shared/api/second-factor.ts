import { z } from 'zod';
import { succeededResponse } from './common';
import { defineEndpoints } from './contract';
import { tokenResponse } from './accounts';

/**
 * Second factors (passkeys, an authenticator app, recovery codes) and the account's signed-in
 * sessions (decisions 130-134).
 */

/** The kinds of second factor an account may have, as the 401 of POST /api/token names them. */
export const secondFactorKinds = ['totp', 'recovery_code', 'passkey'] as const;
export const secondFactorKind = z.enum(secondFactorKinds);
export type SecondFactorKind = z.infer<typeof secondFactorKind>;

/** The 401 body of POST /api/token when the password was right but the account needs its second factor. */
export const secondFactorNeeded = z.object({ detail: z.string(), second_factor: z.array(secondFactorKind) });
export type SecondFactorNeeded = z.infer<typeof secondFactorNeeded>;

export const SECOND_FACTOR_NEEDED = 'Enter the code from your authenticator app or a recovery code, or use your passkey';
export const WRONG_CODE = 'That code is not right, or it has been used already';
/** Every staff call answers this (403) while a staff account has no second factor. */
export const STAFF_NEEDS_FACTOR =
  'Your role needs a second factor: set up a passkey or an authenticator app under My Profile, Sign-in and security, first';

/** A six-digit authenticator code, or a recovery code (letters and digits, dashes and spaces ignored). */
export const oneTimeCode = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(40, 'At most 40 characters')
  .regex(/^[0-9A-Za-z\s-]+$/, 'Enter the code as shown: digits, or letters and digits');

const currentPassword = z.string().min(1, 'Enter your password, to confirm it is you').max(1024, 'At most 1,024 characters');

// ---- The account's own factors ----

export const passkeyInfo = z.object({
  _id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Whether the passkey is synced between the person's devices (their password manager or platform). */
  backed_up: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfo>;

/** Where a staff account stands with the rule that staff need a second factor. */
export const staffRule = z.object({
  /** Whether the account's role (admin or editor) needs a second factor. */
  applies: z.boolean(),
  /** Whether staff calls are refused now for want of one. */
  blocked: z.boolean(),
  /** While the grace period lasts: when it ends. */
  grace_until: z.string().nullable(),
});
export type StaffRule = z.infer<typeof staffRule>;

export const accountSecurity = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeyInfo),
  recovery_codes_left: z.number().int(),
  staff: staffRule,
  /** Whether this site can offer passkeys (its address is a domain name, not an IP address). */
  passkeys_available: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecurity>;

export const totpStartResponse = z.object({
  /** The seed in base32, to type into the app when the QR code cannot be scanned. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of otpauth_url as an SVG image, drawn on the server (never by a third party). */
  qr_svg: z.string(),
});
export type TotpStartResponse = z.infer<typeof totpStartResponse>;

export const totpConfirmRequest = z.object({ code: oneTimeCode });
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** Removing a factor or making new recovery codes asks for the password again. */
export const passwordConfirmRequest = z.object({ password: currentPassword });

export const passkeyName = z.string().trim().min(1, 'Give the passkey a name').max(60, 'At most 60 characters');

/**
 * WebAuthn's JSON as the browser library sends it. The server's library checks every part
 * (signatures, challenge, origin); here only its outline and size are held.
 */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url');
const webauthnResponse = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});
export const registrationCredential = webauthnResponse.extend({
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
});
export const authenticationCredential = webauthnResponse.extend({
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export const passkeyRegisterRequest = z.object({ name: passkeyName, credential: registrationCredential });
/** The options navigator.credentials.create() takes, in WebAuthn's JSON form. */
export const webauthnOptions = z.looseObject({ challenge: z.string() });
export const passkeyRenameRequest = z.object({ name: passkeyName });

export const passkeySignInRequest = z.object({
  credential: authenticationCredential,
  /** As the second step after a password: the e-mail typed there, which the passkey must belong to. */
  username: z.string().trim().max(254).optional(),
});

// ---- Sessions ----

export const sessionInfo = z.object({
  _id: z.string(),
  device: z.string(),
  place: z.string().nullable(),
  /** How it was opened: password, password+totp, password+recovery, passkey. */
  method: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionList = z.object({ items: z.array(sessionInfo) });
export const endOthersResponse = z.object({ ended: z.number().int() });

// ---- The staff rule (admin) ----

export const staffFactorPolicy = z.object({
  /** Days a newly made admin or editor may use their role before they must set up a second factor (0: none). */
  grace_days: z.number({ error: 'Enter a number of days' }).int('Whole days').min(0, 'At least 0').max(90, 'At most 90 days'),
});
export type StaffFactorPolicy = z.infer<typeof staffFactorPolicy>;

const id = z.object({ id: z.string().max(1024) });

export const secondFactorApi = defineEndpoints('second-factor', {
  security: {
    method: 'GET',
    path: '/api/account/security',
    summary: 'The account’s second factors, recovery codes left, and where it stands with the staff rule',
    response: accountSecurity,
  },
  totpStart: {
    method: 'POST',
    path: '/api/account/totp',
    summary: 'Starts setting up an authenticator app: a new secret, its otpauth:// address and QR code',
    description:
      'Nothing changes until POST /api/account/totp/confirm with a first code. Starting again replaces an unconfirmed secret; an app already set up must be removed first (409).',
    response: totpStartResponse,
    errors: { 409: 'An authenticator app is already set up' },
  },
  totpConfirm: {
    method: 'POST',
    path: '/api/account/totp/confirm',
    summary: 'Finishes setting up the authenticator app with its first code; answers ten recovery codes, shown only this once',
    description: 'The account’s other sessions end. The code cannot be used again to sign in.',
    body: { kind: 'json', schema: totpConfirmRequest },
    response: recoveryCodesResponse,
    errors: { 409: 'Start again with POST /api/account/totp', 429: 'Too many wrong codes' },
  },
  totpRemove: {
    method: 'POST',
    path: '/api/account/totp/remove',
    summary: 'Removes the authenticator app after checking the password; the other sessions end',
    body: { kind: 'json', schema: passwordConfirmRequest },
    response: succeededResponse,
    errors: { 404: 'No authenticator app is set up', 429: 'Too many wrong passwords' },
  },
  recoveryCodes: {
    method: 'POST',
    path: '/api/account/recovery_codes',
    summary: 'Ten new recovery codes after checking the password (the old ones stop working); shown only this once',
    body: { kind: 'json', schema: passwordConfirmRequest },
    response: recoveryCodesResponse,
    errors: { 409: 'The account has no second factor to recover', 429: 'Too many wrong passwords' },
  },
  passkeyOptions: {
    method: 'POST',
    path: '/api/account/passkeys/options',
    summary: 'Options for navigator.credentials.create(): a new passkey for this account (a discoverable credential)',
    response: webauthnOptions,
    errors: { 409: 'This site’s address cannot have passkeys (an IP address)' },
  },
  passkeyRegister: {
    method: 'POST',
    path: '/api/account/passkeys',
    summary: 'Adds the passkey the browser made from those options, with a name; the other sessions end',
    body: { kind: 'json', schema: passkeyRegisterRequest },
    response: passkeyInfo,
  },
  passkeyRename: {
    method: 'POST',
    path: '/api/account/passkeys/:id/name',
    summary: 'Renames one of the account’s passkeys',
    params: id,
    body: { kind: 'json', schema: passkeyRenameRequest },
    response: passkeyInfo,
    errors: { 404: 'No such passkey on this account' },
  },
  passkeyRemove: {
    method: 'POST',
    path: '/api/account/passkeys/:id/remove',
    summary: 'Removes one of the account’s passkeys after checking the password; the other sessions end',
    params: id,
    body: { kind: 'json', schema: passwordConfirmRequest },
    response: succeededResponse,
    errors: { 404: 'No such passkey on this account', 429: 'Too many wrong passwords' },
  },
  passkeySignInOptions: {
    method: 'POST',
    path: '/api/token/passkey/options',
    summary: 'Options for navigator.credentials.get(): a challenge any of the site’s passkeys may answer, for five minutes',
    response: webauthnOptions,
    errors: { 409: 'This site’s address cannot have passkeys (an IP address)', 429: 'Too many requests from this address' },
  },
  passkeySignIn: {
    method: 'POST',
    path: '/api/token/passkey',
    summary: 'Signs in with a passkey alone (the browser’s answer to those options): a bearer token as POST /api/token gives',
    description: 'With username (the second step after a password), the passkey must belong to that account.',
    body: { kind: 'json', schema: passkeySignInRequest },
    response: tokenResponse,
    errors: {
      401: 'The passkey is not one of this site’s, or its answer does not check out',
      429: 'Too many failed sign-ins from this address',
    },
  },
  sessions: {
    method: 'GET',
    path: '/api/account/sessions',
    summary: 'The account’s signed-in sessions: device, approximate place (from local data only), first and last use',
    response: sessionList,
  },
  endSession: {
    method: 'POST',
    path: '/api/account/sessions/:id/end',
    summary: 'Ends one of the account’s sessions (this one included: that is signing out)',
    params: id,
    response: succeededResponse,
    errors: { 404: 'No such session on this account' },
  },
  endOtherSessions: {
    method: 'POST',
    path: '/api/account/sessions/end_others',
    summary: 'Ends every session of the account but this one',
    response: endOthersResponse,
  },
});

export const staffFactorApi = defineEndpoints('staff-factor', {
  policy: {
    method: 'GET',
    path: '/api/admin/staff_factor',
    summary: 'The grace period for new staff to set up a second factor',
    response: staffFactorPolicy,
  },
  setPolicy: {
    method: 'POST',
    path: '/api/admin/staff_factor',
    summary: 'Sets the grace period, in days (0 to 90; 0: staff set up a factor before using their role); audited',
    body: { kind: 'json', schema: staffFactorPolicy },
    response: staffFactorPolicy,
  },
});
