import type { EventRow } from './events.repo';

/**
 * iCalendar (RFC 5545) for events. Times are written in UTC, which calendar apps show in the
 * reader's zone, so an evening event stays at its London time across the clock changes.
 */
export type CalendarInfo = { publicUrl: string; calendarName: string };

function utcStamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function vevent(event: EventRow, { publicUrl }: CalendarInfo): string[] {
  const host = new URL(publicUrl).host;
  return [
    'BEGIN:VEVENT',
    // Stable: the same event always has the same UID, so re-imports update rather than duplicate.
    `UID:${event.id}@${host}`,
    `DTSTAMP:${utcStamp(event.updated_at)}`,
    `LAST-MODIFIED:${utcStamp(event.updated_at)}`,
    `DTSTART:${utcStamp(event.starts_at)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `URL:${publicUrl}/events`,
    'END:VEVENT',
  ];
}

export function toIcs(events: EventRow[], info: CalendarInfo): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(info.calendarName)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(info.calendarName)}`,
    'X-WR-TIMEZONE:Europe/London',
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
    ...events.flatMap((event) => vevent(event, info)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
