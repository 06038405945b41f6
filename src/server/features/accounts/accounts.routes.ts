import type { FastifyInstance } from 'fastify';
import { tokenRequest } from '../../../shared/api/accounts';
import { paths } from '../../../shared/api/paths';
import { addRoute } from '../../http/route';
import type { AccountsService } from './accounts.service';

export function accountsRoutes(app: FastifyInstance, accounts: AccountsService) {
  addRoute(app, {
    method: 'POST',
    url: paths.token,
    policy: 'public',
    body: { kind: 'form', schema: tokenRequest },
    handler: ({ body, req, reply }) => {
      reply.header('cache-control', 'no-store');
      return accounts.signIn(body.username, body.password, req.ip);
    },
  });
}
