import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emailKey } from '../../shared/domain/email';
import type { Database } from '../db/schema';

/** The site text holding the consent wording; its hash is the version stored with each choice. */
export const NEWS_CONSENT_KEY = 'privacy.news_consent';

/** The version of a consent wording: its hash, so the record says exactly which words were agreed to. */
export function wordingVersion(wording: string): string {
  return createHash('sha256').update(wording.trim()).digest('hex').slice(0, 16);
}

export type ConsentChoice = {
  userId: string | null;
  email: string;
  newsEmail: boolean;
  source: 'register' | 'donate' | 'book' | 'profile' | 'admin' | 'preferences' | 'one-click';
  version: string;
  at: string;
  /** Null or left out: news by e-mail as a whole; else one list ("list:<id>") or kind of mail. */
  topic?: string | null;
};

/** Keeps one choice about news by e-mail (UK GDPR: consent must be demonstrable); the latest is the current one. */
export async function recordConsent(trx: Kysely<Database>, choice: ConsentChoice): Promise<void> {
  await trx
    .insertInto('consents')
    .values({
      id: randomUUID(),
      user_id: choice.userId,
      email_key: emailKey(choice.email),
      news_email: choice.newsEmail ? 1 : 0,
      source: choice.source,
      wording_version: choice.version,
      at: choice.at,
      topic: choice.topic ?? null,
    })
    .execute();
}
