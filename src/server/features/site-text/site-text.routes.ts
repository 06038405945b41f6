import type { FastifyInstance } from 'fastify';
import { siteTextApi } from '../../../shared/api/site-text';
import { addRoute } from '../../http/route';
import type { SiteTextService } from './site-text.service';

export function siteTextRoutes(app: FastifyInstance, siteText: SiteTextService) {
  addRoute(app, siteTextApi.stringTable, {
    policy: 'public',
    handler: ({ reply }) => {
      // The browser keeps its own copy in sessionStorage; a forced refresh must reach the server.
      reply.header('cache-control', 'no-cache');
      return siteText.table();
    },
  });

  addRoute(app, siteTextApi.setString, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await siteText.set(body.key, body.value, user());
      return { succeeded: true };
    },
  });
}
