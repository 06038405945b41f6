import type { EventRow } from './events.repo';
import { LANGUAGE_TAGS, type Language } from '../../../shared/domain/language';
import { inLanguageOf } from './event-words';
import { pageUrl } from '../../../shared/domain/page-paths';

/**
 * iCalendar (RFC 5545) for events. Times are written in UTC, which calendar apps show in the
 * reader's zone, so an evening event stays at its London time across the clock changes.
 */
export type CalendarInfo = {
  publicUrl: string;
  calendarName: string;
  /** The association's address for ORGANIZER (the contact e-mail in site text). */
  organizerEmail?: string;
  /** A booked attendee's file carries the online link too (never the public feed). */
  withOnlineLink?: boolean;
};

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

/** A site text used as an address: one plain e-mail address, nothing that could break the line. */
function usableEmail(email: string | undefined): email is string {
  return email !== undefined && /^[^\s@"<>;:,\\]+@[^\s@"<>;:,\\]+$/.test(email);
}

/** An event without an end lasts an hour in calendars, rather than no time at all. */
const DEFAULT_LENGTH_MS = 60 * 60 * 1000;

function location(event: EventRow, withOnlineLink: boolean, language: Language): string | undefined {
  const words = inLanguageOf(event, language);
  const place = [words.venue_name, words.venue_address?.replace(/\s*\n\s*/g, ', ')].filter(Boolean).join(', ');
  const online = withOnlineLink ? event.online_url : null;
  return [place, online].filter(Boolean).join(' / ') || undefined;
}

function vevent(
  event: EventRow,
  { publicUrl, calendarName, organizerEmail, withOnlineLink = false }: CalendarInfo,
  language: Language,
): string[] {
  const host = new URL(publicUrl).host;
  const end = event.ends_at ?? new Date(new Date(event.starts_at).getTime() + DEFAULT_LENGTH_MS).toISOString();
  const where = location(event, withOnlineLink, language);
  const words = inLanguageOf(event, language);
  // RFC 5545 quotes a parameter value holding ":", ";" or ","; a DQUOTE cannot appear in one at all.
  const organizerName = calendarName.replace(/"/g, "'");
  return [
    'BEGIN:VEVENT',
    // Stable: the same event always has the same UID, so re-imports update rather than duplicate.
    `UID:${event.id}@${host}`,
    `DTSTAMP:${utcStamp(event.updated_at)}`,
    `LAST-MODIFIED:${utcStamp(event.updated_at)}`,
    `DTSTART:${utcStamp(event.starts_at)}`,
    `DTEND:${utcStamp(end)}`,
    // RFC 5545's LANGUAGE parameter says which language each text is in (English where untranslated).
    `SUMMARY;LANGUAGE=${LANGUAGE_TAGS[words.language]}:${escapeText(words.title)}`,
    ...(words.description ? [`DESCRIPTION;LANGUAGE=${LANGUAGE_TAGS[words.language]}:${escapeText(words.description)}`] : []),
    ...(where ? [`LOCATION:${escapeText(where)}`] : []),
    ...(usableEmail(organizerEmail) ? [`ORGANIZER;CN="${organizerName}":mailto:${organizerEmail}`] : []),
    `URL:${pageUrl(publicUrl, 'event', { eventId: event.id }, language)}`,
    'END:VEVENT',
  ];
}

/** The calendar in a language (decision 180): each event's Armenian words where it has them, its Armenian page. */
export function toIcs(events: EventRow[], info: CalendarInfo, language: Language = 'en'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(info.calendarName)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    // iTIP's PUBLISH requires an ORGANIZER in every event: without an address, no method at all.
    ...(usableEmail(info.organizerEmail) ? ['METHOD:PUBLISH'] : []),
    `X-WR-CALNAME:${escapeText(info.calendarName)}`,
    'X-WR-TIMEZONE:Europe/London',
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
    ...events.flatMap((event) => vevent(event, info, language)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
