import { randomBytes, randomUUID } from 'node:crypto';
import type { Role, TokenResponse } from '../../../shared/api/accounts';
import { INVALID_CREDENTIALS } from '../../../shared/api/accounts';
import type { PasswordHasher } from '../../auth/password';
import type { TokenClaims, Tokens } from '../../auth/tokens';
import { BUSY } from '../../auth/hash-pool';
import { serviceUnavailable, tooManyRequests, unauthorized } from '../../http/errors';
import { addressKey } from '../../http/client-address';
import { emailKey, type AccountsRepo, type NewUser } from './accounts.repo';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 5;
/** How long an attempt waits for the ones before it to finish before the site says it is busy. */
const SIGN_IN_WAIT_MS = 15_000;
/** An attempt still in progress after this was left by a server that stopped. */
const STALE_ATTEMPT_MS = 2 * 60 * 1000;

export type AccountsDeps = {
  repo: AccountsRepo;
  passwords: PasswordHasher;
  tokens: Tokens;
  clock: () => Date;
  /** True for exactly one caller ever: the start that creates the first admin. */
  bootstrapOnce: () => Promise<boolean>;
};

export function accountsService({ repo, passwords, tokens, clock, bootstrapOnce }: AccountsDeps) {
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

  return {
    async signIn(email: string, password: string, ip: string): Promise<TokenResponse> {
      const key = emailKey(email);
      const address = addressKey(ip);
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
        await repo.deleteAttempt(attempt);
        await repo.clearAccountFailures(key);
        await repo.recordSignIn(user.id, now.toISOString());
        if (passwords.needsRehash(user.password_hash)) await repo.setPasswordHash(user.id, await passwords.hash(password));
        const access_token = await tokens.issue(user);
        return { access_token, token_type: 'bearer', username: user.email, role: user.role };
      } catch (error) {
        // Refused for being too many, or the site too busy to check: not a failure of the password.
        if (!failed) await repo.deleteAttempt(attempt);
        throw error;
      }
    },

    /**
     * Signing out ends the token on the server: this one only (other devices stay signed in), or,
     * with `everywhere`, every session of the account (decision record 017).
     */
    async signOut(userId: string, claims: TokenClaims, everywhere: boolean): Promise<void> {
      if (everywhere || !claims.jti) await repo.endAllSessions(userId);
      else await repo.revokeToken(claims.jti, new Date(claims.exp * 1000).toISOString());
    },

    /** Forgets ended tokens once they would have expired anyway. */
    pruneRevoked(): Promise<void> {
      return repo.pruneRevoked(clock().toISOString());
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
