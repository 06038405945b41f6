import { randomUUID } from 'node:crypto';
import type { EventFields, EventRecord } from '../../../shared/api/events';
import { PAST_EVENT_CUTOFF_MS } from '../../../shared/domain/event-timing';
import { fromLondonLocal, toLondonLocal } from '../../../shared/domain/london-time';
import type { Kysely } from 'kysely';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { eventsRepo, type EventRow } from './events.repo';

const NOT_FOUND = 'Event not found';

export type NewEvent = { title: string; startsAt: Date; description: string };

function toRecord(row: EventRow): EventRecord {
  return {
    _id: row.id,
    title: row.title,
    dated: toLondonLocal(new Date(row.starts_at)),
    date: row.starts_at,
    description: row.description,
  };
}

export function eventsService(db: Kysely<Database>, clock: () => Date, audit: AuditTrail) {
  const repo = eventsRepo(db);
  return {
    /** All events soonest first; or upcoming ones (soonest first) or past ones (latest first). */
    async list(when?: 'upcoming' | 'past'): Promise<EventRecord[]> {
      // SPEC: an event is past once its date is before now minus one day.
      const cutoff = new Date(clock().getTime() - PAST_EVENT_CUTOFF_MS).toISOString();
      const rows =
        when === 'upcoming' ? await repo.startingFrom(cutoff) : when === 'past' ? await repo.startingBefore(cutoff) : await repo.list();
      return rows.map(toRecord);
    },

    /** The stored rows, for the calendar feed. */
    rows(): Promise<EventRow[]> {
      return repo.list();
    },

    async find(id: string): Promise<EventRow> {
      const row = await repo.find(id);
      if (!row) throw notFound(NOT_FOUND);
      return row;
    },

    async create(event: NewEvent, actor: Actor): Promise<string> {
      const id = randomUUID();
      const now = clock().toISOString();
      const row = {
        id,
        title: event.title,
        starts_at: event.startsAt.toISOString(),
        description: event.description,
        created_at: now,
        updated_at: now,
      };
      await audit.change(
        actor,
        (trx) => eventsRepo(trx).insert(row),
        () => ({
          kind: 'event',
          action: 'created',
          subject_id: id,
          summary: `Created event ${quoted(event.title)}`,
        }),
      );
      return id;
    },

    /** From the admin's form: `dated` is London wall-clock time. */
    createFromFields(fields: EventFields, actor: Actor): Promise<string> {
      return this.create({ title: fields.title, description: fields.description, startsAt: fromLondonLocal(fields.dated) }, actor);
    },

    async update(id: string, fields: EventFields, actor: Actor): Promise<void> {
      const changes = {
        title: fields.title,
        description: fields.description,
        starts_at: fromLondonLocal(fields.dated).toISOString(),
        updated_at: clock().toISOString(),
      };
      await audit.change(
        actor,
        async (trx) => {
          if (!(await eventsRepo(trx).update(id, changes))) throw notFound(NOT_FOUND);
        },
        () => ({ kind: 'event', action: 'updated', subject_id: id, summary: `Updated event ${quoted(fields.title)}` }),
      );
    },

    async delete(id: string, actor: Actor): Promise<void> {
      await audit.change(
        actor,
        async (trx) => {
          const inTrx = eventsRepo(trx);
          const event = await inTrx.find(id);
          if (!event || !(await inTrx.delete(id))) throw notFound(NOT_FOUND);
          return event;
        },
        (event) => ({ kind: 'event', action: 'deleted', subject_id: id, summary: `Deleted event ${quoted(event.title)}` }),
      );
    },
  };
}
export type EventsService = ReturnType<typeof eventsService>;
