import type { FastifyInstance } from 'fastify';
import { newslettersApi } from '../../../shared/api/newsletters';
import { addRoute } from '../../http/route';
import type { ChoicesService } from './choices.service';
import type { NewslettersService } from './newsletters.service';

/** Writing and sending: editors and the admin; lists and suppressions: the admin; the archive and the links in mail: anyone. */
export function newslettersRoutes(app: FastifyInstance, newsletters: NewslettersService, choices: ChoicesService) {
  addRoute(app, newslettersApi.list, { policy: 'editor', handler: () => newsletters.list() });
  addRoute(app, newslettersApi.create, { policy: 'editor', handler: ({ body, user }) => newsletters.create(body, user()) });
  addRoute(app, newslettersApi.audience, { policy: 'editor', handler: ({ body }) => newsletters.preview(body.list, body.audience) });
  addRoute(app, newslettersApi.one, { policy: 'editor', handler: ({ params }) => newsletters.view(params.id) });
  addRoute(app, newslettersApi.update, {
    policy: 'editor',
    handler: ({ params, body, user }) => newsletters.update(params.id, body, user()),
  });
  addRoute(app, newslettersApi.test, { policy: 'editor', handler: ({ params, user }) => newsletters.test(params.id, user()) });
  addRoute(app, newslettersApi.send, {
    policy: 'editor',
    handler: ({ params, body, user }) => newsletters.send(params.id, body.at, user()),
  });
  addRoute(app, newslettersApi.cancel, { policy: 'editor', handler: ({ params, user }) => newsletters.cancel(params.id, user()) });

  // Writers choose a list, so they may read them; naming lists is the admin's.
  addRoute(app, newslettersApi.lists, { policy: 'editor', handler: () => newsletters.lists() });
  addRoute(app, newslettersApi.createList, { policy: 'admin', handler: ({ body, user }) => newsletters.createList(body, user()) });
  addRoute(app, newslettersApi.updateList, {
    policy: 'admin',
    handler: ({ params, body, user }) => newsletters.updateList(params.id, body, user()),
  });
  addRoute(app, newslettersApi.suppressions, { policy: 'admin', handler: () => newsletters.suppressions() });
  addRoute(app, newslettersApi.lift, { policy: 'admin', handler: ({ body, user }) => newsletters.lift(body.email, user()) });

  addRoute(app, newslettersApi.archive, { policy: 'public', handler: () => newsletters.archive() });
  addRoute(app, newslettersApi.archived, { policy: 'public', handler: ({ params }) => newsletters.archived(params.id) });

  addRoute(app, newslettersApi.oneClick, {
    policy: 'public',
    handler: async ({ params }) => {
      await choices.oneClick(params.token);
      return { done: true as const };
    },
  });
  addRoute(app, newslettersApi.unsubscribePage, {
    policy: 'public',
    // A browser (or a scanner) opening the link is sent to the page, whose button acts; nothing changes here.
    handler: ({ params, reply }) => {
      void reply
        .code(303)
        .header('location', `/preferences/${encodeURIComponent(params.token)}`)
        .header('referrer-policy', 'no-referrer');
      return '';
    },
  });
  addRoute(app, newslettersApi.preferences, { policy: 'public', handler: ({ params }) => choices.preferences(params.token) });
  addRoute(app, newslettersApi.savePreferences, {
    policy: 'public',
    handler: ({ params, body }) => choices.savePreferences(params.token, body),
  });
  addRoute(app, newslettersApi.mine, { policy: 'member', handler: ({ user }) => choices.mine(user()) });
  addRoute(app, newslettersApi.saveMine, { policy: 'member', handler: ({ body, user }) => choices.saveMine(user(), body) });
}
