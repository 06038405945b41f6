import type { Kysely } from 'kysely';
import { emailKey } from '../../../shared/domain/email';
import type { Database } from '../../db/schema';

/** How many temporary refusals in a row stop bulk mail to an address (decision 123). */
export const TEMPORARY_FAILURES_TO_SUPPRESS = 3;

export type Refusal = 'permanent' | 'temporary' | 'not-the-recipient';

/**
 * What an SMTP error says about the recipient's address. Only the receiving side's answer to
 * this recipient or this message counts (RCPT TO or DATA): a connection that failed, or our own
 * relay refusing our sign-in or sender, says nothing about the address.
 */
export function classifyRefusal(error: unknown): Refusal {
  const { responseCode, command, code } = (error ?? {}) as { responseCode?: number; command?: string; code?: string };
  const aboutRecipient = code === 'EENVELOPE' || command === 'RCPT TO' || command === 'DATA' || /^RCPT/i.test(command ?? '');
  if (!responseCode || !aboutRecipient) return 'not-the-recipient';
  if (responseCode >= 500 && responseCode < 600) return 'permanent';
  if (responseCode >= 400 && responseCode < 500) return 'temporary';
  return 'not-the-recipient';
}

/**
 * Keeps each address's delivery health: a permanent refusal suppresses it at once, the third
 * temporary one in a row too; a delivered message clears the count (but not a suppression,
 * which only the admin lifts).
 */
export function bounceRecorder(db: Kysely<Database>) {
  return {
    async delivered(email: string, at: string): Promise<void> {
      await db
        .updateTable('mail_suppressions')
        .set({ temporary_failures: 0, updated_at: at })
        .where('email_key', '=', emailKey(email))
        .where('suppressed_at', 'is', null)
        .execute();
    },
    /** Returns true when the address is suppressed from now on. */
    async refused(email: string, refusal: Exclude<Refusal, 'not-the-recipient'>, error: string, at: string): Promise<boolean> {
      const key = emailKey(email);
      const lastError = error.slice(0, 500);
      await db
        .insertInto('mail_suppressions')
        .values({
          email_key: key,
          email,
          temporary_failures: 0,
          last_error: null,
          suppressed_at: null,
          reason: null,
          lifted_at: null,
          lifted_by: null,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('email_key').doNothing())
        .execute();
      if (refusal === 'permanent') {
        const done = await db
          .updateTable('mail_suppressions')
          .set({ suppressed_at: at, reason: 'Refused for good (5xx)', last_error: lastError, updated_at: at })
          .where('email_key', '=', key)
          .where('suppressed_at', 'is', null)
          .executeTakeFirst();
        return Number(done.numUpdatedRows) === 1;
      }
      const row = await db
        .updateTable('mail_suppressions')
        .set((eb) => ({ temporary_failures: eb('temporary_failures', '+', 1), last_error: lastError, updated_at: at }))
        .where('email_key', '=', key)
        .returning(['temporary_failures', 'suppressed_at'])
        .executeTakeFirst();
      if (!row || row.suppressed_at || row.temporary_failures < TEMPORARY_FAILURES_TO_SUPPRESS) return false;
      const done = await db
        .updateTable('mail_suppressions')
        .set({ suppressed_at: at, reason: `Refused ${TEMPORARY_FAILURES_TO_SUPPRESS} times in a row (4xx)`, updated_at: at })
        .where('email_key', '=', key)
        .where('suppressed_at', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
  };
}
