/**
 * How long a copy read from the database is trusted. The server that writes forgets its copy at
 * once; another server on the same database sees the change within this time.
 */
export const SHORT_LIVED_MS = 5_000;

/**
 * A value read from the database and kept in memory for a few seconds (site texts, the sitemap's
 * rows): what every page or crawler asks for costs one query per few seconds, not one per request.
 */
export function shortLived<T>(load: () => Promise<T>, now: () => number = () => performance.now()) {
  let copy: { readAt: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      if (copy && now() - copy.readAt < SHORT_LIVED_MS) return copy.value;
      const entry = { readAt: now(), value: load() };
      copy = entry;
      // A failed read is not kept: the next request asks again.
      entry.value.catch(() => {
        if (copy === entry) copy = null;
      });
      return entry.value;
    },
    /** After a write has committed: the next read goes to the database. */
    forget(): void {
      copy = null;
    },
  };
}
export type ShortLived<T> = ReturnType<typeof shortLived<T>>;

/**
 * A value read in full only when a cheap version of it (a count and the latest change, read
 * through an index) has changed: the version is asked at most every few seconds, the value read
 * again only after a change. So a sitemap of 10,000 addresses is built once per change, not once
 * per few seconds (decision 094). Another server's change shows within those seconds.
 */
export function versioned<T>(version: () => Promise<string>, load: () => Promise<T>) {
  let current: { version: string; value: Promise<T> } | null = null;
  const check = shortLived(version);
  return {
    async get(): Promise<T> {
      const now = await check.get();
      if (current?.version === now) return current.value;
      const entry = { version: now, value: load() };
      current = entry;
      entry.value.catch(() => {
        if (current === entry) current = null;
      });
      return entry.value;
    },
    /** After a write has committed here: the version is asked again at the next read. */
    forget(): void {
      check.forget();
    },
  };
}

/**
 * shortLived for many keys (a rendered page per address), at most `maxKeys` of them: the oldest
 * read goes first, so addresses a visitor makes up (query strings) cannot grow it without bound.
 */
export function shortLivedByKey<T>(maxKeys: number, now: () => number = () => performance.now()) {
  const copies = new Map<string, { readAt: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const copy = copies.get(key);
      if (copy && now() - copy.readAt < SHORT_LIVED_MS) return copy.value;
      copies.delete(key);
      const entry = { readAt: now(), value: load() };
      copies.set(key, entry);
      if (copies.size > maxKeys) copies.delete(copies.keys().next().value!);
      entry.value.catch(() => {
        if (copies.get(key) === entry) copies.delete(key);
      });
      return entry.value;
    },
    /** The copy for `key` while it is fresh (or being read), without reading it. */
    peek(key: string): Promise<T> | undefined {
      const copy = copies.get(key);
      return copy && now() - copy.readAt < SHORT_LIVED_MS ? copy.value : undefined;
    },
    /** Keeps a value being read elsewhere (the caller decided to read it). */
    put(key: string, value: Promise<T>): void {
      copies.delete(key);
      const entry = { readAt: now(), value };
      copies.set(key, entry);
      if (copies.size > maxKeys) copies.delete(copies.keys().next().value!);
      value.catch(() => {
        if (copies.get(key) === entry) copies.delete(key);
      });
    },
    /** Lets go of `key` if it still holds `value`. */
    drop(key: string, value: Promise<T>): void {
      if (copies.get(key)?.value === value) copies.delete(key);
    },
    /** After a write has committed: every key is read again. A read already under way is not kept. */
    forget(): void {
      copies.clear();
    },
  };
}

/**
 * At most `max` events per key in a sliding window, counted in this process's memory (what it
 * limits is this process's own work), for at most `maxKeys` keys: the oldest go first.
 */
export function slidingWindow(
  { max, windowMs, maxKeys }: { max: number; windowMs: number; maxKeys: number },
  now: () => number = () => performance.now(),
) {
  const events = new Map<string, number[]>();
  return {
    /** Counts one event for `key` if it is within the limit; false (and nothing counted) if not. */
    take(key: string): boolean {
      const at = now();
      const recent = (events.get(key) ?? []).filter((t) => at - t < windowMs);
      if (recent.length >= max) {
        events.set(key, recent);
        return false;
      }
      recent.push(at);
      events.delete(key);
      events.set(key, recent);
      if (events.size > maxKeys) events.delete(events.keys().next().value!);
      return true;
    },
  };
}
