import type { z } from 'zod';
import { fillPath } from '../domain/link-paths';

/**
 * The API contract: one declaration per endpoint, used by the server's routes (validation,
 * serialisation, policy), by the web's calls (path, body, answer) and by /api/openapi.json.
 * Decision record 030 explains the form and has a complete example.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How the request body travels. */
export type BodySpec =
  /** json-or-form: either, as an HTML form posts (form-encoded) or a script sends (JSON). */
  | { kind: 'json' | 'form' | 'json-or-form'; schema: z.ZodType }
  /** multipart/form-data carrying one file in the named field. */
  | {
      kind: 'multipart';
      file: string;
      description: string;
      /** Other parts of the form, by name: a second file or a text field. */
      more?: Record<string, { description: string; file?: boolean }>;
    }
  /** JSON kept as the raw bytes (signed webhooks): the server checks the signature before parsing. */
  | { kind: 'raw-json'; description: string };

/**
 * An answer that is a file rather than JSON: one of these media types (no parameters). A JSON
 * file (a download) may name its shape for the API document with `schema`.
 */
export type FileAnswer = { file: readonly [string, ...string[]]; schema?: z.ZodType };

/**
 * Error statuses a route gives besides those its policy, input and body already imply (a public
 * route that refuses a caller lists 401 or 403 here).
 */
export type ErrorStatus = 401 | 402 | 403 | 404 | 409 | 429 | 502 | 503;

/** An error answer with more than `{ detail }`: its description and the schema of its body. */
export type ErrorAnswer = { description: string; schema: z.ZodType };

export type EndpointSpec = {
  method: Method;
  /** Fastify syntax: `/api/articles/:id`, `/api/images/:id.:ext`. */
  path: `/${string}`;
  /** One line for integrators; `description` may say more. */
  summary: string;
  description?: string;
  body?: BodySpec;
  query?: z.ZodType;
  /** An object schema with exactly the path's `:names` (a unit test holds every endpoint to this). */
  params?: z.ZodType;
  /** A zod schema for a JSON answer (its output is what the client reads), or a file. */
  response: z.ZodType | FileAnswer;
  errors?: Partial<Record<ErrorStatus, string | ErrorAnswer>>;
  /** The route answers 303 See Other (a page sent on elsewhere); says where. */
  redirects?: string;
};

/** A declared endpoint: its spec plus the resource (OpenAPI tag) and name it was declared under. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & { resource: string; name: string };

/** A file answer of these media types, e.g. `file('text/csv')`. */
export function file<const T extends readonly [string, ...string[]]>(...mediaTypes: T): { file: T } {
  return { file: mediaTypes };
}

/** A JSON file (a download) whose shape the API document shows: `jsonFile(accountExport)`. */
export function jsonFile(schema: z.ZodType): { file: readonly ['application/json']; schema: z.ZodType } {
  return { file: ['application/json'], schema };
}

export function isFileAnswer(response: EndpointSpec['response']): response is FileAnswer {
  return !('_zod' in response);
}

/**
 * Declares a resource's endpoints: `export const articlesApi = defineEndpoints('articles', { list: {...} })`.
 * The resource names the OpenAPI tag; `resource.name` is the operation id.
 */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(
  resource: string,
  specs: T,
): { [K in keyof T & string]: T[K] & { resource: string; name: K } } {
  const out: Record<string, Endpoint> = {};
  for (const [name, spec] of Object.entries(specs)) out[name] = { ...spec, resource, name };
  return out as { [K in keyof T & string]: T[K] & { resource: string; name: K } };
}

/** The `:names` in a path, in order: `/api/images/:id.:ext` -> ['id', 'ext']. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
}

/** The path with its parameters filled in, each encoded: `pathOf(articlesApi.one, { id })`. */
export function pathOf(endpoint: Pick<EndpointSpec, 'path'>, params: Record<string, string | number> = {}): string {
  return fillPath(endpoint.path, params);
}

// Types both sides read from a declaration.
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The JSON or form body a route receives after validation (undefined for multipart and raw JSON). */
export type BodyOutput<E> = E extends { body: { schema: infer S } } ? Out<S> : undefined;
/** What a client sends as the JSON or form body. */
export type BodyInput<E> = E extends { body: { schema: infer S } } ? In<S> : undefined;
export type QueryOutput<E> = E extends { query: infer S } ? Out<S> : undefined;
export type QueryInput<E> = E extends { query: infer S } ? In<S> : undefined;
export type ParamsOutput<E> = E extends { params: infer S } ? Out<S> : undefined;
export type ParamsInput<E> = E extends { params: infer S } ? In<S> : undefined;
/** What a handler returns for a JSON answer (the schema's input: it is parsed on the way out). */
export type ResponseInput<E> = E extends { response: infer S extends z.ZodType } ? z.input<S> : never;
/** What a client reads from a JSON answer. */
export type ResponseOutput<E> = E extends { response: infer S extends z.ZodType } ? z.output<S> : never;
