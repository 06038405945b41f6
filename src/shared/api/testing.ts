import { z } from 'zod';
import { succeededResponse } from './common';
import { defineEndpoints } from './contract';

/** Registered only with E2E_OUTBOX=on, the browser journeys' throwaway server; never on a real site. */
export const testingApi = defineEndpoints('testing', {
  outbox: {
    method: 'GET',
    path: '/api/test/outbox',
    summary: 'The latest e-mail, optionally to one address (browser journeys only)',
    query: z.object({ to: z.string().optional() }),
    response: z.array(
      z.object({
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        created_at: z.string(),
        attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), content: z.string() })),
      }),
    ),
  },
  autoRenewalsRun: {
    method: 'POST',
    path: '/api/test/auto_renewals/run',
    summary:
      'Runs the automatic renewal jobs as they would run at `at` (browser journeys only, with the test provider): the clock moved for one run',
    body: { kind: 'json', schema: z.object({ at: z.iso.datetime({ error: 'An ISO instant, e.g. 2027-11-21T09:00:00Z' }) }) },
    response: z.object({ notices: z.number().int(), charged: z.number().int(), failed: z.number().int() }),
  },
  refund: {
    method: 'POST',
    path: '/api/test/refund',
    summary:
      "The test provider reports a full refund of an address's latest card payment, as Stripe's webhook would (browser journeys only)",
    body: { kind: 'json', schema: z.object({ email: z.string() }) },
    response: succeededResponse,
    errors: { 404: 'No card payment from this address' },
  },
});
