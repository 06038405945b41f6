/** docs/product.md: an event is past once its date is more than one day behind now. */
export const PAST_EVENT_CUTOFF_MS = 24 * 60 * 60 * 1000;

export function isPastEvent(date: Date | string, now: Date): boolean {
  return new Date(date).getTime() < now.getTime() - PAST_EVENT_CUTOFF_MS;
}

/** Upcoming events soonest first, past events most recent first. */
export function splitEvents<T extends { date: string }>(events: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  // ISO-8601 UTC instants sort as plain strings; localeCompare would load ICU's collation data.
  const byDate = [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const past = byDate.filter((e) => isPastEvent(e.date, now)).reverse();
  const upcoming = byDate.filter((e) => !isPastEvent(e.date, now));
  return { upcoming, past };
}
