import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call, not with the page (decision 062).
export const committeeApi = lazyEndpoints(() => import('../../../shared/api/committee').then((m) => m.committeeApi));

/** Sorted by the server: priority descending, ties by name. */
export const committeeKey = ['committees'] as const;

/** Also fetched by the server renderer, which embeds the answer in the page. */
export const committeeQuery = queryOptions({
  queryKey: committeeKey,
  queryFn: ({ signal }) => apiRequest(committeeApi.list, { signal }),
});

export function useCommittee() {
  return useQuery(committeeQuery);
}
