import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../shared/domain/language';
import { apiRequest, lazyEndpoints } from '../../lib/api';
import { useLanguage } from '../../lib/language';

// Loaded with the first call, not with the page (decision 062).
export const eventsApi = lazyEndpoints(() => import('../../../shared/api/events').then((m) => m.eventsApi));

/** Every event, ascending; the pages split them into upcoming and past with the shared rule. */
export const eventsKey = ['events'] as const;

// In a language (decision 180): English is asked as it always was, without `lang`.
const lang = (language: Language) => (language === 'en' ? undefined : language);

/** Also fetched by the server renderer, which embeds the answer in the page. */
export const eventsQuery = (language: Language = 'en') =>
  queryOptions({
    queryKey: [...eventsKey, 'all', language] as const,
    queryFn: ({ signal }) => apiRequest(eventsApi.list, { query: { lang: lang(language) }, signal }),
  });

/** One event with its booking details; the event page's data, also fetched by the server renderer. */
export const eventQuery = (id: string, language: Language = 'en') =>
  queryOptions({
    queryKey: [...eventsKey, id, language] as const,
    queryFn: ({ signal }) => apiRequest(eventsApi.one, { params: { id }, query: { lang: lang(language) }, signal }),
  });

/** The event in the page's language: its Armenian words, else the English (`language` says which). */
export function useEvent(id: string | null) {
  return useQuery({ ...eventQuery(id ?? '', useLanguage()), enabled: id !== null });
}

/** The event as the admin edits it (with its online link), fetched when the editor opens. */
export function useAdminEvent(id: string | undefined) {
  return useQuery({
    queryKey: ['admin-event', id],
    queryFn: ({ signal }) => apiRequest(eventsApi.adminOne, { params: { id: id! }, signal }),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useEvents() {
  return useQuery(eventsQuery(useLanguage()));
}
