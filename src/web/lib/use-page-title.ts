import { useEffect } from 'react';
import { formatPageTitle } from './page-title';
import { useSiteText } from './site-text';

/** Sets document.title to "{short name} | {page title}" for as long as the page is shown. */
export function usePageTitle(pageTitle: string | null): void {
  const { t } = useSiteText();
  const shortName = t('site_short_name');
  useEffect(() => {
    document.title = formatPageTitle(shortName, pageTitle);
  }, [shortName, pageTitle]);
}
