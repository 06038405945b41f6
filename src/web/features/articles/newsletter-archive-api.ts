import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call, not with the page (decision 062).
const newslettersApi = lazyEndpoints(() => import('../../../shared/api/newsletters').then((m) => m.newslettersApi));

// Also fetched by the server renderer, which embeds the answers in the page.
export const newsletterArchiveQuery = queryOptions({
  queryKey: ['newsletters'] as const,
  queryFn: ({ signal }) => apiRequest(newslettersApi.archive, { signal, auth: false }),
});

export function archivedNewsletterQuery(id: string) {
  return queryOptions({
    queryKey: ['newsletter', id] as const,
    queryFn: ({ signal }) => apiRequest(newslettersApi.archived, { params: { id }, signal, auth: false }),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}

export const useNewsletterArchive = () => useQuery(newsletterArchiveQuery);
export const useArchivedNewsletter = (id: string) => useQuery(archivedNewsletterQuery(id));
