import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/api/accounts';
import type { SessionInfo } from '../../../shared/api/second-factor';
import type { SecretBox } from '../../auth/secret-box';
import { TOKEN_LIFETIME_SECONDS, type TokenClaims, type Tokens } from '../../auth/tokens';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../http/errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { mailIn, renderMailIn, type TextsIn } from '../../integrations/mail/template';
import { pageUrl } from '../../../shared/domain/page-paths';
import { fillText } from '../../../shared/domain/site-text-languages';
import { approximatePlace, deviceLabel } from './session-device';
import { sessionsRepo } from './sessions.repo';
import type { SignInContext } from '../../http/sign-in-context';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
export const NEW_DEVICE_MAIL = 'new-device-sign-in';

export type { SignInContext } from '../../http/sign-in-context';
/** How a session began; `join`: the new member's own sign-in once their payment made the account (decision 086). */
export type SessionMethod = 'password' | 'password+totp' | 'password+recovery' | 'passkey' | 'join';
export type SessionUser = { id: string; email: string; role: Role; token_version: number; first_name: string };

export type SessionsDeps = {
  db: Kysely<Database>;
  tokens: Tokens;
  box: SecretBox;
  mailer: Mailer;
  clock: () => Date;
  siteName: () => Promise<string>;
  publicUrl: string;
  /** The site's texts in a language: the staff member's mail is written in theirs (decision 191). */
  textsIn?: TextsIn;
};

const isStaff = (role: Role) => role === 'admin' || role === 'editor';

/**
 * Sessions people can see and end (decision 133): each access token is a row, written when the
 * token is issued and checked on every request; a sign-in from a device a staff account has not
 * used before is told to it by e-mail, in the transaction that records the session.
 */
export function sessionsService({ db, tokens, box, mailer, clock, siteName, publicUrl, textsIn }: SessionsDeps) {
  const repo = sessionsRepo(db);

  return {
    /** Opens a session and answers its token. */
    async start(user: SessionUser, context: SignInContext, method: SessionMethod): Promise<string> {
      const id = randomUUID();
      const now = clock();
      const at = now.toISOString();
      const device = deviceLabel(context.userAgent);
      const place = approximatePlace(context.ip);
      // The browser's own random id when it sent one, else its user agent: keyed, so the table holds neither.
      const deviceKey = box.hash(`${user.id}:${context.deviceId ? `id:${context.deviceId}` : `ua:${context.userAgent ?? ''}`}`);
      // Read before the transaction (on SQLite it holds the one connection), in the person's language.
      const mailWords = isStaff(user.role)
        ? await mailIn(await repo.languageOf(user.id), { siteName: await siteName(), publicUrl, textsIn })
        : undefined;
      await inTransaction(db, async (trx) => {
        await repo.insert(trx, {
          id,
          user_id: user.id,
          token_version: user.token_version,
          method,
          device,
          ip: context.ip,
          place,
          created_at: at,
          last_used_at: at,
          expires_at: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
          ended_at: null,
        });
        const isNew = await repo.rememberDevice(trx, user.id, deviceKey, at);
        if (isNew && mailWords) {
          const { ctx, words } = mailWords;
          const values = {
            site: ctx.siteName,
            device,
            time: `${at.replace('T', ' ').slice(0, 16)} UTC`,
            place: place ?? '',
          };
          const mail = renderMailIn(words, ctx, {
            name: user.first_name,
            paragraphs: [
              fillText(words.text('mail.new_device.body'), values),
              fillText(words.text(place ? 'mail.new_device.where_place' : 'mail.new_device.where'), values),
              words.text('mail.new_device.advice'),
            ],
            action: { label: words.text('mail.new_device.action'), url: pageUrl(publicUrl, 'profileSecurity', {}, words.language) },
          });
          await mailer.queue(
            { to: user.email, subject: mailWords.words.text('mail.new_device.subject'), kind: NEW_DEVICE_MAIL, ...mail },
            trx,
          );
        }
      });
      mailer.deliverSoon();
      return tokens.issue(user, id);
    },

    /** Whether the token's session still stands; notes its use (at most once a minute). */
    async check(claims: TokenClaims, ip: string): Promise<boolean> {
      const session = await repo.find(claims.jti);
      const now = clock();
      if (!session || session.user_id !== claims.sub || session.ended_at !== null || session.expires_at <= now.toISOString()) return false;
      if (session.token_version !== claims.ver) return false;
      await repo.touch(session.id, now.toISOString(), new Date(now.getTime() - MINUTE).toISOString(), ip);
      return true;
    },

    async list(userId: string, current: string): Promise<SessionInfo[]> {
      return (await repo.live(userId, clock().toISOString())).map((s) => ({
        _id: s.id,
        device: s.device,
        place: s.place,
        method: s.method,
        created_at: s.created_at,
        last_used_at: s.last_used_at,
        current: s.id === current,
      }));
    },

    async end(userId: string, sessionId: string): Promise<void> {
      if (!(await repo.end(db, userId, sessionId, clock().toISOString()))) throw notFound('No such session on this account');
    },

    /** Ends the account's other sessions, in the caller's transaction when given one. */
    endOthers(userId: string, keep: string | null, trx: Kysely<Database> = db): Promise<number> {
      return repo.endAllBut(trx, userId, keep, clock().toISOString());
    },

    /** A token for the same session under the account's new token version (after a password change). */
    async reissue(user: SessionUser, sessionId: string, expiresAt: Date, trx: Kysely<Database> = db): Promise<string> {
      await repo.setVersion(trx, sessionId, user.token_version);
      return tokens.issue(user, sessionId, expiresAt);
    },

    prune(): Promise<void> {
      const now = clock().getTime();
      return repo.prune(new Date(now - DAY).toISOString(), new Date(now - 365 * DAY).toISOString());
    },

    exportFor: (userId: string) => repo.exportFor(userId),
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
