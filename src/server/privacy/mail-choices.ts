import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emailKey } from '../../shared/domain/email';
import type { Database } from '../db/schema';
import { recordConsent } from './consents';
import { pageUrl } from '../../shared/domain/page-paths';
import type { Language } from '../../shared/domain/language';
import { escapeHtml, wordsFor, type MailContext } from '../integrations/mail/template';

/**
 * What each person chose to receive, and the links in mail that change it (decision 122). Shared
 * by every feature that sends mail someone may refuse: newsletters (one topic per list) and the
 * reminders and messages of memberships and events (one topic per kind of mail).
 */

export const listTopic = (listId: string) => `list:${listId}`;
export const MEMBERSHIP_REMINDERS = 'membership-reminders';
export const BOOKING_REMINDERS = 'booking-reminders';
export const EVENT_MESSAGES = 'event-messages';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const tokenHash = sha256;

export type ChoiceSource = 'preferences' | 'one-click' | 'profile' | 'admin';

/**
 * Records one choice: the current state and, in the same transaction, a row of consent history
 * (time, source, the wording's version: decision 040's record, per list or kind of mail).
 */
export async function recordChoice(
  trx: Kysely<Database>,
  choice: { email: string; userId: string | null; topic: string; subscribed: boolean; source: ChoiceSource; version: string; at: string },
): Promise<void> {
  const key = emailKey(choice.email);
  const row = {
    email_key: key,
    topic: choice.topic,
    subscribed: choice.subscribed ? 1 : 0,
    user_id: choice.userId,
    source: choice.source,
    at: choice.at,
  };
  await trx
    .insertInto('email_subscriptions')
    .values(row)
    .onConflict((oc) => oc.columns(['email_key', 'topic']).doUpdateSet({ subscribed: row.subscribed, source: row.source, at: row.at }))
    .execute();
  await recordConsent(trx, {
    userId: choice.userId,
    email: choice.email,
    newsEmail: choice.subscribed,
    source: choice.source,
    version: choice.version,
    at: choice.at,
    topic: choice.topic,
  });
}

/** Whether the address left this kind of mail (reminders and event messages are sent unless it did). */
export async function hasOptedOut(db: Kysely<Database>, email: string, topic: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_subscriptions')
    .select('subscribed')
    .where('email_key', '=', emailKey(email))
    .where('topic', '=', topic)
    .executeTakeFirst();
  return row?.subscribed === 0;
}

/** Whether bulk mail to the address is stopped (bounces, decision 123). */
export async function isSuppressed(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('mail_suppressions').select('suppressed_at').where('email_key', '=', emailKey(email)).executeTakeFirst();
  return Boolean(row?.suppressed_at);
}

/** A fresh random token for one message's links, stored hashed. */
export async function issueToken(trx: Kysely<Database>, email: string, topic: string, at: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await trx
    .insertInto('unsubscribe_tokens')
    .values({ token_hash: sha256(token), email_key: emailKey(email), topic, created_at: at, used_at: null })
    .execute();
  return token;
}

/**
 * A newsletter's token for one recipient, made again from the server's secret when the message is
 * composed, so the 5,000 copies need not be stored (only their hashes are).
 */
export function derivedToken(secret: string, newsletterId: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe:${newsletterId}:${emailKey(email)}`)
    .digest('base64url');
}

export type MailLinks = {
  /** The preference page (the footer's link). */
  preferences: string;
  /** RFC 2369 and RFC 8058 headers. */
  headers: Record<string, string>;
};

/**
 * The links of a message someone may refuse: the preference page for the footer, and the
 * List-Unsubscribe header with an https link (its one-click POST) and a mailto to the association.
 */
export function mailLinks(publicUrl: string, token: string, mailto: string | null, language: Language = 'en'): MailLinks {
  const https = `${publicUrl}/api/unsubscribe/${token}`;
  const entries = [`<${https}>`];
  if (mailto) entries.push(`<mailto:${mailto}?subject=${encodeURIComponent(`Unsubscribe ${token}`)}>`);
  return {
    preferences: pageUrl(publicUrl, 'preferences', { token }, language),
    headers: {
      'List-Unsubscribe': entries.join(', '),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Makes a message one its reader may refuse (decision 122): a token for this kind of mail, the
 * List-Unsubscribe headers (one click, RFC 8058) and a footer line leading to the preference page.
 * In the caller's transaction, with the message it is queued in. The line and the page are in the
 * message's language (decision 191).
 */
export async function refusable<M extends { to: string; text: string; html: string; headers?: Record<string, string> }>(
  trx: Kysely<Database>,
  message: M,
  topic: string,
  ctx: MailContext,
  at: string,
  language: Language = 'en',
): Promise<M> {
  const token = await issueToken(trx, message.to, topic, at);
  const links = mailLinks(ctx.publicUrl, token, ctx.contactEmail || null, language);
  const { text } = wordsFor(ctx, language);
  const line = text('mail.refuse.line');
  const escaped = links.preferences.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return {
    ...message,
    text: `${message.text}\n\n--\n${line}: ${links.preferences}`,
    html: message.html.replace(
      '</body>',
      `<p style="font-size: 12px; color: #475467">${escapeHtml(line)}: <a href="${escaped}" style="color: #0b4f6c">${escapeHtml(text('mail.refuse.link'))}</a>.</p>\n</body>`,
    ),
    headers: { ...message.headers, ...links.headers },
  };
}
