import { randomUUID } from 'node:crypto';
import type { AdminEventRecord, EventFieldsOutput, EventRecord, EventTranslation } from '../../../shared/api/events';
import type { Language } from '../../../shared/domain/language';
import { bookingState, placesLeft } from '../../../shared/domain/event-booking';
import { PAST_EVENT_CUTOFF_MS } from '../../../shared/domain/event-timing';
import { fromLondonLocal, toLondonLocal } from '../../../shared/domain/london-time';
import type { Insertable, Kysely } from 'kysely';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database, EventsTable } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { eventsRepo, type EventRow } from './events.repo';
import { inLanguageOf } from './event-words';
import { versioned } from '../../short-lived';

const NOT_FOUND = 'Event not found';

/** The demo seed's events: a title, a start and a description. */
export type NewEvent = { title: string; startsAt: Date; description: string; hy?: EventTranslation };

const local = (iso: string | null) => (iso ? toLondonLocal(new Date(iso)) : null);
const instant = (londonLocal: string | null) => (londonLocal ? fromLondonLocal(londonLocal).toISOString() : null);

function toRecord(row: EventRow, now: Date, language: Language = 'en'): EventRecord {
  const words = inLanguageOf(row, language);
  return {
    _id: row.id,
    title: words.title,
    dated: toLondonLocal(new Date(row.starts_at)),
    date: row.starts_at,
    description: words.description,
    end_dated: local(row.ends_at),
    end_date: row.ends_at,
    venue_name: words.venue_name,
    venue_address: words.venue_address,
    online: Boolean(row.online_url),
    capacity: row.capacity,
    places_left: placesLeft(row),
    booking_opens: local(row.booking_opens_at),
    booking_closes: local(row.booking_closes_at),
    booking_state: bookingState(row, now),
    member_price_pence: row.member_price_pence,
    price_pence: row.price_pence,
    members_only: row.members_only === 1,
    cpd_hours: row.cpd_minutes === null ? null : row.cpd_minutes / 60,
    cancel_cutoff_days: row.cancel_cutoff_days,
    image: row.image,
    image_alt: row.image_alt,
    language: words.language,
  };
}

/** The Armenian columns from the form's Armenian version; null clears them. */
function armenianColumns(hy: EventTranslation | null) {
  return {
    title_hy: hy?.title ?? null,
    description_hy: hy ? hy.description : null,
    venue_name_hy: hy?.venue_name ?? null,
    venue_address_hy: hy?.venue_address ?? null,
  };
}

/** The stored columns of the admin's form (the start, end and booking window are London times there). */
function columns(fields: EventFieldsOutput) {
  return {
    title: fields.title,
    description: fields.description,
    starts_at: fromLondonLocal(fields.dated).toISOString(),
    ends_at: instant(fields.end_dated),
    venue_name: fields.venue_name,
    venue_address: fields.venue_address,
    online_url: fields.online_url,
    capacity: fields.capacity,
    booking_opens_at: instant(fields.booking_opens),
    booking_closes_at: instant(fields.booking_closes),
    member_price_pence: fields.member_price_pence,
    price_pence: fields.price_pence,
    members_only: fields.members_only ? 1 : 0,
    cpd_minutes: fields.cpd_hours === null ? null : Math.round(fields.cpd_hours * 60),
    cancel_cutoff_days: fields.cancel_cutoff_days,
    image: fields.image,
    image_alt: fields.image ? fields.image_alt : '',
    // Left out (an older client), the Armenian version stays as it is.
    ...(fields.hy === undefined ? {} : armenianColumns(fields.hy)),
  };
}

