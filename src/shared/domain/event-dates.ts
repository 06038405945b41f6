import { LONDON } from './london-time';

/** DESIGN rule 9: event times are London wall-clock times, shown en-GB (pages and e-mails alike). */
const longEventDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(format: Intl.DateTimeFormat, instant: Date | string): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * An event's date and time in London, e.g. "Saturday 5 December 2026, 18:30". Built from the
 * parts because the plain en-GB format ("Saturday, 5 December 2026 at 18:30") varies by runtime.
 */
export function formatEventDate(instant: Date | string): string {
  const p = partsOf(longEventDate, instant);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

/**
 * An event's start and end in London: "Saturday 5 December 2026, 18:30–21:00" on one day, else
 * both dates in full. Without an end, the start alone.
 */
export function formatEventSpan(start: Date | string, end: Date | string | null): string {
  const from = formatEventDate(start);
  if (!end) return from;
  const to = formatEventDate(end);
  const [fromDay, toDay] = [from.slice(0, from.lastIndexOf(',')), to.slice(0, to.lastIndexOf(','))];
  return fromDay === toDay ? `${from}–${to.slice(to.lastIndexOf(',') + 2)}` : `${from} – ${to}`;
}
