import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../shared/domain/language';
import { ApiError, apiRequest, lazyEndpoints } from '../../lib/api';
import { useLanguage } from '../../lib/language';

// Loaded with the first call, not with the page (decision 062).
export const articlesApi = lazyEndpoints(() => import('../../../shared/api/articles').then((m) => m.articlesApi));

export const articlesKey = ['articles'] as const;
export const categoriesKey = ['article-categories'] as const;
export const articleKey = (id: string) => ['article', id] as const;

// The query options are also fetched by the server renderer, which embeds the answers in the page.
// Each asks in a language (decision 180): English is asked as it always was, without `lang`.
const lang = (language: Language) => (language === 'en' ? undefined : language);

/** Summaries newest first, a page at a time, optionally of one category, in a language. */
export function articlePagesQuery(category: string | null, language: Language = 'en') {
  return infiniteQueryOptions({
    queryKey: [...articlesKey, language, category ?? ''],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(articlesApi.list, {
        query: { category: category ?? undefined, cursor: pageParam ?? undefined, lang: lang(language) },
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The news of the page's language. */
export function useArticlePages(category: string | null) {
  return useInfiniteQuery(articlePagesQuery(category, useLanguage()));
}

export const categoriesQuery = (language: Language = 'en') =>
  queryOptions({
    queryKey: [...categoriesKey, language],
    queryFn: ({ signal }) => apiRequest(articlesApi.categories, { query: { lang: lang(language) }, signal }),
  });

/** The categories in use, in a language (the page's unless named). */
export function useCategories(language?: Language) {
  const page = useLanguage();
  return useQuery(categoriesQuery(language ?? page));
}

export function articleQuery(id: string, language: Language = 'en') {
  return queryOptions({
    queryKey: [...articleKey(id), language],
    queryFn: ({ signal }) => apiRequest(articlesApi.one, { params: { id }, query: { lang: lang(language) }, signal }),
    // A missing article stays missing; retrying only delays the message.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}

/** The article in a language (the page's unless named): its Armenian version, else the English. */
export function useArticle(id: string | null, language?: Language) {
  const page = useLanguage();
  return useQuery({ ...articleQuery(id ?? '', language ?? page), enabled: id !== null });
}
