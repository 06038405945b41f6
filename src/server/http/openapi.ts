import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { errorResponse } from '../../shared/api/common';
import { isFileAnswer, type Endpoint, type EndpointSpec } from '../../shared/api/contract';
import { systemApi, type OpenApiDocument } from '../../shared/api/system';
import type { Policy, RegisteredRoute } from './auth';
import { addRoute, bodyMediaTypes } from './route';

/**
 * The OpenAPI 3.1 document of every route registered with a declaration, generated from the
 * same zod schemas that validate requests and answers (decision record 031).
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

export type OpenApiInfo = { publicUrl: string };

const BEARER = 'bearer';
/** The `operator` policy's token (METRICS_TOKEN); the server itself may also call over loopback. */
const OPERATOR = 'operatorToken';
const JSON_TYPE = 'application/json';

/**
 * A request is documented as the client sends it (the schema's input), an answer as the server
 * sends it (its output). A type JSON Schema cannot express throws, so the test of this document
 * fails rather than publishing a wrong schema.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'throw' });
  return rest;
}

/** Path and query parameters come from an object schema (or an intersection of them: allOf). */
function objectParts(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [schema];
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const part of parts) {
    Object.assign(properties, part.properties ?? {});
    required.push(...((part.required as string[] | undefined) ?? []));
  }
  return { properties, required };
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const { properties, required } = objectParts(jsonSchema(schema, 'input'));
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    ...(description ? { description } : {}),
    schema: property,
  }));
}

function requestBody(body: EndpointSpec['body']): JsonSchema | undefined {
  if (!body) return undefined;
  const schema =
    'schema' in body
      ? jsonSchema(body.schema, 'input')
      : body.kind === 'multipart'
        ? {
            type: 'object',
            properties: {
              [body.file]: { type: 'string', contentMediaType: 'application/octet-stream', description: body.description },
              ...Object.fromEntries(
                Object.entries(body.more ?? {}).map(([name, part]) => [
                  name,
                  part.file
                    ? { type: 'string', contentMediaType: 'application/octet-stream', description: part.description }
                    : { type: 'string', description: part.description },
                ]),
              ),
            },
            required: [body.file],
          }
        : { type: 'object', description: body.description };
  return { required: true, content: Object.fromEntries(bodyMediaTypes[body.kind].map((type) => [type, { schema }])) };
}

