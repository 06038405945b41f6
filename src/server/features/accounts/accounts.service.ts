import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role, TokenResponse } from '../../../shared/api/accounts';
import { INVALID_CREDENTIALS } from '../../../shared/api/accounts';
import { SECOND_FACTOR_NEEDED, WRONG_CODE, type StaffFactorPolicy, type StaffRule } from '../../../shared/api/second-factor';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import type { PasswordHasher } from '../../auth/password';
import type { TokenClaims } from '../../auth/tokens';
import { BUSY } from '../../auth/hash-pool';
import { getSetting, setSetting } from '../../db/settings.repo';
import type { Database } from '../../db/schema';
import { HttpError, serviceUnavailable, tooManyRequests, unauthorized } from '../../http/errors';
import { addressKey } from '../../http/client-address';
import { emailKey, type AccountsRepo, type NewUser, type UserRow } from './accounts.repo';
import type { SecondFactorService } from './second-factor.service';
import type { SessionMethod, SessionsService, SignInContext } from './sessions.service';
import { STAFF_GRACE_SETTING, isStaffRole, staffRule } from './staff-rule';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 5;
/** How long an attempt waits for the ones before it to finish before the site says it is busy. */
const SIGN_IN_WAIT_MS = 15_000;
/** An attempt still in progress after this was left by a server that stopped. */
const STALE_ATTEMPT_MS = 2 * 60 * 1000;

export type AccountsDeps = {
  db: Kysely<Database>;
  repo: AccountsRepo;
  passwords: PasswordHasher;
  factors: SecondFactorService;
  sessions: SessionsService;
  audit: AuditTrail;
  clock: () => Date;
  /** True for exactly one caller ever: the start that creates the first admin. */
  bootstrapOnce: () => Promise<boolean>;
};

