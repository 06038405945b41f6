import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The pace of bulk mail, shared by every server on the database (decision 121): one row holds the
 * next free slot; a run takes it with a conditional update (the slot moves one interval on), so
 * two servers together send no faster than one. Slots are not saved up: after a quiet hour the
 * next message goes at once and the one after an interval later, never a burst.
 */
export function mailPacer(db: Kysely<Database>, perMinute: number) {
  const intervalMs = Math.max(1, Math.floor(60_000 / perMinute));
  return {
    intervalMs,
    /** Takes the slot if it is due: true, or the milliseconds until it is. */
    async take(now: Date): Promise<true | number> {
      const row = await db.selectFrom('mail_pacer').select('next_slot_at').where('id', '=', 1).executeTakeFirst();
      const due = row ? Date.parse(row.next_slot_at) : 0;
      if (due > now.getTime()) return due - now.getTime();
      const next = new Date(now.getTime() + intervalMs).toISOString();
      const taken = await db
        .updateTable('mail_pacer')
        .set({ next_slot_at: next })
        .where('id', '=', 1)
        .where('next_slot_at', '=', row?.next_slot_at ?? '')
        .executeTakeFirst();
      // Another run took it between the read and the update: try again after an interval.
      return Number(taken.numUpdatedRows) === 1 ? true : intervalMs;
    },
  };
}
export type MailPacer = ReturnType<typeof mailPacer>;
