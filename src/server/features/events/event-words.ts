import type { Language } from '../../../shared/domain/language';
import type { EventRow } from './events.repo';

/**
 * The event's words in a language: its Armenian version where it has one (a venue left empty
 * there is the English one), else the English (decision 180).
 */
export function inLanguageOf(row: EventRow, language: Language) {
  const armenian = language === 'hy' && row.title_hy !== null;
  if (!armenian) {
    return {
      title: row.title,
      description: row.description,
      venue_name: row.venue_name,
      venue_address: row.venue_address,
      language: 'en' as const,
    };
  }
  return {
    title: row.title_hy!,
    description: row.description_hy ?? '',
    venue_name: row.venue_name_hy ?? row.venue_name,
    venue_address: row.venue_address_hy ?? row.venue_address,
    language: 'hy' as const,
  };
}
