import { z } from 'zod';
import { defineEndpoints } from './contract';

/** Registered only with E2E_OUTBOX=on, the browser journeys' throwaway server; never on a real site. */
export const testingApi = defineEndpoints('testing', {
  outbox: {
    method: 'GET',
    path: '/api/test/outbox',
    summary: 'The latest e-mail, optionally to one address (browser journeys only)',
    query: z.object({ to: z.string().optional() }),
    response: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), created_at: z.string() })),
  },
});