function answer(endpoint: Endpoint): JsonSchema {
  const { response } = endpoint;
  if (!isFileAnswer(response)) return { description: 'OK', content: { [JSON_TYPE]: { schema: jsonSchema(response, 'output') } } };
  const fileSchema = (type: string) =>
    response.schema && type === JSON_TYPE
      ? jsonSchema(response.schema, 'output')
      : type.startsWith('image/') || type === 'application/pdf'
        ? { contentMediaType: type }
        : { type: 'string' };
  const content = Object.fromEntries(response.file.map((type) => [type, { schema: fileSchema(type) }]));
  return { description: 'OK', content };
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function responses({ endpoint, policy, etag }: DocumentedRoute): JsonSchema {
  const out: JsonSchema = { 200: answer(endpoint) };
  if (etag) out[304] = ref('NotModified');
  // Any request may be refused for its address alone (bad percent-encoding, a NUL character).
  out[400] = ref('BadRequest');
  if (policy !== 'public') out[401] = ref('Unauthorized');
  if (policy === 'editor' || policy === 'admin' || policy === 'operator') out[403] = ref('Forbidden');
  // A body is read before the route runs: any request that may carry one can be too large or of the wrong type.
  if (endpoint.body || endpoint.method !== 'GET') Object.assign(out, { 413: ref('PayloadTooLarge'), 415: ref('UnsupportedMediaType') });
  if (endpoint.params) out[414] = ref('UriTooLong');
  // Any route may find the database unavailable (restarting, stopped, read-only, its disk full):
  // 503 with Retry-After, never a 500 (decision 095). A route's own 503 (busy threads) is listed below.
  out[503] = ref('Unavailable');
  if (endpoint.redirects)
    out[303] = {
      description: endpoint.redirects,
      headers: { Location: { description: 'Where the browser goes', schema: { type: 'string' } } },
    };
  for (const [status, error] of Object.entries(endpoint.errors ?? {})) {
    out[status] =
      typeof error === 'string'
        ? { description: error, content: { [JSON_TYPE]: { schema: { $ref: '#/components/schemas/Error' } } } }
        : { description: error.description, content: { [JSON_TYPE]: { schema: jsonSchema(error.schema, 'output') } } };
  }
  out[500] = ref('ServerError');
  return out;
}

type DocumentedRoute = { endpoint: Endpoint; policy: Policy; etag?: boolean };

function operation(route: DocumentedRoute): Operation {
  const { endpoint, policy } = route;
  const parametersList = [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')];
  const body = requestBody(endpoint.body);
  return {
    operationId: `${endpoint.resource}.${endpoint.name}`,
    tags: [endpoint.resource],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    'x-policy': policy,
    ...(policy === 'public' ? {} : { security: [{ [policy === 'operator' ? OPERATOR : BEARER]: [] }] }),
    ...(parametersList.length ? { parameters: parametersList } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route),
  };
}

/** `/api/images/:id.:ext` -> `/api/images/{id}.{ext}` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const errorJson = (description: string) => ({ description, content: { [JSON_TYPE]: { schema: { $ref: '#/components/schemas/Error' } } } });

export function buildOpenApi(routes: readonly RegisteredRoute[], info: OpenApiInfo): OpenApiDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  const tags = new Set<string>();
  for (const { method, policy, endpoint, etag } of routes) {
    if (!endpoint) continue;
    tags.add(endpoint.resource);
    (paths[openApiPath(endpoint.path)] ??= {})[method.toLowerCase()] = operation({ endpoint, policy, etag });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Association website API',
      version: packageJson.version,
      description: [
        'Every route of the site, generated from its contract (src/shared/api).',
        'Sign in with POST /api/token (form fields username and password) and send the access_token as `Authorization: Bearer ...`.',
        '`x-policy` names who may call each route: public, member, editor, admin, or operator (the machines that run the site).',
        'Errors answer `{ detail }`; a 400 also names the `field` at fault.',
      ].join(' '),
    },
    servers: [{ url: info.publicUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access_token from POST /api/token' },
        [OPERATOR]: {
          type: 'http',
          scheme: 'bearer',
          description: 'METRICS_TOKEN from the server configuration; a request from the server itself over loopback needs none',
        },
      },
      schemas: {
        Error: jsonSchema(errorResponse.extend({ field: z.string().optional() }), 'output'),
      },
      responses: {
        NotModified: { description: 'The client already has this answer: its If-None-Match names the current ETag' },
        BadRequest: errorJson('The request is invalid: `detail` says why and `field` names the part at fault'),
        Unauthorized: errorJson('No bearer token, or it has expired or been revoked: sign in again'),
        Forbidden: errorJson('Signed in, but this role may not do this'),
        PayloadTooLarge: errorJson('The request body is too large'),
        UnsupportedMediaType: errorJson('The body is not in the declared media type'),
        UriTooLong: errorJson('A path parameter is longer than any the site gives out'),
        ServerError: errorJson('Something went wrong on the server; it is logged with the request id (x-request-id)'),
        Unavailable: {
          ...errorJson('The database is unavailable for the moment (restarting, stopped, or unable to write): try again'),
          headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
        },
      },
    },
  };
}

/** GET /api/openapi.json, built on first request, when every route is registered. */
export function openApiRoutes(app: FastifyInstance, info: OpenApiInfo): void {
  let document: OpenApiDocument | undefined;
  addRoute(app, systemApi.openapi, {
    policy: 'public',
    handler: () => (document ??= buildOpenApi(app.registeredRoutes, info)),
  });
}
