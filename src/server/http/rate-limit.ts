import type { Kysely } from 'kysely';
import { rateLimitRepo } from '../db/rate-limit.repo';
import type { Database } from '../db/schema';
import { tooManyRequests } from './errors';

export type Limit = { bucket: string; key: string; max: number; windowMs: number };

/**
 * Sliding-window limits kept in the database, so every server counts the same hits. A hit is
 * recorded before it is counted, so parallel requests cannot all slip under the limit; a refused
 * hit is removed again, so hammering does not extend the wait.
 */
export function rateLimiter(db: Kysely<Database>, clock: () => Date) {
  const repo = rateLimitRepo(db);
  return {
    /** Counts a hit, or refuses with 429; what it answers takes the hit back (work that then did not happen). */
    async hit(limit: Limit, message: string): Promise<{ undo(): Promise<void> }> {
      const now = clock();
      const since = new Date(now.getTime() - limit.windowMs).toISOString();
      const id = await repo.record(limit.bucket, limit.key, now.toISOString());
      const { count, oldest } = await repo.stats(limit.bucket, limit.key, since);
      if (count <= limit.max) return { undo: () => repo.remove(id) };
      await repo.remove(id);
      const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest ?? now.toISOString()) + limit.windowMs - now.getTime()) / 1000));
      throw tooManyRequests(message, retryAfter);
    },
    /** How many events in the window. */
    async recent(bucket: string, key: string, windowMs: number): Promise<number> {
      return (await repo.stats(bucket, key, new Date(clock().getTime() - windowMs).toISOString())).count;
    },
    /** Removes hits older than a day (the longest window in use). */
    prune(): Promise<void> {
      return repo.prune(new Date(clock().getTime() - 24 * 60 * 60 * 1000).toISOString());
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
