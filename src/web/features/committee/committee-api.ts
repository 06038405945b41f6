import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommitteeFields } from '../../../shared/api/committee';
import { apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call, not with the page (decision 062).
const committeeApi = lazyEndpoints(() => import('../../../shared/api/committee').then((m) => m.committeeApi));
const imagesApi = lazyEndpoints(() => import('../../../shared/api/images').then((m) => m.imagesApi));

/** Sorted by the server: priority descending, ties by name. */
const committeeKey = ['committees'] as const;

/** Also fetched by the server renderer, which embeds the answer in the page. */
export const committeeQuery = queryOptions({
  queryKey: committeeKey,
  queryFn: ({ signal }) => apiRequest(committeeApi.list, { signal }),
});

export function useCommittee() {
  return useQuery(committeeQuery);
}

/** SPEC: the list is fetched again after save and delete; the mutation ends once it has been. */
function useRefetchCommittee() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: committeeKey });
}

/** Creates the member when it has no `_id`, else updates it. */
export function useSaveMember() {
  const refetch = useRefetchCommittee();
  return useMutation({
    mutationFn: async ({ _id, ...fields }: CommitteeFields & { _id?: string }) => {
      if (_id === undefined) await apiRequest(committeeApi.create, { body: fields });
      else await apiRequest(committeeApi.update, { body: { _id, ...fields } });
    },
    onSuccess: refetch,
  });
}

export function useDeleteMember() {
  const refetch = useRefetchCommittee();
  return useMutation({
    mutationFn: (id: string) => apiRequest(committeeApi.remove, { body: { _id: id } }),
    onSuccess: refetch,
  });
}

/** Uploads a photo; answers its relative URL. */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const upload = await imagesApi.upload();
      const form = new FormData();
      form.append(upload.body.file, file);
      return apiRequest(upload, { body: form });
    },
  });
}
