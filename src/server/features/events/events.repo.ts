import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, EventsTable } from '../../db/schema';

export type EventRow = Selectable<EventsTable>;

export function eventsRepo(db: Kysely<Database>) {
  return {
    async insert(event: Insertable<EventsTable>): Promise<void> {
      await db.insertInto('events').values(event).execute();
    },
    /** All events, soonest first. */
    list(): Promise<EventRow[]> {
      return db.selectFrom('events').selectAll().orderBy('starts_at').orderBy('id').execute();
    },
    /** Events starting at or after `cutoff`, soonest first (ISO instants compare as text). */
    startingFrom(cutoff: string): Promise<EventRow[]> {
      return db.selectFrom('events').selectAll().where('starts_at', '>=', cutoff).orderBy('starts_at').orderBy('id').execute();
    },
    /** Events starting before `cutoff`, most recent first. */
    startingBefore(cutoff: string): Promise<EventRow[]> {
      return db
        .selectFrom('events')
        .selectAll()
        .where('starts_at', '<', cutoff)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    /** How many events there are and the latest change, read through indexes: the sitemap's version. */
    async version(): Promise<string> {
      const row = await db
        .selectFrom('events')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('latest')])
        .executeTakeFirstOrThrow();
      return `${Number(row.n)} ${row.latest ?? ''}`;
    },
    /** Every event's address and last change, for the sitemap. */
    pages(): Promise<Pick<EventRow, 'id' | 'updated_at' | 'title_hy'>[]> {
      return db.selectFrom('events').select(['id', 'updated_at', 'title_hy']).orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
    },
    find(id: string): Promise<EventRow | undefined> {
      return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Changes the details; false when a capacity below the places now taken would result (checked in the update itself). */
    async updateDetails(id: string, changes: Updateable<EventsTable> & { capacity: number | null }): Promise<boolean> {
      let query = db.updateTable('events').set(changes).where('id', '=', id);
      if (changes.capacity !== null) query = query.where('places_taken', '<=', changes.capacity);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Bookings that hold a place or wait for one. */
    async liveBookings(id: string): Promise<number> {
      const row = await db
        .selectFrom('event_bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', id)
        .where('active_key', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('events').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
