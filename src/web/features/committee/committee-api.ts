import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { committeeApi, type CommitteeFields } from '../../../shared/api/committee';
import { imagesApi } from '../../../shared/api/images';
import { apiRequest } from '../../lib/api';

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
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(imagesApi.upload.body.file, file);
      return apiRequest(imagesApi.upload, { body: form });
    },
  });
}
