import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceInput } from '../../../../shared/api/newsletters';
import { apiRequest, lazyEndpoints } from '../../../lib/api';

export const newslettersApi = lazyEndpoints(() => import('../../../../shared/api/newsletters').then((m) => m.newslettersApi));

export const newsletterKeys = {
  all: ['admin', 'newsletters'] as const,
  one: (id: string) => ['admin', 'newsletter', id] as const,
  lists: ['admin', 'mailing-lists'] as const,
};

const SENDING = ['queueing', 'sending'];

/** A newsletter with its progress; while it is being sent, asked again every few seconds. */
export function useNewsletter(id: string | null) {
  return useQuery({
    queryKey: newsletterKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiRequest(newslettersApi.one, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && SENDING.includes(query.state.data.status) ? 3000 : false),
  });
}

export function useNewsletterLists() {
  return useQuery({
    queryKey: newsletterKeys.lists,
    queryFn: ({ signal }) => apiRequest(newslettersApi.lists, { signal }),
  });
}

export function useAudiencePreview(list: string, audience: AudienceInput, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'newsletter-audience', list, audience],
    queryFn: ({ signal }) => apiRequest(newslettersApi.audience, { body: { list, audience }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

type Draft = { id: string | null; subject: string; content: string; list: string; audience: AudienceInput; article_id?: string };

export function useSaveNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...draft }: Draft): Promise<string> => {
      if (id === null) return (await apiRequest(newslettersApi.create, { body: draft }))._id;
      await apiRequest(newslettersApi.update, { params: { id }, body: draft });
      return id;
    },
    onSuccess: (id) => {
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.all });
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.one(id) });
    },
  });
}

/** Test, send (now or at a time) and cancel: each answers the newsletter as it now stands. */
export function useNewsletterAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: { kind: 'test' } | { kind: 'send'; at?: string } | { kind: 'cancel' }) => {
      if (action.kind === 'test') return { test: await apiRequest(newslettersApi.test, { params: { id } }) };
      if (action.kind === 'cancel') return { view: await apiRequest(newslettersApi.cancel, { params: { id } }) };
      return { view: await apiRequest(newslettersApi.send, { params: { id }, body: action.at ? { at: action.at } : {} }) };
    },
    onSuccess: (answer) => {
      if ('view' in answer) queryClient.setQueryData(newsletterKeys.one(id), answer.view);
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.all });
    },
  });
}
