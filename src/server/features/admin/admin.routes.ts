import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminApi } from '../../../shared/api/admin';
import { londonDate } from '../../../shared/domain/london-time';
import { addRoute } from '../../http/route';
import type { AdminService } from './admin.service';

/** The back office: every call is for the admin alone. */
export function adminRoutes(app: FastifyInstance, admin: AdminService, clock: () => Date) {
  const csv = (reply: FastifyReply, name: string) =>
    reply
      .type('text/csv; charset=utf-8')
      // Personal data: never kept by a shared cache or the browser's.
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}-${londonDate(clock())}.csv"`);

  addRoute(app, adminApi.members, { policy: 'admin', handler: ({ query }) => admin.members(query) });

  addRoute(app, adminApi.membersCsv, {
    policy: 'admin',
    handler: async ({ query, reply }) => {
      csv(reply, 'members');
      return admin.membersCsv(query);
    },
  });

  addRoute(app, adminApi.member, { policy: 'admin', handler: ({ params }) => admin.member(params.id) });

  addRoute(app, adminApi.setRole, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await admin.setRole(body.user_id, body.role, user());
      return { succeeded: true };
    },
  });

  addRoute(app, adminApi.payments, { policy: 'admin', handler: ({ query }) => admin.payments(query) });

  addRoute(app, adminApi.paymentsCsv, {
    policy: 'admin',
    handler: async ({ query, reply }) => {
      csv(reply, 'payments');
      return admin.paymentsCsv(query);
    },
  });

  addRoute(app, adminApi.paymentTotals, { policy: 'admin', handler: () => admin.paymentTotals() });

  addRoute(app, adminApi.outbox, { policy: 'admin', handler: ({ query }) => admin.outbox(query) });

  addRoute(app, adminApi.outboxMessage, { policy: 'admin', handler: ({ params }) => admin.outboxMessage(params.id) });

  addRoute(app, adminApi.audit, { policy: 'admin', handler: ({ query }) => admin.audit(query) });

  addRoute(app, adminApi.auditActors, { policy: 'admin', handler: () => admin.auditActors() });
}
