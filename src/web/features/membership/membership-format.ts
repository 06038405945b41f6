import { formatLongDate as calendarDate } from '../../../shared/domain/dates';
import type { Language } from '../../../shared/domain/language';

/** A calendar date (YYYY-MM-DD) as "5 December 2026", or in Armenian on an Armenian page (decision 150); none is "—". */
export function formatLongDate(date: string | null | undefined, language: Language = 'en'): string {
  if (!date) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return date;
  return calendarDate(`${m[1]}-${m[2]}-${m[3]}`, language);
}
