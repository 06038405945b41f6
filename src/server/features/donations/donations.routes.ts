import type { FastifyInstance } from 'fastify';
import { byIdRequest } from '../../../shared/api/common';
import { donateProceedRequest, giftAidExportQuery } from '../../../shared/api/donations';
import { addRoute } from '../../http/route';
import type { DonationsService } from './donations.service';

export function donationsRoutes(app: FastifyInstance, donations: DonationsService) {
  addRoute(app, {
    method: 'GET',
    url: '/api/donations/config',
    policy: 'public',
    handler: () => donations.config(),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/donate_proceed',
    policy: 'public',
    body: { kind: 'json', schema: donateProceedRequest },
    handler: ({ body, req }) => donations.proceed(body, req.ip),
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/admin/gift_aid/declarations',
    policy: 'admin',
    handler: () => donations.declarations(),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/admin/gift_aid/cancel',
    policy: 'admin',
    body: { kind: 'json', schema: byIdRequest },
    handler: async ({ body, user }) => {
      await donations.cancelDeclaration(body._id, user());
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/admin/gift_aid/export.csv',
    policy: 'admin',
    query: giftAidExportQuery,
    handler: async ({ query, reply }) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gift-aid-${query.from}-to-${query.to}.csv"`)
        .send(await donations.exportCsv(query.from, query.to)),
  });
}
