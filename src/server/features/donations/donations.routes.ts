import { cardCheckOf } from '../../http/client-address';
import type { FastifyInstance } from 'fastify';
import { donationsApi } from '../../../shared/api/donations';
import { addRoute } from '../../http/route';
import type { DonationsService } from './donations.service';

export function donationsRoutes(app: FastifyInstance, donations: DonationsService) {
  addRoute(app, donationsApi.config, { policy: 'public', handler: () => donations.config() });

  addRoute(app, donationsApi.proceed, {
    policy: 'public',
    handler: ({ body, req }) => donations.proceed(body, req.ip, cardCheckOf(req.headers)),
  });

  addRoute(app, donationsApi.declarations, { policy: 'admin', handler: () => donations.declarations() });

  addRoute(app, donationsApi.cancelDeclaration, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await donations.cancelDeclaration(body._id, user());
      return { succeeded: true };
    },
  });

  addRoute(app, donationsApi.correctDeclaration, {
    policy: 'admin',
    handler: ({ params, body, user }) => donations.correctDeclaration(params.id, body, user()),
  });

  addRoute(app, donationsApi.exportCsv, {
    policy: 'admin',
    handler: async ({ query, reply }) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gift-aid-${query.from}-to-${query.to}.csv"`);
      return donations.exportCsv(query.from, query.to);
    },
  });
}
