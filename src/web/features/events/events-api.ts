import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call, not with the page (decision 062).
export const eventsApi = lazyEndpoints(() => import('../../../shared/api/events').then((m) => m.eventsApi));

/** Every event, ascending; the pages split them into upcoming and past with the shared rule. */
export const eventsKey = ['events'] as const;

/** Also fetched by the server renderer, which embeds the answer in the page. */
export const eventsQuery = queryOptions({
  queryKey: eventsKey,
  queryFn: ({ signal }) => apiRequest(eventsApi.list, { signal }),
});

/** One event with its booking details; the event page's data, also fetched by the server renderer. */
export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: [...eventsKey, id] as const,
    queryFn: ({ signal }) => apiRequest(eventsApi.one, { params: { id }, signal }),
  });

export function useEvent(id: string | null) {
  return useQuery({ ...eventQuery(id ?? ''), enabled: id !== null });
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
  return useQuery(eventsQuery);
}
