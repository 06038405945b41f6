import { randomBytes, randomUUID } from 'node:crypto';
import type { Role, TokenResponse } from '../../../shared/api/accounts';
import { INVALID_CREDENTIALS } from '../../../shared/api/accounts';
import type { PasswordHasher } from '../../auth/password';
import type { Tokens } from '../../auth/tokens';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { emailKey, type AccountsRepo, type NewUser } from './accounts.repo';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 5;

export type AccountsDeps = {
  repo: AccountsRepo;
  passwords: PasswordHasher;
  tokens: Tokens;
  clock: () => Date;
  /** True for exactly one caller ever: the start that creates the first admin. */
  bootstrapOnce: () => Promise<boolean>;
};

/**
 * The address a sign-in is counted against: an IPv4 address as it is, an IPv6 address by its /64
 * network, since one client usually holds a whole /64 and could otherwise rotate through it.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

export function accountsService({ repo, passwords, tokens, clock, bootstrapOnce }: AccountsDeps) {
  // Verified against when the account does not exist, so both answers take about as long.
  const dummyHash = passwords.hash(randomBytes(16).toString('hex'));

  return {
    async signIn(email: string, password: string, ip: string): Promise<TokenResponse> {
      const key = emailKey(email);
      const address = addressKey(ip);
      const now = clock();
      const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();

      // The attempt counts from the start; it is removed again if it turns out to be refused or right.
      const attempt = await repo.recordAttempt(key, address, now.toISOString(), dayAgo);
      const stats = await repo.attemptStats(key, address, since);
      const tripped = [stats.account, stats.ip].filter((s) => s.count > SIGN_IN_MAX_FAILURES);
      if (tripped.length) {
        await repo.deleteAttempt(attempt);
        // The window rolls: the lock lifts when the oldest counted failure is 15 minutes old.
        const oldest = Math.min(...tripped.map((s) => Date.parse(s.oldest ?? now.toISOString())));
        const retryAfter = Math.max(1, Math.ceil((oldest + SIGN_IN_WINDOW_MS - now.getTime()) / 1000));
        throw tooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again.', retryAfter);
      }

      const user = await repo.findByEmail(key);
      const matches = await passwords.verify(password, user?.password_hash ?? (await dummyHash));
      if (!user || !matches) throw unauthorized(INVALID_CREDENTIALS);

      await repo.clearAccountFailures(key);
      if (passwords.needsRehash(user.password_hash)) await repo.setPasswordHash(user.id, await passwords.hash(password));
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
