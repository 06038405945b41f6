import { z } from 'zod';
import { defineEndpoints, file } from './contract';

/** The OpenAPI 3.1 document; its parts are described by the OpenAPI specification itself. */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof openApiDocument>;

export const systemApi = defineEndpoints('system', {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Answers while the server and its database do',
    response: z.object({ status: z.literal('ok') }),
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
