import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommitteeFields } from '../../../shared/api/committee';
import { apiRequest, lazyEndpoints } from '../../lib/api';
import { committeeApi, committeeKey } from './committee-api';

// The admin's changes, apart from the queries so that a visitor's first load carries no mutation code.

const imagesApi = lazyEndpoints(() => import('../../../shared/api/images').then((m) => m.imagesApi));
/** docs/product.md: the list is fetched again after save and delete; the mutation ends once it has been. */
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
