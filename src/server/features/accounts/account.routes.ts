import type { FastifyInstance } from 'fastify';
import { accountAdminApi, accountApi } from '../../../shared/api/account';
import { addRoute } from '../../http/route';
import type { AccountService } from './account.service';

/** The member's own account. 'member' is the lowest role: editors and admins have accounts too. */
export function accountRoutes(app: FastifyInstance, account: AccountService) {
  addRoute(app, accountApi.details, { policy: 'member', handler: ({ user }) => account.details(user().id) });

  addRoute(app, accountApi.updateDetails, {
    policy: 'member',
    handler: ({ body, user }) => account.updateDetails(user().id, body, user()),
  });

  addRoute(app, accountApi.name, { policy: 'member', handler: ({ body, user }) => account.updateName(user().id, body, user()) });

  addRoute(app, accountApi.language, {
    policy: 'member',
    handler: async ({ body, user }) => {
      await account.updateLanguage(user().id, body.language, user());
      return { succeeded: true };
    },
  });

  addRoute(app, accountApi.password, {
    policy: 'member',
    handler: async ({ body, user, req }) => ({
      succeeded: true,
      access_token: await account.changePassword(user().id, body.current_password, body.new_password, req.tokenClaims!),
    }),
  });

  addRoute(app, accountApi.email, {
    policy: 'member',
    handler: async ({ body, user, req }) => {
      await account.requestEmailChange(user().id, body.new_email, body.password, req.tokenClaims!.jti);
      return { succeeded: true };
    },
  });

  // The link may be opened in another browser than the one signed in: the token alone is the proof.
  addRoute(app, accountApi.emailConfirm, {
    policy: 'public',
    handler: async ({ body }) => ({ succeeded: true, email: await account.confirmEmailChange(body.token) }),
  });

  addRoute(app, accountApi.payments, { policy: 'member', handler: async ({ user }) => ({ items: await account.payments(user().id) }) });

  addRoute(app, accountApi.receipt, {
    policy: 'member',
    handler: async ({ params, query, user, req, reply }) => {
      const pdf = await account.receipt(user().id, params.id, req.ip, query.lang);
      reply.header('content-disposition', `attachment; filename="receipt-${params.id.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`);
      return pdf;
    },
  });

  addRoute(app, accountApi.consent, { policy: 'member', handler: ({ user }) => account.consent(user().id) });

  addRoute(app, accountApi.setConsent, {
    policy: 'member',
    handler: ({ body, user }) => account.setConsent(user().id, body.news_email),
  });

  addRoute(app, accountApi.export, {
    policy: 'member',
    handler: async ({ user, reply }) => {
      reply.header('content-disposition', 'attachment; filename="my-data.json"');
      return account.export(user().id);
    },
  });

  addRoute(app, accountApi.delete, {
    policy: 'member',
    handler: async ({ body, user }) => {
      await account.deleteAccount(user().id, body.password);
      return { succeeded: true };
    },
  });

  // The admin acting on a member's account, from the member's page.
  addRoute(app, accountAdminApi.updateDetails, {
    policy: 'admin',
    handler: ({ params, body, user }) => account.updateDetails(params.id, body, user()),
  });
  addRoute(app, accountAdminApi.changeEmail, {
    policy: 'admin',
    handler: async ({ params, body, user }) => {
      await account.adminChangeEmail(params.id, body.email, user());
      return { succeeded: true };
    },
  });
  addRoute(app, accountAdminApi.consents, {
    policy: 'admin',
    handler: async ({ params }) => ({ items: await account.consentHistory(params.id) }),
  });
  addRoute(app, accountAdminApi.mail, {
    policy: 'admin',
    handler: async ({ params }) => ({ items: await account.resendableMail(params.id) }),
  });
  addRoute(app, accountAdminApi.resend, {
    policy: 'admin',
    handler: async ({ params, body, user }) => {
      await account.resend(params.id, body.outbox_id, user());
      return { succeeded: true };
    },
  });
  addRoute(app, accountAdminApi.erase, {
    policy: 'admin',
    handler: async ({ params, user }) => {
      await account.erase(params.id, user(), "at the member's request, by an admin");
      return { succeeded: true };
    },
  });
}
