import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../../shared/domain/language';
import { isArticleId } from '../../shared/domain/article-id';
import { ApiError } from '../lib/api';
import { committeeQuery } from '../features/committee/committee-api';
import { eventQuery, eventsQuery } from '../features/events/events-api';
import { isEventId } from '../../shared/domain/event-id';
import { articlePagesQuery, articleQuery, categoriesQuery } from '../features/articles/articles-api';
import { resetLinkQuery } from '../features/accounts/accounts-api';
import { donationsConfigQuery } from '../features/donations/donations-config';
import { archivedNewsletterQuery, newsletterArchiveQuery } from '../features/articles/newsletter-archive-api';

/**
 * Routes with a PageData (as their `handle`) are rendered on the server; the signed-in views
 * (profile, admin, editor) have none and stay rendered in the browser.
 * What the server renderer needs from a route: the data to fetch first and whether the page exists. */
export type PageData = {
  /** Fills the query cache with what the page shows, so it renders whole and the browser asks again for nothing. */
  load?(
    client: QueryClient,
    where: { params: Record<string, string | undefined>; search: URLSearchParams; language: Language },
  ): Promise<void>;
  /** Answers 404 (an unknown path, or a record that is not there). */
  notFound?(client: QueryClient, where: { params: Record<string, string | undefined>; language: Language }): boolean;
};

/** A failed fetch stays in the cache as an error, which the page shows (and the status reflects). */
async function settle(work: Promise<unknown>): Promise<void> {
  await work.catch(() => undefined);
}

export const pageData = {
  home: {
    load: (client, { language }) => settle(Promise.all([client.fetchQuery(eventsQuery(language)), client.fetchQuery(committeeQuery)])),
  },
  events: { load: (client, { language }) => settle(client.fetchQuery(eventsQuery(language))) },
  event: {
    load: (client, { params, language }) =>
      isEventId(params.eventId) ? settle(client.fetchQuery(eventQuery(params.eventId, language))) : Promise.resolve(),
    notFound(client, { params, language }) {
      if (!isEventId(params.eventId)) return true;
      const error = client.getQueryState(eventQuery(params.eventId, language).queryKey)?.error;
      return error instanceof ApiError && error.status === 404;
    },
  },
  news: {
    load: (client, { search, language }) =>
      settle(
        Promise.all([
          client.fetchInfiniteQuery(articlePagesQuery(search.get('category') || null, language)),
          client.fetchQuery(categoriesQuery(language)),
        ]),
      ),
  },
  article: {
    load: (client, { params, language }) =>
      isArticleId(params.articleId) ? settle(client.fetchQuery(articleQuery(params.articleId, language))) : Promise.resolve(),
    notFound(client, { params, language }) {
      if (!isArticleId(params.articleId)) return true;
      const error = client.getQueryState(articleQuery(params.articleId, language).queryKey)?.error;
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
  /** A first view that needs no data beyond the site text (sign-in, joining, the forgotten password). */
  plain: {},
  /** Whether the reset link is still good (asking uses nothing up): the form, or why not, at once. */
  pwReset: { load: (client, { params }) => settle(client.fetchQuery(resetLinkQuery(params.uid ?? ''))) },
  /** Whether Gift Aid is offered: the whole form, Gift Aid included, works before the script (decision 085). */
  donate: { load: (client) => settle(client.fetchQuery(donationsConfigQuery)) },
  notFound: { notFound: () => true },
} satisfies Record<string, PageData>;
