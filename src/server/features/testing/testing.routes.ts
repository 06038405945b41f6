import type { FastifyInstance } from 'fastify';
import { testingApi } from '../../../shared/api/testing';
import { addRoute } from '../../http/route';
import type { Mailer } from '../../integrations/mail/mailer';

/**
 * Registered only when E2E_OUTBOX=on (the browser journeys' throwaway server): lets a journey
 * read the mail it caused, as a person would read their inbox. Never on a real site.
 */
export function testingRoutes(app: FastifyInstance, mailer: Mailer) {
  addRoute(app, testingApi.outbox, {
    policy: 'public',
    handler: async ({ query }) =>
      (await mailer.recent(query.to)).map((m) => ({ to: m.to_address, subject: m.subject, text: m.text_body, created_at: m.created_at })),
  });
}
