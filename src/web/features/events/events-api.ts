import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventFields } from '../../../shared/api/events';
import { apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call, not with the page (decision 062).
const eventsApi = lazyEndpoints(() => import('../../../shared/api/events').then((m) => m.eventsApi));

/** Every event, ascending; the pages split them into upcoming and past with the shared rule. */
const eventsKey = ['events'] as const;

/** Also fetched by the server renderer, which embeds the answer in the page. */
export const eventsQuery = queryOptions({
  queryKey: eventsKey,
  queryFn: ({ signal }) => apiRequest(eventsApi.list, { signal }),
});

export function useEvents() {
  return useQuery(eventsQuery);
}

/** SPEC: the list is fetched again after save and delete; the mutation ends once it has been. */
function useRefetchEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventsKey });
}

/** Creates the event when it has no `_id`, else updates it. */
export function useSaveEvent() {
  const refetch = useRefetchEvents();
  return useMutation({
    mutationFn: async ({ _id, ...fields }: EventFields & { _id?: string }) => {
      if (_id === undefined) await apiRequest(eventsApi.create, { body: fields });
      else await apiRequest(eventsApi.update, { body: { _id, ...fields } });
    },
    onSuccess: refetch,
  });
}

export function useDeleteEvent() {
  const refetch = useRefetchEvents();
  return useMutation({
    mutationFn: (id: string) => apiRequest(eventsApi.remove, { body: { _id: id } }),
    onSuccess: refetch,
  });
}
