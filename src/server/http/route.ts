import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  isFileAnswer,
  type BodyOutput,
  type Endpoint,
  type FileAnswer,
  type ParamsOutput,
  type QueryOutput,
  type ResponseInput,
} from '../../shared/api/contract';
import { hasNulCharacter, nestedAtMost } from '../../shared/domain/json-shape';
import type { Policy, Principal } from './auth';
import { badRequest, unauthorized, unsupportedMediaType } from './errors';
import { parseOrThrow } from './validation';

export type RouteContext<E> = {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The validated JSON or form body; the raw bytes for a raw-JSON body; undefined for multipart (read `req.file()`). */
  body: E extends { body: { kind: 'raw-json' } } ? Buffer : BodyOutput<E>;
  query: QueryOutput<E>;
  params: ParamsOutput<E>;
  /** The signed-in caller; throws 401 when there is none (only possible on public routes). */
  user: () => Principal;
};

/**
 * A JSON answer is checked against the response schema; a file answer is its text or bytes, or a
 * stream of them (a large CSV, written as it is read: decision 094). Headers go on `reply`.
 */
export type HandlerAnswer<E> = E extends { response: FileAnswer } ? string | Buffer | Readable : ResponseInput<E>;

/**
 * The policy and the handler. A handler returning a literal for a `z.literal` field writes it
 * `as const` (`{ status: 'ok' as const }`): TypeScript widens literals while inferring E.
 */
export type RouteOptions<E> = {
  policy: Policy;
  bodyLimit?: number;
  /** Sends an ETag made from the answer's bytes and answers 304 to a client that already has them. */
  etag?: boolean;
  handler(ctx: RouteContext<E>): HandlerAnswer<E> | Promise<HandlerAnswer<E>>;
};

/** A handler answered something its declared response does not allow: a bug on our side, never the client's. */
export class ContractError extends Error {
  constructor(endpoint: Endpoint, problems: string) {
    super(`${endpoint.method} ${endpoint.path} answered outside its contract: ${problems}`);
    this.name = 'ContractError';
  }
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** The media types each kind of body may come as. */
export const bodyMediaTypes: Record<NonNullable<Endpoint['body']>['kind'], readonly string[]> = {
  json: [JSON_TYPE],
  form: [FORM_TYPE],
  'json-or-form': [JSON_TYPE, FORM_TYPE],
  multipart: ['multipart/form-data'],
  'raw-json': [JSON_TYPE],
};

/** No request of the site nests deeper than this; deeper would only strain the checks. */
const MAX_BODY_NESTING = 32;

const RAW_JSON_LIMIT = 1024 * 1024;

/** The media type of a content-type header (request or reply), without parameters. */
function mediaType(value: string | number | string[] | undefined): string {
  return String(value ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

/** Only where the answer broke its schema, never the values themselves (they may be personal or secret). */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`)
    .join('; ');
}

/** Parses a JSON answer through its schema: unknown keys are stripped, so nothing leaves that the contract does not name. */
function jsonAnswer(endpoint: Endpoint, schema: z.ZodType, answer: unknown): unknown {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ContractError(endpoint, describeIssues(parsed.error));
  return parsed.data;
}

/**
 * The answer with a strong ETag of its bytes (the JSON as it will be sent), or an empty 304 when
 * the request's If-None-Match already names it: a revalidation costs no body and no parsing.
 */
function withEtag(req: FastifyRequest, reply: FastifyReply, answer: unknown): unknown {
  const bytes = typeof answer === 'string' || Buffer.isBuffer(answer) ? answer : JSON.stringify(answer);
  if (bytes !== answer) reply.type('application/json; charset=utf-8');
  const tag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', tag);
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag)) {
    reply.code(304);
    return '';
  }
  return bytes;
}

function fileAnswer(endpoint: Endpoint, spec: FileAnswer, reply: FastifyReply, answer: unknown): string | Buffer | Readable {
  if (typeof answer !== 'string' && !Buffer.isBuffer(answer) && !(answer instanceof Readable))
    throw new ContractError(endpoint, 'a file answer is text, bytes or a stream');
  const type = reply.getHeader('content-type');
  if (type === undefined) reply.type(spec.file[0]);
  else if (!spec.file.includes(mediaType(type))) throw new ContractError(endpoint, `content-type ${mediaType(type)} is not declared`);
  return answer;
}

/**
 * Registers a declared endpoint with its access policy: checks the body's media type, validates
 * body, query and path with the declaration's schemas, and sends the handler's answer through
 * the response schema (a mismatch is a logged 500, see ContractError).
 */
export function addRoute<E extends Endpoint>(app: FastifyInstance, endpoint: E, route: RouteOptions<NoInfer<E>>): void {
  const { body: bodySpec, response } = endpoint;
  const register = (scope: FastifyInstance) =>
    scope.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { policy: route.policy, endpoint, ...(route.etag ? { etag: true } : {}) },
      bodyLimit: route.bodyLimit,
      handler: async (req, reply) => {
        if (bodySpec && !bodyMediaTypes[bodySpec.kind].includes(mediaType(req.headers['content-type']))) {
          throw unsupportedMediaType(`Send the request body as ${bodyMediaTypes[bodySpec.kind].join(' or ')}`);
        }
        const parsed = bodySpec && 'schema' in bodySpec;
        // U+0000 is no character a person types, and PostgreSQL cannot store it: refused wherever it comes.
        if (hasNulCharacter(req.params) || hasNulCharacter(req.query) || (parsed && hasNulCharacter(req.body)))
          throw badRequest('The request contains a NUL character (U+0000)');
        if (parsed && !nestedAtMost(req.body, MAX_BODY_NESTING)) throw badRequest('The request body is nested too deeply');
        const body = parsed ? parseOrThrow(bodySpec.schema, req.body ?? {}, 'body') : bodySpec?.kind === 'raw-json' ? req.body : undefined;
        const query = endpoint.query ? parseOrThrow(endpoint.query, req.query, 'query') : undefined;
        const params = endpoint.params ? parseOrThrow(endpoint.params, req.params, 'path') : undefined;
        const answer: unknown = await route.handler({
          req,
          reply,
          body: body as RouteContext<E>['body'],
          query: query as QueryOutput<E>,
          params: params as ParamsOutput<E>,
          user: () => {
            if (!req.principal) throw unauthorized();
            return req.principal;
          },
        });
        const sent = isFileAnswer(response) ? fileAnswer(endpoint, response, reply, answer) : jsonAnswer(endpoint, response, answer);
        return route.etag ? withEtag(req, reply, sent) : sent;
      },
    });

  if (bodySpec?.kind !== 'raw-json') {
    register(app);
    return;
  }
  // A signature is checked on the exact bytes, so this route's scope keeps JSON unparsed.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: route.bodyLimit ?? RAW_JSON_LIMIT }, (_req, raw, done) =>
      done(null, raw),
    );
    register(scope);
  });
}
