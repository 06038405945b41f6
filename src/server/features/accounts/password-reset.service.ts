import { fillText } from '../../../shared/domain/site-text-languages';
import { siteTextDefaults, type SiteTextKey } from '../../../shared/domain/site-text';
import type { Language } from '../../../shared/domain/language';
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
  /** The site's texts in a language (decision 150); the shipped English when not given. */
  textsIn?: (language: Language) => Promise<(key: SiteTextKey) => string>;
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
  textsIn = async () => (key) => siteTextDefaults[key],
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
    // In the member's language, with its links to the pages in it (decision 150).
    const language = user.language;
    const text = await textsIn(language);
    const site = { site: name };
    const common = {
      siteName: name,
      language,
      greeting: fillText(text('mail.dear'), { name: user.first_name }),
      closing: `${text('mail.closing')}\n${name}`,
    };
    const body = renderMail({
      ...common,
      paragraphs: [fillText(text('mail.reset.body'), site), text('mail.reset.ignore')],
      action: { label: text('mail.reset.action'), url: pageUrl(publicUrl, 'pwReset', { uid }, language) },
    });
    // Mail held up (the mail server away for an hour) would carry a dead link: the member is told to ask again.
    const expired = renderMail({
      ...common,
      paragraphs: [fillText(text('mail.reset_expired.body'), site), text('mail.reset_expired.ask')],
      action: { label: text('mail.reset_expired.action'), url: pageUrl(publicUrl, 'pwForgot', {}, language) },
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
          subject: text('mail.reset.subject'),
          kind: PASSWORD_RESET_MAIL,
          ...body,
          expiresAt: new Date(expiresAt - LINK_MARGIN_MS).toISOString(),
          onExpiry: { subject: text('mail.reset_expired.subject'), ...expired },
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
