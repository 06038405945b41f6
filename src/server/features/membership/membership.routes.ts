import type { FastifyInstance } from 'fastify';
import { adminPaths, recordRenewalRequest } from '../../../shared/api/admin';
import { confirmSimpleRequest, registrationForm, renewProceedRequest } from '../../../shared/api/membership';
import { addRoute } from '../../http/route';
import type { MembershipService } from './membership.service';

export function membershipRoutes(app: FastifyInstance, membership: MembershipService) {
  addRoute(app, {
    method: 'POST',
    url: '/api/register_proceed',
    policy: 'public',
    body: { kind: 'json', schema: registrationForm },
    handler: ({ body, req }) => membership.registerProceed(body, req.ip),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/register_confirm_simple',
    policy: 'public',
    body: { kind: 'json', schema: confirmSimpleRequest },
    handler: async ({ body }) => {
      await membership.registerConfirmSimple(body.payment_id);
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/member_info',
    policy: 'member',
    handler: ({ user }) => membership.memberInfo(user().id),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/renew_proceed',
    policy: 'member',
    body: { kind: 'json', schema: renewProceedRequest },
    handler: ({ body, user }) => membership.renewProceed(user().id, body.tier_index),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/renew_confirm_simple',
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
}
