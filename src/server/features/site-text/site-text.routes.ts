import type { FastifyInstance } from 'fastify';
import { paths } from '../../../shared/api/paths';
import { settingsPaths, settingsUpdate } from '../../../shared/api/settings';
import { resetTextRequest, setStringRequest, siteTextPaths } from '../../../shared/api/site-text';
import { addRoute } from '../../http/route';
import type { SettingsService } from './settings.service';
import type { SiteTextService } from './site-text.service';

export function siteTextRoutes(app: FastifyInstance, siteText: SiteTextService, settings: SettingsService) {
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

  addRoute(app, {
    method: 'GET',
    url: siteTextPaths.texts,
    policy: 'admin',
    handler: () => siteText.texts(),
  });

  addRoute(app, {
    method: 'POST',
    url: siteTextPaths.reset,
    policy: 'admin',
    body: { kind: 'json', schema: resetTextRequest },
    handler: async ({ body, user }) => {
      await siteText.reset(body.key, user());
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: settingsPaths.settings,
    policy: 'admin',
    handler: () => settings.get(),
  });

  addRoute(app, {
    method: 'POST',
    url: settingsPaths.settings,
    policy: 'admin',
    body: { kind: 'json', schema: settingsUpdate },
    handler: ({ body, user }) => settings.save(body, user()),
  });
}
