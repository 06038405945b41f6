import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, lazyEndpoints } from '../../lib/api';

// Loaded with the first call, not with the page (decision 062).
export const articlesApi = lazyEndpoints(() => import('../../../shared/api/articles').then((m) => m.articlesApi));

export const articlesKey = ['articles'] as const;
export const categoriesKey = ['article-categories'] as const;
export const articleKey = (id: string) => ['article', id] as const;

// The query options are also fetched by the server renderer, which embeds the answers in the page.

/** Summaries newest first, a page at a time, optionally of one category. */
export function articlePagesQuery(category: string | null) {
  return infiniteQueryOptions({
    queryKey: [...articlesKey, category ?? ''],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(articlesApi.list, { query: { category: category ?? undefined, cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useArticlePages(category: string | null) {
  return useInfiniteQuery(articlePagesQuery(category));
}

export const categoriesQuery = queryOptions({
  queryKey: categoriesKey,
  queryFn: ({ signal }) => apiRequest(articlesApi.categories, { signal }),
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

export function articleQuery(id: string) {
  return queryOptions({
    queryKey: articleKey(id),
    queryFn: ({ signal }) => apiRequest(articlesApi.one, { params: { id }, signal }),
    // A missing article stays missing; retrying only delays the message.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}

export function useArticle(id: string | null) {
  return useQuery({ ...articleQuery(id ?? ''), enabled: id !== null });
}
