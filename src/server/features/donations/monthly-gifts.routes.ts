import type { FastifyInstance } from 'fastify';
import { monthlyGiftsApi } from '../../../shared/api/monthly-gifts';
import { cardCheckOf } from '../../http/client-address';
import { addRoute } from '../../http/route';
import type { MonthlyGiftsService } from './monthly-gifts.service';

/** Monthly giving: the donate page's calls (public), the donor's own (My Profile, a receipt's link) and the admin's (decision 170). */
export function monthlyGiftsRoutes(app: FastifyInstance, gifts: MonthlyGiftsService) {
  addRoute(app, monthlyGiftsApi.start, {
    policy: 'public',
    // A signed-in donor's gift is theirs (My Profile); a visitor's is managed by its receipts' link (decision 173).
    handler: ({ body, req }) => gifts.start(body, req.ip, req.principal?.id ?? null, cardCheckOf(req.headers)),
  });
  addRoute(app, monthlyGiftsApi.confirm, {
    policy: 'public',
    handler: ({ body }) => gifts.confirm(body.gift_id, body.setup_intent_id),
  });
  addRoute(app, monthlyGiftsApi.byLink, { policy: 'public', handler: ({ body }) => gifts.byLink(body.gift_id, body.token) });
  addRoute(app, monthlyGiftsApi.cancelByLink, { policy: 'public', handler: ({ body }) => gifts.cancelByLink(body.gift_id, body.token) });
  addRoute(app, monthlyGiftsApi.cardSetupByLink, {
    policy: 'public',
    handler: ({ body }) => gifts.cardSetupByLink(body.gift_id, body.token),
  });
  addRoute(app, monthlyGiftsApi.changeCardByLink, {
    policy: 'public',
    handler: ({ body }) => gifts.changeCardByLink(body.gift_id, body.token, body.setup_intent_id),
  });
  addRoute(app, monthlyGiftsApi.cardSetupMine, {
    policy: 'member',
    handler: ({ body, user }) => gifts.cardSetupMine(user().id, body.gift_id),
  });
  addRoute(app, monthlyGiftsApi.changeCardMine, {
    policy: 'member',
    handler: ({ body, user }) => gifts.changeCardMine(user(), body.gift_id, body.setup_intent_id),
  });
  addRoute(app, monthlyGiftsApi.mine, { policy: 'member', handler: ({ user }) => gifts.mine(user().id) });
  addRoute(app, monthlyGiftsApi.cancelMine, { policy: 'member', handler: ({ body, user }) => gifts.cancelMine(user().id, body.gift_id) });
  addRoute(app, monthlyGiftsApi.adminList, { policy: 'admin', handler: () => gifts.adminList() });
  addRoute(app, monthlyGiftsApi.adminStop, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await gifts.adminStop(body.gift_id, user());
      return { succeeded: true };
    },
  });
}
