import type { FastifyInstance } from 'fastify';
import { secondFactorApi, staffFactorApi } from '../../../shared/api/second-factor';
import { addRoute } from '../../http/route';
import { notFound } from '../../http/errors';
import type { AccountsRepo } from './accounts.repo';
import type { AccountsService } from './accounts.service';
import type { SecondFactorService } from './second-factor.service';
import type { SessionsService } from './sessions.service';
import { signInContext } from './sign-in-context';

/**
 * Second factors, passkey sign-in and sessions (decisions 130-134). Every account route is
 * 'member', the lowest role: a staff account without a factor reaches these to set one up.
 */
export function secondFactorRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; factors: SecondFactorService; sessions: SessionsService; repo: AccountsRepo },
) {
  const { accounts, factors, sessions, repo } = deps;
  const account = async (id: string) => {
    const user = await repo.findById(id);
    if (!user) throw notFound('Account not found');
    return user;
  };

  addRoute(app, secondFactorApi.security, {
    policy: 'member',
    handler: async ({ user }) => ({ ...(await factors.security(user().id)), staff: await accounts.staffRuleFor(user().id) }),
  });

  addRoute(app, secondFactorApi.totpStart, { policy: 'member', handler: async ({ user }) => factors.startTotp(user()) });

  addRoute(app, secondFactorApi.totpConfirm, {
    policy: 'member',
    handler: async ({ body, user, req }) => ({ recovery_codes: await factors.confirmTotp(user(), body.code, req.tokenClaims!.jti) }),
  });

  addRoute(app, secondFactorApi.totpRemove, {
    policy: 'member',
    handler: async ({ body, user, req }) => {
      await factors.removeTotp(await account(user().id), body.password, req.tokenClaims!.jti);
      return { succeeded: true };
    },
  });

  addRoute(app, secondFactorApi.recoveryCodes, {
    policy: 'member',
    handler: async ({ body, user, req }) => ({
      recovery_codes: await factors.regenerateRecoveryCodes(await account(user().id), body.password, req.tokenClaims!.jti),
    }),
  });

  addRoute(app, secondFactorApi.passkeyOptions, {
    policy: 'member',
    handler: async ({ user }) => factors.registrationOptions(await account(user().id)),
  });

  addRoute(app, secondFactorApi.passkeyRegister, {
    policy: 'member',
    handler: ({ body, user, req }) => factors.register(user(), body.name, body.credential, req.tokenClaims!.jti),
  });

  addRoute(app, secondFactorApi.passkeyRename, {
    policy: 'member',
    handler: ({ params, body, user }) => factors.renamePasskey(user().id, params.id, body.name),
  });

  addRoute(app, secondFactorApi.passkeyRemove, {
    policy: 'member',
    handler: async ({ params, body, user, req }) => {
      await factors.removePasskey(await account(user().id), params.id, body.password, req.tokenClaims!.jti);
      return { succeeded: true };
    },
  });

  addRoute(app, secondFactorApi.passkeySignInOptions, {
    policy: 'public',
    handler: ({ req, reply }) => {
      reply.header('cache-control', 'no-store');
      return factors.signInOptions(req.ip);
    },
  });

  addRoute(app, secondFactorApi.passkeySignIn, {
    policy: 'public',
    handler: ({ body, req, reply }) => {
      reply.header('cache-control', 'no-store');
      return accounts.signInWithPasskey(body.credential, signInContext(req), body.username);
    },
  });

  addRoute(app, secondFactorApi.sessions, {
    policy: 'member',
    handler: async ({ user, req }) => ({ items: await sessions.list(user().id, req.tokenClaims!.jti) }),
  });

  addRoute(app, secondFactorApi.endSession, {
    policy: 'member',
    handler: async ({ params, user }) => {
      await sessions.end(user().id, params.id);
      return { succeeded: true };
    },
  });

  addRoute(app, secondFactorApi.endOtherSessions, {
    policy: 'member',
    handler: async ({ user, req }) => ({ ended: await sessions.endOthers(user().id, req.tokenClaims!.jti) }),
  });

  addRoute(app, staffFactorApi.policy, { policy: 'admin', handler: () => accounts.staffFactorPolicy() });
  addRoute(app, staffFactorApi.setPolicy, {
    policy: 'admin',
    handler: ({ body, user }) => accounts.setStaffFactorPolicy(body, user()),
  });
}
