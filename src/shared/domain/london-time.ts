/** Event times are Europe/London wall-clock times; the database keeps UTC instants. */
export const LONDON = 'Europe/London';

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const HOUR_MS = 60 * 60 * 1000;

/**
 * UK civil time is GMT, and BST (UTC+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC
 * on the last Sunday of October: the rule since 1996, when the end moved to October's last Sunday
 * (earlier years followed other rules). It is computed here rather than asked of Intl because the
 * first Intl object a page creates costs a long task (decision record 063). Outside 1996-2099 the
 * runtime's time-zone data answers, so a past or far future rule is never guessed; the tests
 * compare this rule with that data, so a change in the law (hence in tzdata) fails them.
 */
const RULE_FROM = Date.UTC(1996, 0, 1);
const RULE_UNTIL = Date.UTC(2100, 0, 1);

/** 01:00 UTC on the last Sunday of a month (0-based), in milliseconds. */
function lastSundayAt1Utc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

function ruleOffsetMs(time: number): number {
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAt1Utc(year, 2) && time < lastSundayAt1Utc(year, 9) ? HOUR_MS : 0;
}

let tzdataFormat: Intl.DateTimeFormat | undefined;

/** The runtime's time-zone data, for instants outside the rule's years; created on first use. */
function tzdataWallTime(instant: Date): WallTime & { second: number } {
  tzdataFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(tzdataFormat.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The London wall-clock time at an instant (to the second, rounded down); an invalid Date throws a RangeError. */
export function londonWallTime(instant: Date): WallTime & { second: number } {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  if (time < RULE_FROM || time >= RULE_UNTIL) return tzdataWallTime(instant);
  const wall = new Date(time + ruleOffsetMs(time));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
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
