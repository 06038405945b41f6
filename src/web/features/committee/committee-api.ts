import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { committeeList, type CommitteeFields } from '../../../shared/api/committee';
import { insertedResponse, succeededResponse } from '../../../shared/api/common';
import { imageUploadResponse } from '../../../shared/api/images';
import { paths } from '../../../shared/api/paths';
import { apiRequest } from '../../lib/api';

export const committeePaths = {
  list: '/api/committees',
  create: '/api/new_committee',
  update: '/api/update_committee',
  remove: '/api/delete_committee',
} as const;

/** Sorted by the server: priority descending, ties by name. */
const committeeKey = ['committees'] as const;

export function useCommittee() {
  return useQuery({
    queryKey: committeeKey,
    queryFn: ({ signal }) => apiRequest(committeePaths.list, committeeList, { signal }),
  });
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
      if (_id === undefined) await apiRequest(committeePaths.create, insertedResponse, { method: 'POST', json: fields });
      else await apiRequest(committeePaths.update, succeededResponse, { method: 'POST', json: { _id, ...fields } });
    },
    onSuccess: refetch,
  });
}

export function useDeleteMember() {
  const refetch = useRefetchCommittee();
  return useMutation({
    mutationFn: (id: string) => apiRequest(committeePaths.remove, succeededResponse, { method: 'POST', json: { _id: id } }),
    onSuccess: refetch,
  });
}

/** Uploads a photo; answers its relative URL. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(paths.imageUpload, imageUploadResponse, { method: 'POST', multipart: form });
    },
  });
}
