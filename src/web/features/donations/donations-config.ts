import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call (decision 062): the donate page is rendered on the server with this.
const donationsApi = lazyEndpoints(() => import('../../../shared/api/donations').then((m) => m.donationsApi));

/** Whether Gift Aid is offered, and the charity's registered number. */
export const donationsConfigQuery = queryOptions({
  queryKey: ['donations-config'] as const,
  queryFn: ({ signal }) => apiRequest(donationsApi.config, { signal, auth: false }),
  staleTime: 60_000,
});

export function useDonationsConfig() {
  return useQuery(donationsConfigQuery);
}
