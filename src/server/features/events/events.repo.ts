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
    find(id: string): Promise<EventRow | undefined> {
      return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async update(id: string, changes: Updateable<EventsTable>): Promise<boolean> {
      const result = await db.updateTable('events').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('events').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
