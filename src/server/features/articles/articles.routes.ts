import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  INVALID_ARTICLE_ID,
  articlePaths,
  articlesQuery,
  deleteArticleRequest,
  isArticleId,
  newArticleRequest,
  updateArticleRequest,
} from '../../../shared/api/articles';
import { MAX_JSON_BYTES } from '../../../shared/domain/richtext/document';
import { badRequest } from '../../http/errors';
import { addRoute } from '../../http/route';
import { robotsTxt, rssFeed, sitemap, type SiteInfo } from './articles.feeds';
import type { ArticlesService } from './articles.service';

// The content is at most 1 MB of JSON, sent inside a JSON string: escaping may double it.
const WRITE_BODY_LIMIT = 2 * MAX_JSON_BYTES + 64 * 1024;
const RSS_ITEMS = 20;
const FEED_CACHE = 'public, max-age=900';

export function articlesRoutes(app: FastifyInstance, articles: ArticlesService, site: () => Promise<SiteInfo>) {
  addRoute(app, {
    method: 'GET',
    url: articlePaths.list,
    policy: 'public',
    query: articlesQuery,
    handler: ({ query }) => articles.page(query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/articles/:id',
    policy: 'public',
    params: z.object({ id: z.string() }),
    handler: ({ params }) => {
      if (!isArticleId(params.id)) throw badRequest(INVALID_ARTICLE_ID);
      return articles.find(params.id);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: articlePaths.categories,
    policy: 'public',
    handler: () => articles.categories(),
  });

  addRoute(app, {
    method: 'POST',
    url: articlePaths.create,
    policy: 'editor',
    bodyLimit: WRITE_BODY_LIMIT,
    body: { kind: 'json', schema: newArticleRequest },
    handler: async ({ body, user }) => ({ inserted_id: await articles.createFromFields(body, user()) }),
  });

  addRoute(app, {
    method: 'POST',
    url: articlePaths.update,
    policy: 'editor',
    bodyLimit: WRITE_BODY_LIMIT,
    body: { kind: 'json', schema: updateArticleRequest },
    handler: async ({ body: { _id, ...fields }, user }) => {
      await articles.update(_id, fields, user());
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: articlePaths.remove,
    policy: 'editor',
    body: { kind: 'json', schema: deleteArticleRequest },
    handler: async ({ body, user }) => {
      await articles.delete(body._id, user());
      return { succeeded: true };
    },
  });

  // Reach: a news feed, a sitemap and robots.txt. Not under /api, but every route has a policy.
  const text = (reply: FastifyReply, type: string, body: string) => reply.type(type).header('cache-control', FEED_CACHE).send(body);

  app.get(articlePaths.rss, { config: { policy: 'public' } }, async (_req, reply) => {
    const { items } = await articles.page({ limit: RSS_ITEMS });
    return text(reply, 'application/rss+xml; charset=utf-8', rssFeed(await site(), items));
  });

  app.get('/sitemap.xml', { config: { policy: 'public' } }, async (_req, reply) =>
    text(reply, 'application/xml; charset=utf-8', sitemap(await site(), await articles.changes())),
  );

  app.get('/robots.txt', { config: { policy: 'public' } }, async (_req, reply) =>
    text(reply, 'text/plain; charset=utf-8', robotsTxt(await site())),
  );
}