export function eventsService(db: Kysely<Database>, clock: () => Date, audit: AuditTrail) {
  const repo = eventsRepo(db);
  // Read again only after an event was added, changed or deleted (decision 094).
  const sitemapPages = versioned(
    () => repo.version(),
    () => repo.pages(),
  );

  async function insert(fields: Omit<Insertable<EventsTable>, 'id' | 'created_at' | 'updated_at'>, actor: Actor): Promise<string> {
    const id = randomUUID();
    const now = clock().toISOString();
    await audit.change(
      actor,
      (trx) => eventsRepo(trx).insert({ ...fields, id, created_at: now, updated_at: now }),
      () => ({ kind: 'event', action: 'created', subject_id: id, summary: `Created event ${quoted(fields.title)}` }),
    );
    sitemapPages.forget();
    return id;
  }
  return {
    /** All events soonest first; or upcoming ones (soonest first) or past ones (latest first). */
    async list(when?: 'upcoming' | 'past', language: Language = 'en'): Promise<EventRecord[]> {
      // docs/product.md: an event is past once its date is before now minus one day.
      const cutoff = new Date(clock().getTime() - PAST_EVENT_CUTOFF_MS).toISOString();
      const rows =
        when === 'upcoming' ? await repo.startingFrom(cutoff) : when === 'past' ? await repo.startingBefore(cutoff) : await repo.list();
      const now = clock();
      return rows.map((row) => toRecord(row, now, language));
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
    async one(id: string, language: Language = 'en'): Promise<EventRecord> {
      return toRecord(await this.find(id), clock(), language);
    },
    /** Whether the event has an Armenian version (its head names alternates only then, decision 180). */
    async translated(id: string): Promise<boolean> {
      return (await repo.find(id))?.title_hy != null;
    },
    async adminOne(id: string): Promise<AdminEventRecord> {
      const row = await this.find(id);
      const hy =
        row.title_hy === null
          ? null
          : {
              title: row.title_hy,
              description: row.description_hy ?? '',
              venue_name: row.venue_name_hy,
              venue_address: row.venue_address_hy,
            };
      return { ...toRecord(row, clock()), online_url: row.online_url, hy };
    },

    async create(event: NewEvent, actor: Actor): Promise<string> {
      return insert(
        {
          title: event.title,
          description: event.description,
          starts_at: event.startsAt.toISOString(),
          ...armenianColumns(event.hy ?? null),
        },
        actor,
      );
    },
    /** From the admin's form: times are London wall-clock times. */
    createFromFields(fields: EventFieldsOutput, actor: Actor): Promise<string> {
      return insert(columns(fields), actor);
    },
    async update(id: string, fields: EventFieldsOutput, actor: Actor): Promise<void> {
      const changes = { ...columns(fields), updated_at: clock().toISOString() };
      await audit.change(
        actor,
        async (trx) => {
          const inTrx = eventsRepo(trx);
          const before = await inTrx.find(id);
          if (!before) throw notFound(NOT_FOUND);
          if (!(await inTrx.updateDetails(id, changes))) {
            const taken = (await inTrx.find(id))?.places_taken ?? before.places_taken;
            throw conflict(`${taken} places are booked already: keep the capacity at ${taken} or more, or cancel bookings first`);
          }
        },
        () => ({ kind: 'event', action: 'updated', subject_id: id, summary: `Updated event ${quoted(fields.title)}` }),
      );
      sitemapPages.forget();
    },
    async delete(id: string, actor: Actor): Promise<void> {
      await audit.change(
        actor,
        async (trx) => {
          const inTrx = eventsRepo(trx);
          const event = await inTrx.find(id);
          if (!event) throw notFound(NOT_FOUND);
          if ((await inTrx.liveBookings(id)) > 0) throw conflict('This event has bookings: cancel them first (Admin, the event page)');
          if (!(await inTrx.delete(id))) throw notFound(NOT_FOUND);
          return event;
        },
        (event) => ({ kind: 'event', action: 'deleted', subject_id: id, summary: `Deleted event ${quoted(event.title)}` }),
      );
      sitemapPages.forget();
    },

    /** Every event's address and last change, for the sitemap: read again only after a change. */
    sitemapPages(): Promise<{ id: string; updated_at: string; title_hy: string | null }[]> {
      return sitemapPages.get();
    },
  };
}
export type EventsService = ReturnType<typeof eventsService>;
