import type { FastifyInstance } from 'fastify';
import { newCommitteeRequest, updateCommitteeRequest } from '../../../shared/api/committee';
import { byIdRequest } from '../../../shared/api/common';
import { addRoute } from '../../http/route';
import type { CommitteeService } from './committee.service';

export function committeeRoutes(app: FastifyInstance, committee: CommitteeService) {
  addRoute(app, {
    method: 'GET',
    url: '/api/committees',
    policy: 'public',
    handler: () => committee.list(),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/new_committee',
    policy: 'admin',
    body: { kind: 'json', schema: newCommitteeRequest },
    handler: async ({ body, user }) => ({ inserted_id: await committee.create(body, user()) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/update_committee',
    policy: 'admin',
    body: { kind: 'json', schema: updateCommitteeRequest },
    handler: async ({ body: { _id, ...fields }, user }) => {
      await committee.update(_id, fields, user());
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/delete_committee',
    policy: 'admin',
    body: { kind: 'json', schema: byIdRequest },
    handler: async ({ body, user }) => {
      await committee.delete(body._id, user());
      return { succeeded: true };
    },
  });
}
