import type { FastifyInstance } from 'fastify';
import { testingApi } from '../../../shared/api/testing';
import { addRoute } from '../../http/route';
import { notFound } from '../../http/errors';
import { readAttachments, type Mailer } from '../../integrations/mail/mailer';
import type { PaymentEvents } from '../../payments/payment-events';

/**
 * Registered only when E2E_OUTBOX=on (the browser journeys' throwaway server): lets a journey
 * read the mail it caused, as a person would read their inbox, and have the test provider
 * report a refund as Stripe would. Never on a real site.
 */
export function testingRoutes(
  app: FastifyInstance,
  mailer: Mailer,
  events: PaymentEvents,
  autoRenewalJobsAt: ((at: Date) => Promise<{ notices: number; charged: number; failed: number }>) | undefined,
) {
  addRoute(app, testingApi.outbox, {
    policy: 'public',
    handler: async ({ query }) =>
      (await mailer.recent(query.to)).map((m) => ({
        to: m.to_address,
        subject: m.subject,
        text: m.text_body,
        created_at: m.created_at,
        attachments: readAttachments(m.attachments).map((a) => ({
          filename: a.filename,
          content_type: a.contentType,
          content: a.content.toString(),
        })),
      })),
  });

  // Only with the test provider (no money can move): the journey's "a year later" for one run of the jobs.
  if (autoRenewalJobsAt)
    addRoute(app, testingApi.autoRenewalsRun, {
      policy: 'public',
      handler: ({ body }) => autoRenewalJobsAt(new Date(body.at)),
    });

  addRoute(app, testingApi.refund, {
    policy: 'public',
    handler: async ({ body }) => {
      if (!(await events.refundTestPayment(body.email))) throw notFound('No card payment from this address');
      return { succeeded: true };
    },
  });
}
