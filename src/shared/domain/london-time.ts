/** Event times are Europe/London wall-clock times; the database keeps UTC instants. */
export const LONDON = 'Europe/London';

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The London wall-clock time at an instant. */
export function londonWallTime(instant: Date): WallTime & { second: number } {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

function offsetMs(instant: Date): number {
  const w = londonWallTime(instant);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a London wall-clock time. A time that does not exist (the hour skipped in
 * March) moves forward by the gap; an ambiguous one (the hour repeated in October) is the first.
 */
export function londonToInstant(wall: WallTime): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetMs(new Date(asUtc - 3 * 60 * 60 * 1000));
  const after = offsetMs(new Date(asUtc + 3 * 60 * 60 * 1000));
  // Try the larger offset first so the repeated October hour resolves to its first occurrence.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const candidate = new Date(asUtc - offset);
    if (offsetMs(candidate) === offset) return candidate;
  }
  return new Date(asUtc - Math.min(before, after));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The London wall-clock time of an instant as YYYY-MM-DDTHH:mm (a datetime-local value). */
export function toLondonLocal(instant: Date): string {
  const w = londonWallTime(instant);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

function parseLocal(value: string): WallTime | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const real = calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  return real && hour < 24 && minute < 60 ? { year, month, day, hour, minute } : undefined;
}

/** True for a YYYY-MM-DDTHH:mm value naming a real calendar date and time. */
export function isLondonLocal(value: string): boolean {
  return parseLocal(value) !== undefined;
}

/** The instant of a YYYY-MM-DDTHH:mm London wall-clock value; throws on an invalid one. */
export function fromLondonLocal(value: string): Date {
  const wall = parseLocal(value);
  if (!wall) throw new RangeError(`Not a London local date-time: ${value}`);
  return londonToInstant(wall);
}

/** Today's date in London, YYYY-MM-DD. */
export function londonDate(instant: Date): string {
  return toLondonLocal(instant).slice(0, 10);
}

/** The instant a London calendar day (YYYY-MM-DD) begins, ISO-8601 UTC: date filters compare stored instants with it. */
export function londonDayStart(date: string): string {
  return fromLondonLocal(`${date}T00:00`).toISOString();
}
