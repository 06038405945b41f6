import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { insertedResponse, succeededResponse } from '../../../shared/api/common';
import { eventList, type EventFields } from '../../../shared/api/events';
import { apiRequest } from '../../lib/api';

export const eventPaths = {
  list: '/api/events',
  create: '/api/new_event',
  update: '/api/update_event',
  remove: '/api/delete_event',
  /** One event as an iCalendar file. */
  ics: (id: string) => `/api/events/${encodeURIComponent(id)}.ics`,
  /** The subscribable feed of every event. */
  feed: '/api/events.ics',
} as const;

/** Every event, ascending; the pages split them into upcoming and past with the shared rule. */
const eventsKey = ['events'] as const;

export function useEvents() {
  return useQuery({
    queryKey: eventsKey,
    queryFn: ({ signal }) => apiRequest(eventPaths.list, eventList, { signal }),
  });
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
      if (_id === undefined) await apiRequest(eventPaths.create, insertedResponse, { method: 'POST', json: fields });
      else await apiRequest(eventPaths.update, succeededResponse, { method: 'POST', json: { _id, ...fields } });
    },
    onSuccess: refetch,
  });
}

export function useDeleteEvent() {
  const refetch = useRefetchEvents();
  return useMutation({
    mutationFn: (id: string) => apiRequest(eventPaths.remove, succeededResponse, { method: 'POST', json: { _id: id } }),
    onSuccess: refetch,
  });
}
