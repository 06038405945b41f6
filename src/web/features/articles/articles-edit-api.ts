import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleFields } from '../../../shared/api/articles';
import { apiRequest } from '../../lib/api';
import { articleKey, articlesApi, articlesKey, categoriesKey } from './articles-api';

// The editor's changes, apart from the queries so that a visitor's first load carries no mutation code.

function useForgetArticles() {
  const queryClient = useQueryClient();
  return async (id?: string) => {
    if (id) queryClient.removeQueries({ queryKey: articleKey(id) });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: articlesKey }),
      queryClient.invalidateQueries({ queryKey: categoriesKey }),
    ]);
  };
}

/** Creates the article when it has no id, else updates it; resolves to its id. */
export function useSaveArticle() {
  const forget = useForgetArticles();
  return useMutation({
    mutationFn: async ({ id, fields }: { id: string | null; fields: ArticleFields }) => {
      if (id === null) return (await apiRequest(articlesApi.create, { body: fields })).inserted_id;
      await apiRequest(articlesApi.update, { body: { _id: id, ...fields } });
      return id;
    },
    onSuccess: (id) => forget(id),
  });
}

export function useDeleteArticle() {
  const forget = useForgetArticles();
  return useMutation({
    mutationFn: (id: string) => apiRequest(articlesApi.remove, { body: { _id: id } }),
    onSuccess: (_result, id) => forget(id),
  });
}
