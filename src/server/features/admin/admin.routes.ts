import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  adminPaths,
  auditListQuery,
  memberFilter,
  memberListQuery,
  outboxIdParams,
  outboxListQuery,
  paymentFilter,
  paymentListQuery,
  setRoleRequest,
} from '../../../shared/api/admin';
import { londonDate } from '../../../shared/domain/london-time';
import { addRoute } from '../../http/route';
import type { AdminService } from './admin.service';

/** The back office: every call is for the admin alone. */
export function adminRoutes(app: FastifyInstance, admin: AdminService, clock: () => Date) {
  const csv = (reply: FastifyReply, name: string, body: string) =>
    reply
      .type('text/csv; charset=utf-8')
      // Personal data: never kept by a shared cache or the browser's.
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}-${londonDate(clock())}.csv"`)
      .send(body);

  addRoute(app, {
    method: 'GET',
    url: adminPaths.members,
    policy: 'admin',
    query: memberListQuery,
    handler: ({ query }) => admin.members(query),
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.membersCsv,
    policy: 'admin',
    query: memberFilter,
    handler: async ({ query, reply }) => csv(reply, 'members', await admin.membersCsv(query)),
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.memberPattern,
    policy: 'admin',
    params: z.object({ id: z.string().trim().min(1).max(100) }),
    handler: ({ params }) => admin.member(params.id),
  });

  addRoute(app, {
    method: 'POST',
    url: adminPaths.setRole,
    policy: 'admin',
    body: { kind: 'json', schema: setRoleRequest },
    handler: async ({ body, user }) => {
      await admin.setRole(body.user_id, body.role, user());
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.payments,
    policy: 'admin',
    query: paymentListQuery,
    handler: ({ query }) => admin.payments(query),
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.paymentsCsv,
    policy: 'admin',
    query: paymentFilter,
    handler: async ({ query, reply }) => csv(reply, 'payments', await admin.paymentsCsv(query)),
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.paymentTotals,
    policy: 'admin',
    handler: () => admin.paymentTotals(),
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.outbox,
    policy: 'admin',
    query: outboxListQuery,
    handler: ({ query }) => admin.outbox(query),
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.outboxMessagePattern,
    policy: 'admin',
    params: outboxIdParams,
    handler: ({ params }) => admin.outboxMessage(params.id),
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.audit,
    policy: 'admin',
    query: auditListQuery,
    handler: ({ query }) => admin.audit(query),
  });

  addRoute(app, {
    method: 'GET',
    url: adminPaths.auditActors,
    policy: 'admin',
    handler: () => admin.auditActors(),
  });
}
