import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { Language } from '../../shared/domain/language';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { apiRequest, lazyEndpoints } from './api';
import { useLanguage } from './language';
import { loadSiteTextDefaults, lookupText, readCachedTable, readEmbeddedTable, toLookup, writeCachedTable } from './site-text-table';

// Loaded with the first call, not with the page (decision 062).
const siteTextApi = lazyEndpoints(() => import('../../shared/api/site-text').then((m) => m.siteTextApi));

const queryKeyOf = (language: Language) => ['string_table_v2', language] as const;

/** `fresh` adds a timestamp so that no cache answers (docs/product.md: a forced refresh). The English table is asked for as before. */
async function fetchTable(fresh: boolean, language: Language) {
  const query = { ...(fresh ? { t: String(Date.now()) } : {}), ...(language === 'en' ? {} : { lang: language }) };
  const table = await apiRequest(siteTextApi.stringTable, { query, auth: false });
  writeCachedTable(table, language);
  return table;
}

/** The table in a language as every page needs it; the server renderer fetches it too and embeds it in the page. */
export const siteTextQuery = (language: Language) =>
  queryOptions({ queryKey: queryKeyOf(language), queryFn: () => fetchTable(false, language), staleTime: 5 * 60_000 });

/**
 * The defaults shipped in code, only for a table that lacks a key (the development server's page
 * carries none, a cached table may be from an older version, the fetch may fail): asked for by the
 * first lookup that misses, kept for the session.
 */
const defaultsQuery = (language: Language) =>
  queryOptions({
    queryKey: ['site_text_defaults', language],
    queryFn: () => loadSiteTextDefaults(language),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * The keys components have drawn with t(), as plain strings no element marks: the admin's
 * right-click and "Edit texts on this page" look among these for the words under the pointer.
 * Recording is idempotent, so a render that is thrown away does no harm.
 */
const drawnKeys = new Set<SiteTextKey>();
export function keysDrawnWithT(): ReadonlySet<SiteTextKey> {
  return drawnKeys;
}

// Another tab of the admin saved a text: this one refreshes too.
const CHANNEL = 'site-text';

interface SiteTextContextValue {
  /** The current value of a site text (empty for the moment it takes to load a default the table lacks). */
  t: (key: SiteTextKey) => string;
  /** The same without noting the key as drawn: for SiteText, whose element names its key, and editors. */
  peek: (key: SiteTextKey) => string;
  /** Refetch bypassing any HTTP cache (docs/product.md: a forced refresh adds a timestamp), recache, tell other tabs. */
  refresh: () => Promise<void>;
  /** The language the texts are in: the page's (decision 150); right-click editing changes this language's value. */
  language: Language;
}

const SiteTextContext = createContext<SiteTextContextValue | null>(null);

/**
 * What the page needs once the visitor starts using it: a page the server rendered carries only
 * the texts it drew and those the admin changed (decision 084), so the shipped defaults come next,
 * before a message or another page needs one.
 */
export function prefetchSiteTextDefaults(client: QueryClient, language: Language = 'en'): Promise<void> {
  return client.prefetchQuery(defaultsQuery(language));
}

export function SiteTextProvider({ children, drawn }: { children: ReactNode; drawn?: Set<SiteTextKey> }) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const { data } = useQuery({
    ...siteTextQuery(language),
    // Every page the server sends brings the table: a rendered page in its data (the cache starts
    // with it), the bare page in its own element, as fresh as the page. Without either (the
    // development server), the cached copy shows at once and is revalidated in the background.
    initialData: () => readEmbeddedTable() ?? readCachedTable(language),
    initialDataUpdatedAt: () => (readEmbeddedTable() ? Date.now() : 0),
  });
  // Not fetched by itself: the first lookup that misses asks for it, and every text redraws when it arrives.
  const { data: defaults } = useQuery({ ...defaultsQuery(language), enabled: false });

  const lookup = useMemo(() => toLookup(data), [data]);
  const peek = useCallback(
    (key: SiteTextKey) => {
      drawn?.add(key);
      const value = lookupText(lookup, key, defaults);
      if (value !== undefined) return value;
      // Never the raw key: nothing until the default arrives. The server's table holds every default.
      if (typeof window !== 'undefined') void queryClient.prefetchQuery(defaultsQuery(language));
      return '';
    },
    [lookup, defaults, queryClient, drawn, language],
  );
  const t = useCallback(
    (key: SiteTextKey) => {
      if (typeof window !== 'undefined') drawnKeys.add(key);
      return peek(key);
    },
    [peek],
  );
  const reload = useCallback(async () => {
    const table = await fetchTable(true, language);
    queryClient.setQueryData(queryKeyOf(language), table);
  }, [queryClient, language]);
  const refresh = useCallback(async () => {
    await reload();
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(CHANNEL);
      channel.postMessage('changed');
      channel.close();
    }
  }, [reload]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void reload().catch(() => undefined);
    return () => channel.close();
  }, [reload]);

  const value = useMemo(() => ({ t, peek, refresh, language }), [t, peek, refresh, language]);
  return <SiteTextContext value={value}>{children}</SiteTextContext>;
}

export function useSiteText(): SiteTextContextValue {
  const context = useContext(SiteTextContext);
  if (!context) throw new Error('useSiteText must be used inside SiteTextProvider');
  return context;
}
