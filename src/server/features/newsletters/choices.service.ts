import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { LINK_NOT_VALID, serviceTopics, type choicesRequest, type EmailChoices } from '../../../shared/api/newsletters';
import { emailKey } from '../../../shared/domain/email';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../http/errors';
import { recordConsent, wordingVersion } from '../../privacy/consents';
import {
  BOOKING_REMINDERS,
  EVENT_MESSAGES,
  listTopic,
  MEMBERSHIP_REMINDERS,
  recordChoice,
  tokenHash,
  type ChoiceSource,
} from '../../privacy/mail-choices';

const SERVICE_NAMES: Record<(typeof serviceTopics)[number], { name: string; description: string }> = {
  [MEMBERSHIP_REMINDERS]: { name: 'Renewal reminders', description: 'Before your membership ends, and when it has lapsed' },
  [BOOKING_REMINDERS]: { name: 'Event reminders', description: 'The day before an event you booked' },
  [EVENT_MESSAGES]: { name: 'Messages about events you booked', description: 'News from the organisers of an event you booked' },
};

/** "a•••@example.org": enough to recognise one's own address, not to read someone else's. */
function masked(email: string): string {
  const [local, domain] = email.split('@');
  return `${(local ?? '').slice(0, 1)}•••@${domain ?? ''}`;
}

/**
 * What a person receives and the changes they make: on the preference page (by the link's
 * token, no sign-in), by one click (RFC 8058), and in My Profile (decision 122). Each change is
 * recorded with its time and source in the consent history.
 */
export function choicesService(db: Kysely<Database>, clock: () => Date, wording: () => Promise<string>) {
  async function choicesOf(email: string, shown: string): Promise<EmailChoices> {
    const key = emailKey(email);
    const lists = await db.selectFrom('mailing_lists').selectAll().orderBy('created_at').execute();
    const mine = new Map(
      (await db.selectFrom('email_subscriptions').select(['topic', 'subscribed']).where('email_key', '=', key).execute()).map((r) => [
        r.topic,
        r.subscribed === 1,
      ]),
    );
    const general = await db
      .selectFrom('consents')
      .select(['news_email'])
      .where('email_key', '=', key)
      .where('topic', 'is', null)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const agreed = general?.news_email === 1;
    return {
      email: shown,
      choices: [
        ...lists.map((list) => ({
          topic: listTopic(list.id),
          name: list.name,
          description: list.description,
          kind: 'list' as const,
          subscribed: mine.get(listTopic(list.id)) ?? (list.auto_subscribe === 1 && agreed),
        })),
        ...serviceTopics.map((topic) => ({
          topic,
          ...SERVICE_NAMES[topic],
          kind: 'service' as const,
          subscribed: mine.get(topic) ?? true,
        })),
      ],
    };
  }

  async function apply(
    email: string,
    userId: string | null,
    request: z.output<typeof choicesRequest>,
    source: ChoiceSource,
  ): Promise<void> {
    const current = await choicesOf(email, email);
    const known = new Set(current.choices.map((c) => c.topic));
    const version = wordingVersion(await wording());
    const at = clock().toISOString();
    await inTransaction(db, async (trx) => {
      if (request.unsubscribe_all) {
        for (const choice of current.choices)
          if (choice.kind === 'list')
            await recordChoice(trx, { email, userId, topic: choice.topic, subscribed: false, source, version, at });
        await recordConsent(trx, { userId, email, newsEmail: false, source, version, at });
        return;
      }
      for (const [topic, subscribed] of Object.entries(request.choices)) {
        if (!known.has(topic)) continue;
        const before = current.choices.find((c) => c.topic === topic)!;
        if (before.subscribed === subscribed) continue;
        await recordChoice(trx, { email, userId, topic, subscribed, source, version, at });
      }
    });
  }

  async function byToken(token: string) {
    const row = await db.selectFrom('unsubscribe_tokens').selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
    if (!row) return undefined;
    const user = await db.selectFrom('users').select(['id', 'email']).where('email_key', '=', row.email_key).executeTakeFirst();
    return { ...row, email: user?.email ?? row.email_key, userId: user?.id ?? null };
  }

  return {
    async preferences(token: string): Promise<EmailChoices> {
      const found = await byToken(token);
      if (!found) throw notFound(LINK_NOT_VALID);
      return choicesOf(found.email, masked(found.email));
    },

    async savePreferences(token: string, request: z.output<typeof choicesRequest>): Promise<EmailChoices> {
      const found = await byToken(token);
      if (!found) throw notFound(LINK_NOT_VALID);
      await apply(found.email, found.userId, request, 'preferences');
      return choicesOf(found.email, masked(found.email));
    },

    /**
     * RFC 8058: leaves the list or kind of mail the message came from. The token works once; an
     * unknown or used one answers the same and changes nothing, so the answer tells no one
     * whether an address is known.
     */
    async oneClick(token: string): Promise<void> {
      const found = await byToken(token);
      if (!found || found.used_at) return;
      const version = wordingVersion(await wording());
      const at = clock().toISOString();
      await inTransaction(db, async (trx) => {
        const used = await trx
          .updateTable('unsubscribe_tokens')
          .set({ used_at: at })
          .where('token_hash', '=', found.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return;
        await recordChoice(trx, {
          email: found.email,
          userId: found.userId,
          topic: found.topic,
          subscribed: false,
          source: 'one-click',
          version,
          at,
        });
      });
    },

    async mine(user: { id: string; email: string }): Promise<EmailChoices> {
      return choicesOf(user.email, user.email);
    },

    async saveMine(user: { id: string; email: string }, request: z.output<typeof choicesRequest>): Promise<EmailChoices> {
      await apply(user.email, user.id, request, 'profile');
      return choicesOf(user.email, user.email);
    },
  };
}
export type ChoicesService = ReturnType<typeof choicesService>;
