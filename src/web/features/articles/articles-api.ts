import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { articlesApi, type ArticleFields } from '../../../shared/api/articles';
import { ApiError, apiRequest } from '../../lib/api';

const articlesKey = ['articles'] as const;
const categoriesKey = ['article-categories'] as const;
const articleKey = (id: string) => ['article', id] as const;

/** Summaries newest first, a page at a time, optionally of one category. */
export function useArticlePages(category: string | null) {
  return useInfiniteQuery({
    queryKey: [...articlesKey, category ?? ''],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(articlesApi.list, { query: { category: category ?? undefined, cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useCategories() {
  return useQuery({ queryKey: categoriesKey, queryFn: ({ signal }) => apiRequest(articlesApi.categories, { signal }) });
}

export function useArticle(id: string | null) {
  return useQuery({
    queryKey: articleKey(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => apiRequest(articlesApi.one, { params: { id: id! }, signal }),
    // A missing article stays missing; retrying only delays the message.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}

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
