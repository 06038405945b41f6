import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Policy, Principal } from './auth';
import { unauthorized, unsupportedMediaType } from './errors';
import { parseOrThrow } from './validation';

type BodySpec<B> =
  | { kind: 'json' | 'form'; schema: z.ZodType<B> }
  | { kind: 'multipart' }
  /** JSON kept as the raw bytes (signed webhooks); the scope must parse JSON as a buffer. */
  | { kind: 'raw-json' };

export type RouteContext<B, Q, P> = {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
  /** The signed-in caller; throws 401 when there is none (only possible on public routes). */
  user: () => Principal;
};

export type RouteSpec<B, Q, P> = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  policy: Policy;
  body?: BodySpec<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  bodyLimit?: number;
  handler(ctx: RouteContext<B, Q, P>): unknown;
};

const mediaTypes = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  'raw-json': 'application/json',
};

function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Registers a route with its access policy, its content type and zod validation of its input. */
export function addRoute<B = undefined, Q = undefined, P = undefined>(app: FastifyInstance, spec: RouteSpec<B, Q, P>) {
  app.route({
    method: spec.method,
    url: spec.url,
    config: { policy: spec.policy },
    bodyLimit: spec.bodyLimit,
    handler: async (req, reply) => {
      if (spec.body) {
        const expected = mediaTypes[spec.body.kind];
        if (mediaType(req) !== expected) throw unsupportedMediaType(`Send the request body as ${expected}`);
      }
      const body = spec.body && 'schema' in spec.body ? parseOrThrow(spec.body.schema, req.body ?? {}, 'body') : undefined;
      const query = spec.query ? parseOrThrow(spec.query, req.query, 'query') : undefined;
      const params = spec.params ? parseOrThrow(spec.params, req.params, 'path') : undefined;
      return spec.handler({
        req,
        reply,
        body: body as B,
        query: query as Q,
        params: params as P,
        user: () => {
          if (!req.principal) throw unauthorized();
          return req.principal;
        },
      });
    },
  });
}
