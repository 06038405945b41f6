import type { Insertable, Kysely } from 'kysely';
import type { Database, EventsTable } from '../../db/schema';

export function eventsRepo(db: Kysely<Database>) {
  return {
    async insert(event: Insertable<EventsTable>): Promise<void> {
      await db.insertInto('events').values(event).execute();
    },
    list() {
      return db.selectFrom('events').selectAll().orderBy('starts_at').execute();
    },
  };
}
export type EventsRepo = ReturnType<typeof eventsRepo>;
