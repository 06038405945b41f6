import { twoDigits, utcCalendarDay } from '../../../shared/domain/en-gb';
import type { Language } from '../../../shared/domain/language';

/**
 * docs/product.md: an article's date is treated as UTC and shown as a numeric date (dd/mm/yyyy), as
 * en-GB writes it; on an Armenian page dd.mm.yyyy, as hy writes it (decision 150).
 */
export function formatArticleDate(instant: string, language: Language = 'en'): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const day = utcCalendarDay(date);
  const separator = language === 'hy' ? '.' : '/';
  return [twoDigits(day.day), twoDigits(day.month), day.year].join(separator);
}

/** The date field's value (YYYY-MM-DD) of a stored instant. */
export function toDateInput(instant: string): string {
  return instant.slice(0, 10);
}

/** Today's date, for a new article, as the date field holds it. */
export function todayInput(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
