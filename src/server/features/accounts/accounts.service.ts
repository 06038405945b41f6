import { randomBytes, randomUUID } from 'node:crypto';
import type { Role, TokenResponse } from '../../../shared/api/accounts';
import { INVALID_CREDENTIALS } from '../../../shared/api/accounts';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password';
import type { Tokens } from '../../auth/tokens';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { emailKey, type AccountsRepo, type NewUser } from './accounts.repo';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 5;

export type AccountsDeps = { repo: AccountsRepo; tokens: Tokens; clock: () => Date };

export function accountsService({ repo, tokens, clock }: AccountsDeps) {
  // Verified against when the account does not exist, so both answers take about as long.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  return {
    async signIn(email: string, password: string, ip: string): Promise<TokenResponse> {
      const key = emailKey(email);
      const now = clock();
      const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();
      const failures = await repo.failureCounts(key, ip, since);
      if (failures.account >= SIGN_IN_MAX_FAILURES || failures.ip >= SIGN_IN_MAX_FAILURES) {
        throw tooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again.', SIGN_IN_WINDOW_MS / 1000);
      }

      const user = await repo.findByEmail(key);
      const matches = await verifyPassword(password, user?.password_hash ?? (await dummyHash));
      if (!user || !matches) {
        const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
        await repo.recordFailure(key, ip, now.toISOString(), dayAgo);
        throw unauthorized(INVALID_CREDENTIALS);
      }

      await repo.clearAccountFailures(key);
      if (needsRehash(user.password_hash)) await repo.setPasswordHash(user.id, await hashPassword(password));
      const access_token = await tokens.issue(user);
      return { access_token, token_type: 'bearer', username: user.email, role: user.role };
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
        password_hash: await hashPassword(password),
        role: role ?? 'member',
        created_at: clock().toISOString(),
      });
      return id;
    },

    /**
     * Makes sure the site has an admin. On first start the account ADMIN_EMAIL is created (or an
     * existing account with that address promoted); returns the password when it was generated here.
     */
    async ensureAdmin(email: string, password: string | undefined): Promise<{ created: boolean; generatedPassword?: string }> {
      if ((await repo.adminCount()) > 0) return { created: false };
      const existing = await repo.findByEmail(email);
      if (existing) {
        await repo.setRole(existing.id, 'admin');
        return { created: true };
      }
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
