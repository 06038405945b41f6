import { randomUUID } from 'node:crypto';
import type { EventsRepo } from './events.repo';

export type NewEvent = { title: string; startsAt: Date; description: string };

export function eventsService(repo: EventsRepo, clock: () => Date) {
  return {
    async create(event: NewEvent): Promise<string> {
      const id = randomUUID();
      const now = clock().toISOString();
      await repo.insert({
        id,
        title: event.title,
        starts_at: event.startsAt.toISOString(),
        description: event.description,
        created_at: now,
        updated_at: now,
      });
      return id;
    },
    list() {
      return repo.list();
    },
  };
}
export type EventsService = ReturnType<typeof eventsService>;