export function accountsService({ db, repo, passwords, factors, sessions, audit, clock, bootstrapOnce }: AccountsDeps) {
  // Verified against when the account does not exist, so both answers take about as long. Made
  // at start; if making it failed (a password thread that died), made again when next needed.
  let dummyHash: Promise<string> | undefined;
  function dummy(): Promise<string> {
    if (!dummyHash) {
      const hash = passwords.hash(randomBytes(16).toString('hex'));
      dummyHash = hash;
      hash.catch(() => {
        if (dummyHash === hash) dummyHash = undefined;
      });
    }
    return dummyHash;
  }
  void dummy();

  /**
   * Waits until the attempt may check its password: fewer than 5 failures, counting the attempts
   * in progress before it, for both the account and the address. Five correct sign-ins at once
   * all go through; twenty guesses at once let five be checked and the rest find the lock.
   */
  async function waitForPlace(key: string, address: string, attempt: number, since: string): Promise<void> {
    const deadline = Date.now() + SIGN_IN_WAIT_MS;
    for (;;) {
      const now = clock();
      const staleBefore = new Date(now.getTime() - STALE_ATTEMPT_MS).toISOString();
      const stats = await repo.attemptStats(key, address, since, attempt, staleBefore);
      const tripped = [stats.account, stats.ip].filter((s) => s.failures >= SIGN_IN_MAX_FAILURES);
      if (tripped.length) {
        // The window rolls: the lock lifts when the oldest counted failure is 15 minutes old.
        const oldest = Math.min(...tripped.map((s) => Date.parse(s.oldest ?? now.toISOString())));
        const retryAfter = Math.max(1, Math.ceil((oldest + SIGN_IN_WINDOW_MS - now.getTime()) / 1000));
        throw tooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again.', retryAfter);
      }
      if ([stats.account, stats.ip].every((s) => s.failures + s.ahead < SIGN_IN_MAX_FAILURES)) return;
      if (Date.now() > deadline) throw serviceUnavailable(BUSY, 5);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function graceDays(): Promise<number> {
    const value = Number(await getSetting(db, STAFF_GRACE_SETTING));
    return Number.isInteger(value) && value > 0 ? value : 0;
  }

  async function ruleFor(user: { id: string; role: Role; staff_since: string | null; has_factor: boolean }): Promise<StaffRule> {
    if (!isStaffRole(user.role) || user.has_factor) return staffRule(user, user.has_factor, 0, clock());
    const now = clock();
    // The grace period counts from the first time the account is seen with its role and no factor.
    if (!user.staff_since) await repo.markStaffSince(user.id, now.toISOString());
    return staffRule({ role: user.role, staff_since: user.staff_since ?? now.toISOString() }, false, await graceDays(), now);
  }

  async function signedIn(user: UserRow, context: SignInContext, method: SessionMethod): Promise<TokenResponse> {
    const access_token = await sessions.start(user, context, method);
    const rule = await ruleFor({ ...user, has_factor: method !== 'password' || (await factors.hasFactor(user.id)) });
    const setup = rule.blocked ? 'required' : rule.grace_until ? 'grace' : undefined;
    return { access_token, token_type: 'bearer', username: user.email, role: user.role, ...(setup ? { second_factor_setup: setup } : {}) };
  }

  return {
    /**
     * Signs in with the password, and for an account with a second factor its code (`otp`): a
     * right password alone answers 401 naming the factors. A wrong code counts as a failed
     * attempt for the account and the address, as a wrong password does (decision 130).
     */
    async signIn(email: string, password: string, context: SignInContext, otp?: string): Promise<TokenResponse> {
      const key = emailKey(email);
      const address = addressKey(context.ip);
      const now = clock();
      const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();

      // A sign-in the password threads cannot take is refused before it writes anything.
      passwords.refuseWhenBusy();
      // The attempt holds a place from the start, so parallel guesses cannot all slip under the
      // limit; it counts as a failure only once its password proved wrong (decision record 016).
      const attempt = await repo.recordAttempt(key, address, now.toISOString(), dayAgo);
      let failed = false;
      try {
        await waitForPlace(key, address, attempt, since);
        const user = await repo.findByEmail(key);
        // An account without a password yet (imported, decision 111) takes as long to refuse as no account.
        const matches = await passwords.verify(password, user?.password_hash || (await dummy()));
        if (!user || !matches) {
          failed = true;
          await repo.markFailed(attempt);
          throw unauthorized(INVALID_CREDENTIALS);
        }
        let method: SessionMethod = 'password';
        const kinds = await factors.kinds(user.id);
        if (kinds.length) {
          if (!otp) {
            // The password was right: not a failure, but no way in without the factor.
            await repo.deleteAttempt(attempt);
            throw new HttpError(401, SECOND_FACTOR_NEEDED, undefined, { second_factor: kinds });
          }
          const used = await factors.useCode(user.id, otp);
          if (!used) {
            failed = true;
            await repo.markFailed(attempt);
            throw new HttpError(401, WRONG_CODE, undefined, { second_factor: kinds });
          }
          method = used === 'totp' ? 'password+totp' : 'password+recovery';
        }
        await repo.deleteAttempt(attempt);
        await repo.clearAccountFailures(key);
        await repo.recordSignIn(user.id, now.toISOString());
        if (passwords.needsRehash(user.password_hash)) await repo.setPasswordHash(user.id, await passwords.hash(password));
        return await signedIn(user, context, method);
      } catch (error) {
        // Refused for being too many, or the site too busy to check: not a failure of the password.
        if (!failed) await repo.deleteAttempt(attempt).catch(() => undefined);
        throw error;
      }
    },

    /** Signs in with a passkey alone; as a second step, `username` must name the passkey's account. */
    async signInWithPasskey(
      credential: Parameters<SecondFactorService['verifySignIn']>[0],
      context: SignInContext,
      username?: string,
    ): Promise<TokenResponse> {
      const userId = await factors.verifySignIn(credential, context.ip);
      const user = await repo.findById(userId);
      if (!user) throw unauthorized('That passkey could not be used to sign in');
      if (username && emailKey(username) !== user.email_key) throw unauthorized('This passkey belongs to another account');
      await repo.clearAccountFailures(user.email_key);
      return signedIn(user, context, 'passkey');
    },

    /** The principal of an authenticated request: its role, and whether staff calls are refused for want of a factor. */
    async principal(id: string) {
      const user = await repo.findAuthById(id);
      if (!user) return undefined;
      const rule = await ruleFor(user);
      return { id: user.id, email: user.email, role: user.role, token_version: user.token_version, staff_blocked: rule.blocked };
    },

    /** Where the account stands with the staff rule (for its security page). */
    async staffRuleFor(id: string): Promise<StaffRule> {
      const user = await repo.findAuthById(id);
      return user ? ruleFor(user) : { applies: false, blocked: false, grace_until: null };
    },

    async staffFactorPolicy(): Promise<StaffFactorPolicy> {
      return { grace_days: await graceDays() };
    },

    async setStaffFactorPolicy(policy: StaffFactorPolicy, actor: NonNullable<Actor>): Promise<StaffFactorPolicy> {
      const before = await graceDays();
      await audit.change(
        actor,
        (trx) => setSetting(trx, STAFF_GRACE_SETTING, String(policy.grace_days)),
        () =>
          before === policy.grace_days
            ? []
            : {
                kind: 'settings',
                action: 'updated',
                subject_id: STAFF_GRACE_SETTING,
                summary: `Days new staff may work before setting up a second factor: ${before} to ${policy.grace_days}`,
              },
      );
      return { grace_days: policy.grace_days };
    },

    /**
     * Signing out ends the token on the server: this one only (other devices stay signed in), or,
     * with `everywhere`, every session of the account (decision record 017).
     */
    async signOut(userId: string, claims: TokenClaims, everywhere: boolean): Promise<void> {
      if (everywhere) {
        await repo.endAllSessions(userId);
        await sessions.endOthers(userId, null);
      } else await sessions.end(userId, claims.jti);
    },

    /** Forgets sessions once they ended or expired (and devices unused for a year). */
    pruneSessions(): Promise<void> {
      return sessions.prune();
    },

    /** Creates an account; the caller has validated the fields. */
    async createUser(
      fields: Omit<NewUser, 'id' | 'email_key' | 'password_hash' | 'created_at' | 'role'> & { password: string; role?: Role },
    ): Promise<string> {
      const { password, role, ...rest } = fields;
      const id = randomUUID();
      await repo.insert({
        ...rest,
        id,
        email: fields.email.trim(),
        email_key: emailKey(fields.email),
        password_hash: await passwords.hash(password),
        role: role ?? 'member',
        created_at: clock().toISOString(),
      });
      return id;
    },

    /**
     * Creates the admin account ADMIN_EMAIL on the first start of a new site; returns the password
     * when it was generated here. Later starts change nothing, and an existing account is never
     * promoted: whoever registered that address first must not become admin by a restart.
     */
    async ensureAdmin(email: string, password: string | undefined): Promise<{ created: boolean; generatedPassword?: string }> {
      if (!(await bootstrapOnce()) || (await repo.adminCount()) > 0) return { created: false };
      if (await repo.findByEmail(email)) return { created: false };
      const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
      await this.createUser({
        email,
        password: password ?? generatedPassword!,
        role: 'admin',
        first_name: 'Site',
        last_name: 'Administrator',
      });
      return { created: true, generatedPassword };
    },
  };
}
export type AccountsService = ReturnType<typeof accountsService>;
