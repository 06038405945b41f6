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
    /** After a write has committed: every key is read again. A read already under way is not kept. */
    forget(): void {
      copies.clear();
    },
  };
}
