import { createHash, randomBytes } from 'node:crypto';
import { emailKey } from '../../../shared/domain/email';
import type { PasswordHasher } from '../../auth/password';
import { addressKey } from '../../http/client-address';
import { badRequest } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { PASSWORD_RESET_MAIL, type Mailer } from '../../integrations/mail/mailer';
import { renderMail } from '../../integrations/mail/template';
import type { Kysely } from 'kysely';
import type { BackgroundTasks } from '../../background';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { AccountsRepo } from './accounts.repo';
import { passwordResetRepo } from './password-reset.repo';
import { pageUrl } from '../../../shared/domain/page-paths';

const HOUR = 60 * 60 * 1000;
/** A reset mail that cannot arrive with this much of its hour left is not sent (decision 097). */
const LINK_MARGIN_MS = 10 * 60 * 1000;
export const RESET_LINK_EXPIRED = 'Sorry, that password reset link has expired.';

/** Links carry a random id of 192 bits; only its hash is stored, so a database leak opens no account. */
function hashOf(uid: string): string {
  return createHash('sha256').update(uid).digest('hex');
}

export type PasswordResetDeps = {
  db: Kysely<Database>;
  accounts: AccountsRepo;
  passwords: PasswordHasher;
  mailer: Mailer;
  background: BackgroundTasks;
  limiter: RateLimiter;
  clock: () => Date;
  publicUrl: string;
  siteName: () => Promise<string>;
};

export function passwordResetService({
  db,
  accounts,
  passwords,
  mailer,
  background,
  limiter,
  clock,
  publicUrl,
  siteName,
}: PasswordResetDeps) {
  const resets = passwordResetRepo(db);
  async function usable(uid: string) {
    const reset = await resets.find(hashOf(uid));
    const valid =
      reset !== undefined &&
      reset.used_at === null &&
      reset.expires_at > clock().toISOString() &&
      reset.token_version === reset.current_token_version;
    return valid ? reset : undefined;
  }

  /** Records the link and queues its mail in one transaction, then delivers in the background. */
  async function sendLink(email: string): Promise<void> {
    const user = await accounts.findByEmail(email);
    if (!user) return;
    const uid = randomBytes(24).toString('base64url');
    const now = clock();
    const name = await siteName();
    const body = renderMail({
      siteName: name,
      greeting: `Dear ${user.first_name},`,
      paragraphs: [
        `Someone asked to reset the password of your account with the ${name}. If it was you, choose a new password with the link below. It works once, for one hour.`,
        'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url: pageUrl(publicUrl, 'pwReset', { uid }) },
    });
    // Mail held up (the mail server away for an hour) would carry a dead link: the member is told to ask again.
    const expired = renderMail({
      siteName: name,
      greeting: `Dear ${user.first_name},`,
      paragraphs: [
        `Someone asked to reset the password of your account with the ${name}, but our e-mail could not reach you before the link expired.`,
        'If it was you and you still need a new password, please ask for a new link. Otherwise you can ignore this e-mail: your password stays as it is.',
      ],
      action: { label: 'Ask for a new link', url: `${publicUrl}/signIn/pwForgot` },
    });
    const expiresAt = now.getTime() + HOUR;
    await inTransaction(db, async (trx) => {
      await passwordResetRepo(trx).replace({
        token_hash: hashOf(uid),
        user_id: user.id,
        token_version: user.token_version,
        created_at: now.toISOString(),
        expires_at: new Date(expiresAt).toISOString(),
        used_at: null,
      });
      await mailer.queue(
        {
          to: user.email,
          subject: 'Reset your password',
          kind: PASSWORD_RESET_MAIL,
          ...body,
          expiresAt: new Date(expiresAt - LINK_MARGIN_MS).toISOString(),
          onExpiry: { subject: 'Your password reset link expired', ...expired },
        },
        trx,
      );
    });
    mailer.deliverSoon();
  }

  return {
    /**
     * Sends a reset link when the address has an account. The answer is the same either way, and
     * comes as soon as the limits are checked: the lookup, the link and its mail happen after it,
     * so neither the answer nor its timing tells anyone who is a member.
     */
    async requestReset(email: string, ip: string): Promise<void> {
      const tooMany = 'Too many password reset requests. Please try again later.';
      await limiter.hit({ bucket: 'pw-forgot-ip', key: addressKey(ip), max: 20, windowMs: HOUR }, tooMany);
      await limiter.hit({ bucket: 'pw-forgot-email', key: emailKey(email), max: 5, windowMs: HOUR }, tooMany);
      background.run('password reset mail', () => sendLink(email));
    },

    /** Opening a link only looks: mail scanners that follow links use nothing up. */
    async isValid(uid: string): Promise<boolean> {
      return (await usable(uid)) !== undefined;
    },

    /** Sets the new password, ends every session of the user and uses up the link, once however often it is sent. */
    async reset(uid: string, newPassword: string): Promise<void> {
      if (!(await usable(uid))) throw badRequest(RESET_LINK_EXPIRED);
      const hash = await passwords.hash(newPassword);
      if (!(await resets.resetWithLink(hashOf(uid), hash, clock().toISOString()))) throw badRequest(RESET_LINK_EXPIRED);
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
