import { formatPence } from '../../shared/domain/money';
import { tierByIndex, tiers } from '../../shared/domain/tiers';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { useSiteText } from './site-text';

/**
 * A tier's name and yearly price in the page's language (decision 150): site texts, so the admin
 * words them in each language; the records and the back office keep the English names.
 */
export function useTierText() {
  const { t, language } = useSiteText();
  return {
    name: (index: number): string => (tierByIndex(index) ? t(`tier.${index}.name` as SiteTextKey) : ''),
    /** A tier the server names (in English, as recorded): its name in the page's language. */
    named: (recorded: string): string => {
      const tier = tiers.find((each) => each.name === recorded);
      return tier ? t(`tier.${tier.index}.name` as SiteTextKey) : recorded;
    },
    price: (pence: number): string => (pence === 0 ? t('tier.free') : t('tier.per_year').replace('{price}', formatPence(pence, language))),
  };
}
