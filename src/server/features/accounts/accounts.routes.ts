import type { FastifyInstance } from 'fastify';
import { tokenRequest } from '../../../shared/api/accounts';
import { paths } from '../../../shared/api/paths';
import { addRoute } from '../../http/route';
import { pwForgotRequest, pwResetSubmitRequest } from '../../../shared/api/membership';
import { z } from 'zod';
import type { AccountsService } from './accounts.service';
import type { PasswordResetService } from './password-reset.service';

export function accountsRoutes(app: FastifyInstance, accounts: AccountsService, resets: PasswordResetService) {
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

  addRoute(app, {
    method: 'POST',
    url: '/api/pw_forgot',
    policy: 'public',
    body: { kind: 'json', schema: pwForgotRequest },
    handler: async ({ body, req }) => {
      await resets.requestReset(body.email, req.ip);
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/pw_reset_validate/:uid',
    policy: 'public',
    params: z.object({ uid: z.string().max(200) }),
    handler: async ({ params }) => ({ valid: await resets.isValid(params.uid) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/pw_reset_submit',
    policy: 'public',
    body: { kind: 'json', schema: pwResetSubmitRequest },
    handler: async ({ body }) => {
      await resets.reset(body.uid, body.newPassword);
      return { succeeded: true };
    },
  });
}
