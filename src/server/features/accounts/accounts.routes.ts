import type { FastifyInstance } from 'fastify';
import { accountPaths, signOutRequest, tokenRequest } from '../../../shared/api/accounts';
import { addRoute } from '../../http/route';
import { membershipPaths, pwForgotRequest, pwResetSubmitRequest } from '../../../shared/api/membership';
import { z } from 'zod';
import type { AccountsService } from './accounts.service';
import type { PasswordResetService } from './password-reset.service';

export function accountsRoutes(app: FastifyInstance, accounts: AccountsService, resets: PasswordResetService) {
  addRoute(app, {
    method: 'POST',
    url: accountPaths.token,
    policy: 'public',
    body: { kind: 'form', schema: tokenRequest },
    handler: ({ body, req, reply }) => {
      reply.header('cache-control', 'no-store');
      return accounts.signIn(body.username, body.password, req.ip);
    },
  });

  // Any signed-in person may sign out: 'member' is the lowest role.
  addRoute(app, {
    method: 'POST',
    url: accountPaths.signOut,
    policy: 'member',
    body: { kind: 'json', schema: signOutRequest },
    handler: async ({ body, req, user }) => {
      await accounts.signOut(user().id, req.tokenClaims!, body.everywhere);
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: membershipPaths.pwForgot,
    policy: 'public',
    body: { kind: 'json', schema: pwForgotRequest },
    handler: async ({ body, req }) => {
      await resets.requestReset(body.email, req.ip);
      return { succeeded: true };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: membershipPaths.pwResetValidatePattern,
    policy: 'public',
    params: z.object({ uid: z.string().max(200) }),
    handler: async ({ params }) => ({ valid: await resets.isValid(params.uid) }),
  });

  addRoute(app, {
    method: 'POST',
    url: membershipPaths.pwResetSubmit,
    policy: 'public',
    body: { kind: 'json', schema: pwResetSubmitRequest },
    handler: async ({ body }) => {
      await resets.reset(body.uid, body.newPassword);
      return { succeeded: true };
    },
  });
}
