import type { FastifyInstance } from 'fastify';
import { adminPaths, paymentReviewRequest, recordRenewalRequest } from '../../../shared/api/admin';
import { confirmSimpleRequest, membershipPaths, registrationRequest, renewProceedRequest } from '../../../shared/api/membership';
import { addRoute } from '../../http/route';
import type { MembershipService } from './membership.service';

export function membershipRoutes(app: FastifyInstance, membership: MembershipService) {
  addRoute(app, {
    method: 'POST',
    url: membershipPaths.registerProceed,
    policy: 'public',
    // A plain HTML form posts its fields form-encoded; the browser app sends JSON.
    body: { kind: 'json-or-form', schema: registrationRequest },
    handler: ({ body, req }) => membership.registerProceed(body, req.ip),
  });

  addRoute(app, {
    method: 'POST',
    url: membershipPaths.registerConfirmSimple,
    policy: 'public',
    body: { kind: 'json', schema: confirmSimpleRequest },
    handler: async ({ body }) => {
      await membership.registerConfirmSimple(body.payment_id);
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: membershipPaths.memberInfo,
    policy: 'member',
    handler: ({ user }) => membership.memberInfo(user().id),
  });

  addRoute(app, {
    method: 'POST',
    url: membershipPaths.renewProceed,
    policy: 'member',
    body: { kind: 'json', schema: renewProceedRequest },
    handler: ({ body, user, req }) => membership.renewProceed(user().id, body.tier_index, req.ip),
  });

  addRoute(app, {
    method: 'POST',
    url: membershipPaths.renewConfirmSimple,
    policy: 'member',
    body: { kind: 'json', schema: confirmSimpleRequest },
    handler: async ({ body, user }) => {
      await membership.renewConfirmSimple(user().id, body.payment_id);
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: adminPaths.recordRenewal,
    policy: 'admin',
    body: { kind: 'json', schema: recordRenewalRequest },
    handler: ({ body, user }) => membership.recordOfflineRenewal(body, user()),
  });

  addRoute(app, {
    method: 'POST',
    url: adminPaths.paymentReview,
    policy: 'admin',
    body: { kind: 'json', schema: paymentReviewRequest },
    handler: ({ body, user }) => membership.reviewPayment(body, user()),
  });
}
