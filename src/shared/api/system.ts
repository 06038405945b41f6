import { z } from 'zod';
import { defineEndpoints, file } from './contract';

/** The OpenAPI 3.1 document; its parts are described by the OpenAPI specification itself. */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof openApiDocument>;

export const healthReport = z.object({
  /** ok: serving; read_only: the database answers but cannot write; unavailable: it does not answer. */
  status: z.enum(['ok', 'read_only', 'unavailable']),
  database: z.object({ reachable: z.boolean(), writable: z.boolean() }),
});
export type HealthReport = z.infer<typeof healthReport>;

export const systemApi = defineEndpoints('system', {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the server can serve: its database reachable and writable (503 with Retry-After when not)',
    description:
      'Answers 200 with status "ok" while the database answers and accepts writes; 503 with Retry-After and status "read_only" (SQLite read-only or its disk full, PostgreSQL read-only) or "unavailable" (the database does not answer).',
    response: healthReport,
    errors: { 503: { description: 'The database is unreachable or cannot write: the body says which', schema: healthReport } },
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics: requests by route and status, outbox, payments, scheduled jobs',
    description: 'For the machines that run the site: the server itself over loopback, or the METRICS_TOKEN bearer token.',
    response: file('text/plain'),
  },
  openapi: {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document: every route of the API, generated from the contract in src/shared/api',
    response: openApiDocument,
  },
});
