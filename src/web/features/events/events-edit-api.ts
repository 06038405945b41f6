import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventFieldsOutput } from '../../../shared/api/events';
import { apiRequest } from '../../lib/api';
import { eventsApi, eventsKey } from './events-api';

// The admin's changes, apart from the queries so that a visitor's first load carries no mutation code.

/** docs/product.md: the list is fetched again after save and delete; the mutation ends once it has been. */
function useRefetchEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventsKey });
}

/** Creates the event when it has no `_id`, else updates it. */
export function useSaveEvent() {
  const refetch = useRefetchEvents();
  return useMutation({
    mutationFn: async ({ _id, ...fields }: EventFieldsOutput & { _id?: string }) => {
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
