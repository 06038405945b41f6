import type { FastifyInstance } from 'fastify';
import { autoRenewalApi } from '../../../shared/api/auto-renewal';
import { addRoute } from '../../http/route';
import type { AutoRenewalService } from './auto-renewal.service';

/** Automatic renewal: the member's own (My Profile, the confirmation page) and the admin's list (decision 140). */
export function autoRenewalRoutes(app: FastifyInstance, autoRenewal: AutoRenewalService) {
  addRoute(app, autoRenewalApi.state, { policy: 'member', handler: ({ user }) => autoRenewal.state(user().id) });

  addRoute(app, autoRenewalApi.set, {
    policy: 'member',
    handler: ({ body, user }) => autoRenewal.set(user().id, body.on, body.setup_intent_id),
  });

  addRoute(app, autoRenewalApi.setup, { policy: 'member', handler: ({ user }) => autoRenewal.setup(user().id) });

  addRoute(app, autoRenewalApi.changeMethod, {
    policy: 'member',
    handler: ({ body, user }) => autoRenewal.changeMethod(user().id, body.setup_intent_id),
  });

  addRoute(app, autoRenewalApi.payment, {
    policy: 'member',
    handler: ({ params, user }) => autoRenewal.payment(user().id, params.payment_id),
  });

  addRoute(app, autoRenewalApi.authenticate, {
    policy: 'member',
    handler: ({ params, user }) => autoRenewal.authenticate(user().id, params.payment_id),
  });

  addRoute(app, autoRenewalApi.adminList, { policy: 'admin', handler: () => autoRenewal.adminList() });

  addRoute(app, autoRenewalApi.adminTurnOff, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await autoRenewal.adminTurnOff(body.user_id, user());
      return { succeeded: true };
    },
  });
}
