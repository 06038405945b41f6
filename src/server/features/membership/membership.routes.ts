import { cardCheckOf } from '../../http/client-address';
import type { FastifyInstance } from 'fastify';
import { accountsApi } from '../../../shared/api/accounts';
import { adminApi } from '../../../shared/api/admin';
import { membershipApi } from '../../../shared/api/membership';
import { addRoute } from '../../http/route';
import { signInContext } from '../../http/sign-in-context';
import type { MembershipService } from './membership.service';

export function membershipRoutes(app: FastifyInstance, membership: MembershipService) {
  addRoute(app, membershipApi.registerProceed, {
    policy: 'public',
    handler: ({ body, req }) => membership.registerProceed(body, req.ip, cardCheckOf(req.headers)),
  });

  addRoute(app, membershipApi.registerConfirmSimple, {
    policy: 'public',
    handler: async ({ body }) => {
      await membership.registerConfirmSimple(body.payment_id);
      return { succeeded: true };
    },
  });

  addRoute(app, accountsApi.registerSignIn, {
    policy: 'public',
    handler: ({ body, req, reply }) => {
      reply.header('cache-control', 'no-store');
      return membership.registerSignIn(body.payment_id, body.secret, signInContext(req));
    },
  });

  addRoute(app, membershipApi.memberInfo, { policy: 'member', handler: ({ user }) => membership.memberInfo(user().id) });

  addRoute(app, membershipApi.renewProceed, {
    policy: 'member',
    handler: ({ body, user, req }) => membership.renewProceed(user().id, body.tier_index, req.ip, body.auto_renew),
  });

  addRoute(app, membershipApi.renewConfirmSimple, {
    policy: 'member',
    handler: async ({ body, user }) => {
      await membership.renewConfirmSimple(user().id, body.payment_id);
      return { succeeded: true };
    },
  });

  addRoute(app, adminApi.recordRenewal, {
    policy: 'admin',
    handler: ({ body, user }) => membership.recordOfflineRenewal(body, user()),
  });

  addRoute(app, adminApi.paymentReview, {
    policy: 'admin',
    handler: ({ body, user }) => membership.reviewPayment(body, user()),
  });
}
