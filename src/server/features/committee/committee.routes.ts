import type { FastifyInstance } from 'fastify';
import { committeeApi } from '../../../shared/api/committee';
import { addRoute } from '../../http/route';
import type { CommitteeService } from './committee.service';

export function committeeRoutes(app: FastifyInstance, committee: CommitteeService) {
  addRoute(app, committeeApi.list, { policy: 'public', handler: () => committee.list() });

  addRoute(app, committeeApi.create, {
    policy: 'admin',
    handler: async ({ body, user }) => ({ inserted_id: await committee.create(body, user()) }),
  });

  addRoute(app, committeeApi.update, {
    policy: 'admin',
    handler: async ({ body: { _id, ...fields }, user }) => {
      await committee.update(_id, fields, user());
      return { succeeded: true };
    },
  });

  addRoute(app, committeeApi.remove, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await committee.delete(body._id, user());
      return { succeeded: true };
    },
  });
}
