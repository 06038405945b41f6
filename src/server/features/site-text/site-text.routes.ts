import type { FastifyInstance } from 'fastify';
import { paths } from '../../../shared/api/paths';
import { setStringRequest } from '../../../shared/api/site-text';
import { addRoute } from '../../http/route';
import type { SiteTextService } from './site-text.service';

export function siteTextRoutes(app: FastifyInstance, siteText: SiteTextService) {
  addRoute(app, {
    method: 'GET',
    url: paths.stringTable,
    policy: 'public',
    handler: ({ reply }) => {
      // The browser keeps its own copy in sessionStorage; a forced refresh must reach the server.
      reply.header('cache-control', 'no-cache');
      return siteText.table();
    },
  });

  addRoute(app, {
    method: 'POST',
    url: paths.setString,
    policy: 'admin',
    body: { kind: 'json', schema: setStringRequest },
    handler: async ({ body, user }) => {
      await siteText.set(body.key, body.value, user());
      return { succeeded: true };
    },
  });
}
