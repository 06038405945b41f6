import type { FastifyInstance } from 'fastify';
import { accountsApi } from '../../../shared/api/accounts';
import { addRoute } from '../../http/route';
import type { AccountsService } from './accounts.service';
import type { PasswordResetService } from './password-reset.service';
import { signInContext } from './sign-in-context';

export function accountsRoutes(app: FastifyInstance, accounts: AccountsService, resets: PasswordResetService) {
  addRoute(app, accountsApi.token, {
    policy: 'public',
    handler: ({ body, req, reply }) => {
      reply.header('cache-control', 'no-store');
      return accounts.signIn(body.username, body.password, signInContext(req), body.otp);
    },
  });

  // Any signed-in person may sign out: 'member' is the lowest role.
  addRoute(app, accountsApi.signOut, {
    policy: 'member',
    handler: async ({ body, req, user }) => {
      await accounts.signOut(user().id, req.tokenClaims!, body.everywhere);
      return { succeeded: true };
    },
  });

  addRoute(app, accountsApi.pwForgot, {
    policy: 'public',
    handler: async ({ body, req }) => {
      await resets.requestReset(body.email, req.ip);
      return { succeeded: true };
    },
  });

  addRoute(app, accountsApi.pwResetValidate, {
    policy: 'public',
    handler: async ({ params }) => ({ valid: await resets.isValid(params.uid) }),
  });

  addRoute(app, accountsApi.pwResetSubmit, {
    policy: 'public',
    handler: async ({ body }) => {
      await resets.reset(body.uid, body.newPassword);
      return { succeeded: true };
    },
  });
}
