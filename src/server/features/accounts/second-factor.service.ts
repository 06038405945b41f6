import { randomBytes, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { WRONG_PASSWORD } from '../../../shared/api/account';
import {
  WRONG_CODE,
  type AccountSecurity,
  type PasskeyInfo,
  type SecondFactorKind,
  type TotpStartResponse,
  type authenticationCredential,
  type registrationCredential,
  type webauthnOptions,
} from '../../../shared/api/second-factor';
import type { AuditTrail } from '../../audit/audit-trail';
import type { PasswordHasher } from '../../auth/password';
import type { SecretBox } from '../../auth/secret-box';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { addressKey } from '../../http/client-address';
import { secondFactorRepo } from './second-factor.repo';

const MINUTE = 60 * 1000;
const TOTP_PERIOD = 30;
const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_MS = 5 * MINUTE;
const CODE_WINDOW_MS = 15 * MINUTE;
const CODE_MAX_FAILURES = 5;
const TOO_MANY_CODES = 'Too many wrong codes. Please wait 15 minutes and try again.';
const TOO_MANY_PASSWORDS = 'Too many wrong passwords. Please wait 15 minutes and try again.';
const PASSKEY_FAILED = 'That passkey could not be used to sign in';
const NO_PASSKEYS_HERE = 'Passkeys need the site to be served under a domain name (PUBLIC_URL), not an IP address';

/** Letters of recovery codes: no 0/O or 1/l/I to misread. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/**
 * EdDSA, ES256 and RS256: what authenticators make. Named here so the library does not probe the
 * runtime for post-quantum algorithms, which prints Node's experimental-feature warnings.
 */
const ALGORITHMS = [-8, -7, -257];

export type SecondFactorDeps = {
  db: Kysely<Database>;
  box: SecretBox;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  audit: AuditTrail;
  clock: () => Date;
  publicUrl: string;
  siteName: () => Promise<string>;
  /** Ends the account's other sessions in the change's transaction (changing a factor does). */
  endOtherSessions: (userId: string, keep: string | null, trx: Kysely<Database>) => Promise<number>;
};

type Person = { id: string; email: string };
type PasswordHolder = Person & { password_hash: string };

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const letters = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/**
 * Passkeys, the authenticator app and recovery codes (decisions 130-132). Secrets are sealed with
 * the factor key, codes compared in constant time (otpauth) or looked up by keyed hash, and
 * nothing secret is logged: errors carry only what the person may see.
 */
export function secondFactorService({
  db,
  box,
  passwords,
  limiter,
  audit,
  clock,
  publicUrl,
  siteName,
  endOtherSessions,
}: SecondFactorDeps) {
  const repo = secondFactorRepo(db);
  const origin = new URL(publicUrl).origin;
  const rpID = new URL(publicUrl).hostname;
  // WebAuthn names a site by its domain: an IP address (or a bracketed IPv6 one) cannot have passkeys.
  const passkeysAvailable = !/^\d+\.\d+\.\d+\.\d+$/.test(rpID) && !rpID.startsWith('[');

  const totpOf = (secret: string, label = '', issuer = '') =>
    new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });

  /** The step a six-digit code answers, within one step either way of now; null for no match. */
  function matchingStep(secret: string, code: string): number | null {
    const now = clock().getTime();
    const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  }

  async function checkPassword(user: PasswordHolder, password: string): Promise<void> {
    const bucket = 'account-password';
    if ((await limiter.recent(bucket, user.id, CODE_WINDOW_MS)) >= CODE_MAX_FAILURES) throw tooManyRequests(TOO_MANY_PASSWORDS, 900);
    if (await passwords.verify(password, user.password_hash)) return;
    await limiter.hit({ bucket, key: user.id, max: CODE_MAX_FAILURES, windowMs: CODE_WINDOW_MS }, TOO_MANY_PASSWORDS);
    throw badRequest(WRONG_PASSWORD);
  }

  async function newRecoveryCodes(trx: Kysely<Database>, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      trx,
      userId,
      codes.map((code) => ({ id: randomUUID(), code_hash: box.hash(normalise(code)) })),
      clock().toISOString(),
    );
    return codes;
  }

  async function hasFactor(userId: string, trx: Kysely<Database> = db): Promise<boolean> {
    const [totp, keys] = await Promise.all([
      trx
        .selectFrom('totp_factors')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst(),
      trx.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
    ]);
    return Boolean(totp || keys);
  }

  /** After a factor went: without any left, recovery codes have nothing to recover and go too. */
  async function dropCodesWhenNoFactor(trx: Kysely<Database>, userId: string): Promise<void> {
    if (!(await hasFactor(userId, trx))) await repo.replaceRecoveryCodes(trx, userId, [], clock().toISOString());
  }

  const toPasskey = (p: Awaited<ReturnType<typeof repo.passkeys>>[number]): PasskeyInfo => ({
    _id: p.id,
    name: p.name,
    created_at: p.created_at,
    last_used_at: p.last_used_at,
    backed_up: p.backed_up === 1,
  });

  const service = {
    passkeysAvailable,
    hasFactor,

    /** The factors an account has, as the sign-in's 401 names them. */
    async kinds(userId: string): Promise<SecondFactorKind[]> {
      const [totp, codes, keys] = await Promise.all([repo.totp(userId), repo.recoveryCodesLeft(userId), repo.passkeys(userId)]);
      const kinds: SecondFactorKind[] = [];
      if (totp?.confirmed_at) kinds.push('totp');
      if (codes > 0) kinds.push('recovery_code');
      if (keys.length) kinds.push('passkey');
      return kinds;
    },

    async security(userId: string): Promise<Omit<AccountSecurity, 'staff'>> {
      const [totp, codes, keys] = await Promise.all([repo.totp(userId), repo.recoveryCodesLeft(userId), repo.passkeys(userId)]);
      return {
        totp: Boolean(totp?.confirmed_at),
        passkeys: keys.map(toPasskey),
        recovery_codes_left: codes,
        passkeys_available: passkeysAvailable,
      };
    },

    /**
     * Checks a code given at sign-in: six digits against the authenticator app (each time step
     * accepted once), anything else as a recovery code (each used once). Null when it fails.
     */
    async useCode(userId: string, code: string): Promise<'totp' | 'recovery' | null> {
      const typed = code.trim();
      if (/^\d{6}$/.test(typed)) {
        const totp = await repo.totp(userId);
        const secret = totp?.confirmed_at ? box.open(totp.secret_enc) : null;
        const step = secret ? matchingStep(secret, typed) : null;
        if (step === null) return null;
        return (await repo.useStep(db, userId, step, null)) ? 'totp' : null;
      }
      const used = await repo.useRecoveryCode(db, userId, box.hash(normalise(typed)), clock().toISOString());
      return used ? 'recovery' : null;
    },

    // ---- The authenticator app ----

    async startTotp(user: Person): Promise<TotpStartResponse> {
      const existing = await repo.totp(user.id);
      if (existing?.confirmed_at) throw conflict('An authenticator app is already set up: remove it first to set up another');
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.putPendingTotp(user.id, box.seal(secret), clock().toISOString())))
        throw conflict('An authenticator app is already set up: remove it first to set up another');
      const otpauth_url = totpOf(secret, user.email, await siteName()).toString();
      const qr_svg = await QRCode.toString(otpauth_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauth_url, qr_svg };
    },

    /** The first code proves the app holds the secret: the factor counts from now, with ten recovery codes. */
    async confirmTotp(user: Person, code: string, sessionId: string | null): Promise<string[]> {
      const bucket = 'totp-confirm';
      if ((await limiter.recent(bucket, user.id, CODE_WINDOW_MS)) >= CODE_MAX_FAILURES) throw tooManyRequests(TOO_MANY_CODES, 900);
      const pending = await repo.totp(user.id);
      if (!pending || pending.confirmed_at) throw conflict('Start setting up the authenticator app again');
      const secret = box.open(pending.secret_enc);
      if (!secret) throw conflict('Start setting up the authenticator app again');
      const step = /^\d{6}$/.test(code.trim()) ? matchingStep(secret, code.trim()) : null;
      const codes =
        step === null
          ? null
          : await audit.change(
              user,
              async (trx) => {
                if (!(await repo.useStep(trx, user.id, step, clock().toISOString()))) return null;
                await endOtherSessions(user.id, sessionId, trx);
                return newRecoveryCodes(trx, user.id);
              },
              (made) =>
                made
                  ? { kind: 'account', action: 'changed', subject_id: user.id, summary: 'Authenticator app set up; other sessions ended' }
                  : [],
            );
      if (!codes) {
        await limiter.hit({ bucket, key: user.id, max: CODE_MAX_FAILURES, windowMs: CODE_WINDOW_MS }, TOO_MANY_CODES);
        throw badRequest(WRONG_CODE);
      }
      return codes;
    },

    async removeTotp(user: PasswordHolder, password: string, sessionId: string | null): Promise<void> {
      await checkPassword(user, password);
      const removed = await audit.change(
        user,
        async (trx) => {
          const gone = await repo.deleteTotp(trx, user.id);
          if (gone) {
            await dropCodesWhenNoFactor(trx, user.id);
            await endOtherSessions(user.id, sessionId, trx);
          }
          return gone;
        },
        (gone) =>
          gone
            ? { kind: 'account', action: 'changed', subject_id: user.id, summary: 'Authenticator app removed; other sessions ended' }
            : [],
      );
      if (!removed) throw notFound('No authenticator app is set up');
    },

    async regenerateRecoveryCodes(user: PasswordHolder, password: string, sessionId: string | null): Promise<string[]> {
      await checkPassword(user, password);
      if (!(await hasFactor(user.id))) throw conflict('Set up a passkey or an authenticator app first');
      return audit.change(
        user,
        async (trx) => {
          await endOtherSessions(user.id, sessionId, trx);
          return newRecoveryCodes(trx, user.id);
        },
        () => ({ kind: 'account', action: 'changed', subject_id: user.id, summary: 'New recovery codes made; other sessions ended' }),
      );
    },

    // ---- Passkeys ----

    async registrationOptions(user: Person & { first_name: string; last_name: string }) {
      if (!passkeysAvailable) throw conflict(NO_PASSKEYS_HERE);
      const existing = await repo.passkeys(user.id);
      const options = await generateRegistrationOptions({
        rpName: await siteName(),
        rpID,
        userName: user.email,
        userDisplayName: `${user.first_name} ${user.last_name}`.trim() || user.email,
        // The user handle is the account id: a discoverable passkey names its account by it.
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      const answer = options as unknown as z.input<typeof webauthnOptions>;
      await repo.putChallenge({
        challenge: options.challenge,
        user_id: user.id,
        purpose: 'register',
        expires_at: new Date(clock().getTime() + CHALLENGE_MS).toISOString(),
      });
      return answer;
    },

    async register(
      user: Person,
      name: string,
      credential: z.output<typeof registrationCredential>,
      sessionId: string | null,
    ): Promise<PasskeyInfo> {
      if (!passkeysAvailable) throw conflict(NO_PASSKEYS_HERE);
      let challengeOk = false;
      const verification = await verifyRegistrationResponse({
        response: credential as unknown as RegistrationResponseJSON,
        expectedChallenge: async (challenge) =>
          (challengeOk = await repo.takeChallenge(challenge, 'register', user.id, clock().toISOString())),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch(() => null);
      if (!verification?.verified || !challengeOk)
        throw badRequest('The passkey could not be added: try again, and finish within five minutes');
      const { credential: made, credentialBackedUp } = verification.registrationInfo;
      const at = clock().toISOString();
      try {
        await audit.change(
          user,
          async (trx) => {
            await repo.insertPasskey(trx, {
              id: made.id,
              user_id: user.id,
              name,
              public_key: Buffer.from(made.publicKey).toString('base64url'),
              counter: made.counter,
              transports: JSON.stringify(made.transports ?? credential.response.transports ?? []),
              backed_up: credentialBackedUp ? 1 : 0,
              created_at: at,
              last_used_at: null,
            });
            await endOtherSessions(user.id, sessionId, trx);
          },
          () => ({ kind: 'account', action: 'changed', subject_id: user.id, summary: `Passkey added: ${name}; other sessions ended` }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('This passkey is already registered');
        throw error;
      }
      return { _id: made.id, name, created_at: at, last_used_at: null, backed_up: credentialBackedUp };
    },

    async renamePasskey(userId: string, id: string, name: string): Promise<PasskeyInfo> {
      if (!(await repo.renamePasskey(userId, id, name))) throw notFound('No such passkey on this account');
      return toPasskey((await repo.passkey(id))!);
    },

    async removePasskey(user: PasswordHolder, id: string, password: string, sessionId: string | null): Promise<void> {
      await checkPassword(user, password);
      const removed = await audit.change(
        user,
        async (trx) => {
          const gone = await repo.deletePasskey(trx, user.id, id);
          if (gone) {
            await dropCodesWhenNoFactor(trx, user.id);
            await endOtherSessions(user.id, sessionId, trx);
          }
          return gone;
        },
        (gone) =>
          gone ? { kind: 'account', action: 'changed', subject_id: user.id, summary: 'Passkey removed; other sessions ended' } : [],
      );
      if (!removed) throw notFound('No such passkey on this account');
    },

    /** A challenge for signing in with any of the site's passkeys (the browser offers the person's own). */
    async signInOptions(ip: string) {
      if (!passkeysAvailable) throw conflict(NO_PASSKEYS_HERE);
      await limiter.hit(
        { bucket: 'passkey-options', key: addressKey(ip), max: 60, windowMs: 10 * MINUTE },
        'Too many sign-in attempts. Please wait a few minutes and try again.',
      );
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: CHALLENGE_MS });
      await repo.putChallenge({
        challenge: options.challenge,
        user_id: null,
        purpose: 'sign-in',
        expires_at: new Date(clock().getTime() + CHALLENGE_MS).toISOString(),
      });
      return options as unknown as z.input<typeof webauthnOptions>;
    },

    /**
     * Checks a passkey's answer to a sign-in challenge (used once, within five minutes, signed by
     * a registered passkey with the person verified); answers the account it belongs to. Failures
     * count per address, as wrong passwords do.
     */
    async verifySignIn(credential: z.output<typeof authenticationCredential>, ip: string): Promise<string> {
      const bucket = 'passkey-sign-in';
      const key = addressKey(ip);
      if ((await limiter.recent(bucket, key, CODE_WINDOW_MS)) >= CODE_MAX_FAILURES * 2)
        throw tooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again.', 900);
      const fail = async () => {
        await limiter.hit({ bucket, key, max: CODE_MAX_FAILURES * 2, windowMs: CODE_WINDOW_MS }, 'Too many sign-in attempts.');
        return unauthorized(PASSKEY_FAILED);
      };
      const stored = await repo.passkey(credential.id);
      if (!stored) throw await fail();
      let challengeOk = false;
      const verification = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: async (challenge) => (challengeOk = await repo.takeChallenge(challenge, 'sign-in', null, clock().toISOString())),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: stored.id,
          publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
          counter: Number(stored.counter),
          transports: JSON.parse(stored.transports) as AuthenticatorTransport[],
        },
      }).catch(() => null);
      if (!verification?.verified || !challengeOk) throw await fail();
      // A cloned authenticator shows as a counter that went back: the library refuses it above; a
      // race between two answers of one passkey lets one through.
      if (!(await repo.usePasskey(stored.id, Number(stored.counter), verification.authenticationInfo.newCounter, clock().toISOString())))
        throw await fail();
      return stored.user_id;
    },

    pruneChallenges: () => repo.pruneChallenges(clock().toISOString()),
    exportFor: (userId: string) => repo.exportFor(userId),
  };
  return service;
}
export type SecondFactorService = ReturnType<typeof secondFactorService>;
