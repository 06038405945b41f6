import type { FastifyInstance } from 'fastify';
import { settingsApi } from '../../../shared/api/settings';
import { siteTextApi } from '../../../shared/api/site-text';
import { addRoute } from '../../http/route';
import type { SettingsService } from './settings.service';
import type { SiteTextService } from './site-text.service';

export function siteTextRoutes(app: FastifyInstance, siteText: SiteTextService, settings: SettingsService) {
  addRoute(app, siteTextApi.stringTable, {
    policy: 'public',
    etag: true,
    handler: ({ reply, query }) => {
      // The browser keeps its own copy in sessionStorage; a forced refresh must reach the server.
      reply.header('cache-control', 'no-cache');
      return siteText.table(query.lang);
    },
  });

  addRoute(app, siteTextApi.setString, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await siteText.set(body.key, body.value, user(), body.lang);
      return { succeeded: true };
    },
  });

  addRoute(app, siteTextApi.texts, {
    policy: 'admin',
    handler: () => siteText.texts(),
  });

  addRoute(app, siteTextApi.reset, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await siteText.reset(body.key, user(), body.lang);
      return { succeeded: true };
    },
  });

  addRoute(app, settingsApi.get, {
    policy: 'admin',
    handler: () => settings.get(),
  });

  addRoute(app, settingsApi.save, {
    policy: 'admin',
    handler: ({ body, user }) => settings.save(body, user()),
  });
}
