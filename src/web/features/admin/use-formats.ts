import { formatLongDate } from '../../../shared/domain/dates';
import { formatEventDate, formatEventSpan } from '../../../shared/domain/event-dates';
import { formatPence } from '../../../shared/domain/money';
import { formatTierPrice, tierByIndex } from '../../../shared/domain/tiers';
import { formatCalendarMonth, formatShortDate, formatShortDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/language';
import { useSiteText } from '../../lib/site-text';
import { useTierText } from '../../lib/tier-text';

/**
 * Dates, money and tiers in the back office, in the language of the page (decision 150): the
 * helpers of `lib/format` and `shared/domain` bound to it. English pages keep the records' own
 * tier names; Armenian pages show the tiers' Armenian site texts.
 */
export function useFormats() {
  const language = useLanguage();
  const tierText = useTierText();
  const { t } = useSiteText();
  return {
    language,
    /** "22 Nov 2026" */
    date: (instant: Date | string) => formatShortDate(instant, language),
    /** "22 Nov 2026, 14:05" */
    dateTime: (instant: Date | string) => formatShortDateTime(instant, language),
    /** A calendar date "2026-11-22" as "22 November 2026". */
    longDate: (date: string) => formatLongDate(date, language),
    /** A month "2026-11" as "November 2026". */
    month: (month: string) => formatCalendarMonth(month, language),
    pence: (pence: number) => formatPence(pence, language),
    eventDate: (instant: Date | string) => formatEventDate(instant, language),
    eventSpan: (start: Date | string, end: Date | string | null) => formatEventSpan(start, end, language),
    /** A tier by its index. */
    tierName: (index: number) => (language === 'en' ? (tierByIndex(index)?.name ?? '') : tierText.name(index)),
    /** A tier as the records name it (in English). */
    tierNamed: (recorded: string) => (language === 'en' ? recorded : tierText.named(recorded)),
    tierPrice: (pence: number) =>
      language === 'en'
        ? formatTierPrice(pence)
        : pence === 0
          ? t('tier.free')
          : t('tier.per_year').replace('{price}', formatPence(pence, language)),
  };
}
