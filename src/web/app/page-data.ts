import type { QueryClient } from '@tanstack/react-query';
import { isArticleId } from '../../shared/domain/article-id';
import { ApiError } from '../lib/api';
import { committeeQuery } from '../features/committee/committee-api';
import { eventQuery, eventsQuery } from '../features/events/events-api';
import { isEventId } from '../../shared/domain/event-id';
import { articlePagesQuery, articleQuery, categoriesQuery } from '../features/articles/articles-api';
import { archivedNewsletterQuery, newsletterArchiveQuery } from '../features/articles/newsletter-archive-api';

/**
 * Routes with a PageData (as their `handle`) are rendered on the server; the signed-in views
 * (profile, admin, editor) have none and stay rendered in the browser.
 * What the server renderer needs from a route: the data to fetch first and whether the page exists. */
export type PageData = {
  /** Fills the query cache with what the page shows, so it renders whole and the browser asks again for nothing. */
  load?(client: QueryClient, where: { params: Record<string, string | undefined>; search: URLSearchParams }): Promise<void>;
  /** Answers 404 (an unknown path, or a record that is not there). */
  notFound?(client: QueryClient, where: { params: Record<string, string | undefined> }): boolean;
};

/** A failed fetch stays in the cache as an error, which the page shows (and the status reflects). */
async function settle(work: Promise<unknown>): Promise<void> {
  await work.catch(() => undefined);
}

export const pageData = {
  home: { load: (client) => settle(Promise.all([client.fetchQuery(eventsQuery), client.fetchQuery(committeeQuery)])) },
  events: { load: (client) => settle(client.fetchQuery(eventsQuery)) },
  event: {
    load: (client, { params }) => (isEventId(params.eventId) ? settle(client.fetchQuery(eventQuery(params.eventId))) : Promise.resolve()),
    notFound(client, { params }) {
      if (!isEventId(params.eventId)) return true;
      const error = client.getQueryState(eventQuery(params.eventId).queryKey)?.error;
      return error instanceof ApiError && error.status === 404;
    },
  },
  news: {
    load: (client, { search }) =>
      settle(
        Promise.all([client.fetchInfiniteQuery(articlePagesQuery(search.get('category') || null)), client.fetchQuery(categoriesQuery)]),
      ),
  },
  article: {
    load: (client, { params }) =>
      isArticleId(params.articleId) ? settle(client.fetchQuery(articleQuery(params.articleId))) : Promise.resolve(),
    notFound(client, { params }) {
      if (!isArticleId(params.articleId)) return true;
      const error = client.getQueryState(articleQuery(params.articleId).queryKey)?.error;
      return error instanceof ApiError && error.status === 404;
    },
  },
  newsletters: { load: (client) => settle(client.fetchQuery(newsletterArchiveQuery)) },
  newsletter: {
    load: (client, { params }) =>
      params.newsletterId ? settle(client.fetchQuery(archivedNewsletterQuery(params.newsletterId))) : Promise.resolve(),
    notFound(client, { params }) {
      const error = client.getQueryState(archivedNewsletterQuery(params.newsletterId ?? '').queryKey)?.error;
      return !params.newsletterId || (error instanceof ApiError && error.status === 404);
    },
  },
  /** A first view that needs no data beyond the site text (sign-in, joining, donating). */
  plain: {},
  notFound: { notFound: () => true },
} satisfies Record<string, PageData>;
