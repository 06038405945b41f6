import type { FastifyInstance, FastifyReply } from 'fastify';
import { INVALID_ARTICLE_ID, articlesApi, isArticleId } from '../../../shared/api/articles';
import { feedsApi } from '../../../shared/api/feeds';
import { MAX_JSON_BYTES } from '../../../shared/domain/richtext/document';
import { badRequest, notFound } from '../../http/errors';
import { acceptedEncoding, encodedOnce } from '../../http/encoded-page';
import { addRoute } from '../../http/route';
import { robotsTxt, rssFeed, sitemap, sitemapPart, type SiteInfo, type SitemapEvent } from './articles.feeds';
import type { ArticlesService } from './articles.service';
import type { Language } from '../../../shared/domain/language';

// The content is at most 1 MB of JSON, sent inside a JSON string: escaping may double it.
const WRITE_BODY_LIMIT = 2 * MAX_JSON_BYTES + 64 * 1024;
const RSS_ITEMS = 20;
const FEED_CACHE = 'public, max-age=900';

export function articlesRoutes(
  app: FastifyInstance,
  articles: ArticlesService,
  site: (language?: Language) => Promise<SiteInfo>,
  /** The events' pages for the sitemap (another feature's: app.ts hands them over). */
  eventPages: () => Promise<SitemapEvent[]> = async () => [],
) {
  addRoute(app, articlesApi.list, { policy: 'public', handler: ({ query }) => articles.page(query) });

  addRoute(app, articlesApi.one, {
    policy: 'public',
    handler: ({ params, query }) => {
      if (!isArticleId(params.id)) throw badRequest(INVALID_ARTICLE_ID);
      return articles.find(params.id, query.lang);
    },
  });

  addRoute(app, articlesApi.categories, { policy: 'public', handler: ({ query }) => articles.categories(query.lang) });

  addRoute(app, articlesApi.create, {
    policy: 'editor',
    bodyLimit: WRITE_BODY_LIMIT,
    handler: async ({ body, user }) => ({ inserted_id: await articles.createFromFields(body, user()) }),
  });

  addRoute(app, articlesApi.update, {
    policy: 'editor',
    bodyLimit: WRITE_BODY_LIMIT,
    handler: async ({ body: { _id, ...fields }, user }) => {
      await articles.update(_id, fields, user());
      return { succeeded: true };
    },
  });

  addRoute(app, articlesApi.remove, {
    policy: 'editor',
    handler: async ({ body, user }) => {
      await articles.delete(body._id, user());
      return { succeeded: true };
    },
  });

  // Reach: a news feed, a sitemap and robots.txt, outside /api.
  const cached = (reply: FastifyReply, type: string) => reply.type(type).header('cache-control', FEED_CACHE);

  addRoute(app, feedsApi.rss, {
    policy: 'public',
    etag: true,
    handler: async ({ reply }) => {
      const { items } = await articles.page({ limit: RSS_ITEMS });
      cached(reply, 'application/rss+xml; charset=utf-8');
      return rssFeed(await site(), items);
    },
  });

  addRoute(app, feedsApi.rssArmenian, {
    policy: 'public',
    etag: true,
    handler: async ({ reply }) => {
      const { items } = await articles.page({ limit: RSS_ITEMS, lang: 'hy' });
      cached(reply, 'application/rss+xml; charset=utf-8');
      return rssFeed(await site('hy'), items);
    },
  });

  // The rows stay the same objects until an article or event changes (decision 094), so the XML
  // made from them is made once per change and kept with them.
  // The XML is compressed once per build too (1.2 MiB at 10,000 articles), not on every request.
  let built: { info: string; rows: object; events: object; xml: string; encoded: ReturnType<typeof encodedOnce> } | null = null;
  addRoute(app, feedsApi.sitemap, {
    policy: 'public',
    etag: true,
    handler: async ({ req, reply }) => {
      cached(reply, 'application/xml; charset=utf-8');
      const [info, rows, events] = await Promise.all([site(), articles.changes(), eventPages()]);
      const same = built && built.rows === rows && built.events === events && built.info === JSON.stringify(info);
      if (!same) {
        const xml = sitemap(info, rows, events);
        built = { info: JSON.stringify(info), rows, events, xml, encoded: encodedOnce(xml) };
      }
      reply.header('vary', 'accept-encoding');
      const encoding = acceptedEncoding(req.headers['accept-encoding']);
      if (!encoding) return built!.xml;
      reply.header('content-encoding', encoding);
      return built!.encoded(encoding);
    },
  });

  addRoute(app, feedsApi.sitemapPart, {
    policy: 'public',
    etag: true,
    handler: async ({ params, reply }) => {
      const part = /^[1-9]\d{0,5}$/.test(params.part)
        ? sitemapPart(await site(), await articles.changes(), await eventPages(), Number(params.part))
        : null;
      if (part === null) throw notFound('There is no such part of the sitemap');
      cached(reply, 'application/xml; charset=utf-8');
      return part;
    },
  });

  addRoute(app, feedsApi.robots, {
    policy: 'public',
    handler: async ({ reply }) => {
      cached(reply, 'text/plain; charset=utf-8');
      return robotsTxt(await site());
    },
  });
}
