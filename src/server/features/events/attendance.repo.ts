import type { Kysely } from 'kysely';
import type { Language } from '../../../shared/domain/language';
import type { Database } from '../../db/schema';

/**
 * Attendance and certificate numbers of bookings. Each change is a conditional update, so that two
 * admins marking the same person at once change the row once: on PostgreSQL the second waits for
 * the first's row lock and then finds the condition no longer holds.
 */
export function attendanceRepo(db: Kysely<Database>) {
  const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;
  return {
    /** The language of the attendee's account (the one that booked), or undefined for a booking made without one. */
    async attendeeLanguage(booking: { user_id: string | null }): Promise<Language | undefined> {
      if (booking.user_id === null) return undefined;
      const user = await db.selectFrom('users').select('language').where('id', '=', booking.user_id).executeTakeFirst();
      return user?.language;
    },
    /** Gives a confirmed booking its certificate number, if it has none yet; true when this call gave it. */
    async issueNumber(id: string, number: string): Promise<boolean> {
      return changed(
        await db
          .updateTable('event_bookings')
          .set({ certificate_number: number })
          .where('id', '=', id)
          .where('status', '=', 'confirmed')
          .where('certificate_number', 'is', null)
          .executeTakeFirst(),
      );
    },
    /** True when this call marked it (a confirmed booking not marked already). */
    async markAttended(id: string, at: string): Promise<boolean> {
      return changed(
        await db
          .updateTable('event_bookings')
          .set({ attended_at: at })
          .where('id', '=', id)
          .where('status', '=', 'confirmed')
          .where('attended_at', 'is', null)
          .executeTakeFirst(),
      );
    },
    /** True when this call took the mark back; the certificate number stays. */
    async clearAttended(id: string): Promise<boolean> {
      return changed(
        await db
          .updateTable('event_bookings')
          .set({ attended_at: null })
          .where('id', '=', id)
          .where('attended_at', 'is not', null)
          .executeTakeFirst(),
      );
    },
    /** A certificate with its booking and event. */
    byNumber(number: string) {
      return db
        .selectFrom('event_bookings as b')
        .innerJoin('events as e', 'e.id', 'b.event_id')
        .select([
          'b.id',
          'b.name',
          'b.email',
          'b.status',
          'b.attended_at',
          'b.certificate_number',
          'e.id as event_id',
          'e.title',
          'e.starts_at',
          'e.cpd_minutes',
        ])
        .where('b.certificate_number', '=', number)
        .executeTakeFirst();
    },
  };
}
