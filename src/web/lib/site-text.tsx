import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { siteTextApi } from '../../shared/api/site-text';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { apiRequest } from './api';
import { lookupText, readCachedTable, toLookup, writeCachedTable } from './site-text-table';

const queryKey = ['string_table_v2'] as const;

/** `fresh` adds a timestamp so that no cache answers (SPEC: a forced refresh). */
async function fetchTable(fresh: boolean) {
  const table = await apiRequest(siteTextApi.stringTable, { query: fresh ? { t: String(Date.now()) } : {}, auth: false });
  writeCachedTable(table);
  return table;
}

interface SiteTextContextValue {
  /** The current value of a site text (the shipped default until the table has loaded). */
  t: (key: SiteTextKey) => string;
  /** Refetch bypassing any HTTP cache (SPEC: a forced refresh adds a timestamp) and recache. */
  refresh: () => Promise<void>;
}

const SiteTextContext = createContext<SiteTextContextValue | null>(null);

export function SiteTextProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey,
    queryFn: () => fetchTable(false),
    initialData: readCachedTable,
    // The cached copy shows at once, but is revalidated in the background on each page load.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });

  const lookup = useMemo(() => toLookup(data), [data]);
  const t = useCallback((key: SiteTextKey) => lookupText(lookup, key), [lookup]);
  const refresh = useCallback(async () => {
    const table = await fetchTable(true);
    queryClient.setQueryData(queryKey, table);
  }, [queryClient]);

  const value = useMemo(() => ({ t, refresh }), [t, refresh]);
  return <SiteTextContext value={value}>{children}</SiteTextContext>;
}

export function useSiteText(): SiteTextContextValue {
  const context = useContext(SiteTextContext);
  if (!context) throw new Error('useSiteText must be used inside SiteTextProvider');
  return context;
}
