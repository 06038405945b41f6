import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Policy, Principal } from './auth';
import { hasNulCharacter, nestedAtMost } from '../../shared/domain/json-shape';
import { badRequest, unauthorized, unsupportedMediaType } from './errors';
import { parseOrThrow } from './validation';

type BodySpec<B> =
  | { kind: 'json' | 'form' | 'json-or-form'; schema: z.ZodType<B> }
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
  user(): Principal;
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

const MAX_BODY_NESTING = 32;
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const mediaTypes: Record<BodySpec<unknown>['kind'], string[]> = {
  json: [JSON_TYPE],
  form: [FORM_TYPE],
  'json-or-form': [JSON_TYPE, FORM_TYPE],
  multipart: ['multipart/form-data'],
  'raw-json': [JSON_TYPE],
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
        if (!expected.includes(mediaType(req))) throw unsupportedMediaType(`Send the request body as ${expected.join(' or ')}`);
      }
      // U+0000 is no character a person types, and PostgreSQL cannot store it: refused wherever it comes.
      if (hasNulCharacter(req.params) || hasNulCharacter(req.query) || (spec.body && 'schema' in spec.body && hasNulCharacter(req.body)))
        throw badRequest('The request contains a NUL character (U+0000)');
      let body: B | undefined;
      if (spec.body && 'schema' in spec.body) {
        // No request of the site nests deeper than this; deeper would only strain the checks.
        if (!nestedAtMost(req.body, MAX_BODY_NESTING)) throw badRequest('The request body is nested too deeply');
        body = parseOrThrow(spec.body.schema, req.body ?? {}, 'body');
      }
      const query = spec.query ? parseOrThrow(spec.query, req.query, 'query') : undefined;
      const params = spec.params ? parseOrThrow(spec.params, req.params, 'path') : undefined;
      return spec.handler({
        req,
        reply,
        body: body as B,
        query: query as Q,
        params: params as P,
        user() {
          if (!req.principal) throw unauthorized();
          return req.principal;
        },
      });
    },
  });
}
