import type { z } from 'zod';
import type { ErrorResponse } from '../../shared/api/common';
import type { BodyInput, Endpoint, FileAnswer, ParamsInput, QueryInput, ResponseOutput } from '../../shared/api/contract';
import { fillPath } from '../../shared/domain/link-paths';
import { clearSession, readSession } from './session';

/** A failed call. `fromServer` tells whether `detail` is the server's own message, fit to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly fromServer: boolean;
  /** The request field at fault, when the server named one (400 validation errors). */
  readonly field: string | undefined;
  /** The whole error answer, for the few that say more than `detail` (the factors a sign-in needs). */
  readonly body: unknown;

  constructor(status: number, detail: string, fromServer: boolean, field?: string, body?: unknown) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fromServer = fromServer;
    this.field = field;
    this.body = body;
  }
}

/** True when every property of T may be left out. */
type AllOptional<T> = Partial<T> extends T ? true : false;

/** Where a call goes: its path parameters and query, as the contract types them. */
export type AddressOptions<E> = (E extends { params: z.ZodType } ? { params: ParamsInput<E> } : unknown) &
  (E extends { query: z.ZodType }
    ? AllOptional<QueryInput<E>> extends true
      ? { query?: QueryInput<E> }
      : { query: QueryInput<E> }
    : unknown);

/** What a call sends besides its declaration: path parameters, query and body as the contract types them. */
export type CallOptions<E> = {
  /** Add the session's bearer token when there is one (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (a secret that must not travel in the address). */
  headers?: Record<string, string>;
} & AddressOptions<E> &
  (E extends { body: { kind: 'multipart' } }
    ? { body: FormData }
    : E extends { body: { schema: z.ZodType } }
      ? { body: BodyInput<E> }
      : unknown);

/** The options argument may be left out when the call needs none. */
type OptionsArg<E> = AllOptional<CallOptions<E>> extends true ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type Loose = {
  params?: Record<string, string | number>;
  query?: QueryValues;
  body?: unknown;
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * The contract's error answer, `{ detail }`, which validation errors extend with the field at
 * fault. Checked by hand: this module is on every page's first load, which carries no zod.
 */
function errorBodyOf(data: unknown): (ErrorResponse & { field?: string }) | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { detail, field } = data as Record<string, unknown>;
  if (typeof detail !== 'string' || (field !== undefined && typeof field !== 'string')) return undefined;
  return { detail, field };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server renderer answers the page's calls inside its own process instead of over the network. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

type QueryValues = Record<string, string | number | null | undefined>;

/** A path with its query string; empty values are left out (the API reads them as "any"). */
function withQuery(path: string, values: QueryValues): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The endpoint's path with its parameters encoded and its query added. */
export function urlOf(endpoint: Endpoint, options: unknown): string {
  const { params, query } = options as Loose;
  const path = fillPath(endpoint.path, params);
  return query ? withQuery(path, query) : path;
}

function requestBody(endpoint: Endpoint, body: unknown, headers: Headers): BodyInit | undefined {
  switch (endpoint.body?.kind) {
    case undefined:
      return undefined;
    case 'json':
    case 'json-or-form': // the site's own calls send JSON
    case 'raw-json':
      headers.set('Content-Type', 'application/json');
      return JSON.stringify(body ?? {});
    case 'form':
      return new URLSearchParams(body as Record<string, string>);
    case 'multipart':
      // The browser sets the boundary.
      return body as FormData;
  }
}

/**
 * The page's language as its `<html lang>` names it ("hy" or "en-GB"), sent as Accept-Language so
 * the server writes its refusals in it (decision 195); nothing on the server renderer, which has
 * no document and shows no refusal.
 */
export function withPageLanguage(headers: Headers): Headers {
  const tag = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (tag && !headers.has('Accept-Language')) headers.set('Accept-Language', tag);
  return headers;
}

/** The card pause's check (decision record 015): its header and where a challenge comes from. */
const CARD_CHECK = 'x-card-check';
const CARD_CHECK_PATH = '/api/payments/card_check';

/** A function that loads an endpoint's declaration: `lazyEndpoints` makes them. */
export type EndpointLoader<E> = () => Promise<E>;

/**
 * A resource's endpoints, each loaded with its first call rather than with the page:
 * `const eventsApi = lazyEndpoints(() => import('../../../shared/api/events').then((m) => m.eventsApi))`,
 * then `apiRequest(eventsApi.list)`. The declarations (and zod, which builds their schemas) stay
 * off the first load of the public pages, whose data comes embedded (decision 062).
 */
export function lazyEndpoints<T extends Record<string, Endpoint>>(
  load: () => Promise<T>,
): { readonly [K in keyof T]: EndpointLoader<T[K]> } {
  return new Proxy({} as { readonly [K in keyof T]: EndpointLoader<T[K]> }, {
    get: (_target, name) => (typeof name === 'string' ? () => load().then((endpoints) => endpoints[name]) : undefined),
  });
}

/**
 * Calls a declared endpoint: its method and path (parameters encoded, query added), the body in
 * its declared media type, and the answer validated with its response schema, so client and
 * server agree. `apiRequest(articlesApi.one, { params: { id } })`; the endpoint may be a loader
 * of its declaration (`lazyEndpoints`), which is loaded first.
 */
export async function apiRequest<E extends Endpoint & { response: z.ZodType }>(
  source: E | EndpointLoader<E>,
  ...[options = {} as CallOptions<E>]: OptionsArg<E>
): Promise<ResponseOutput<E>> {
  const endpoint = typeof source === 'function' ? await source() : source;
  const { body, auth, signal, headers: extra } = options as Loose;
  const headers = withPageLanguage(new Headers({ ...extra, Accept: 'application/json' }));
  const token = auth === false ? null : readSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const send = () =>
    transport(urlOf(endpoint, options), { method: endpoint.method, headers, body: requestBody(endpoint, body, headers), signal });
  let response = await send();
  // Card payments paused: the server lets this one through once the browser has solved its check.
  if (response.status === 429 && response.headers.get(CARD_CHECK) === 'required' && !headers.has(CARD_CHECK)) {
    const { solvedCardCheck } = await import('./card-check');
    const proof = await solvedCardCheck(() =>
      transport(CARD_CHECK_PATH, { method: 'GET', headers: { Accept: 'application/json' }, signal }),
    );
    if (proof) {
      headers.set(CARD_CHECK, proof);
      response = await send();
    }
  }
  const data = await readBody(response);
  // A refused token (expired, or revoked by a password reset) means the session is over.
  if (response.status === 401 && token) clearSession();
  if (!response.ok) throw errorFrom(response.status, data);
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected answer from the server', false);
  return parsed.data as ResponseOutput<E>;
}

/** An ApiError carrying the server's `{ detail }` (and `field`) when it sent one. */
export function errorFrom(status: number, data: unknown): ApiError {
  const error = errorBodyOf(data);
  if (error) return new ApiError(status, error.detail, true, error.field, data);
  return new ApiError(status, `Request failed with status ${status}`, false);
}

/** A declared file answer's media types, for the Accept header of a download. */
export function acceptOf(endpoint: Endpoint & { response: FileAnswer }): string {
  return [...endpoint.response.file, 'application/json'].join(', ');
}

/** The message to show a person: the server's own detail when it gave one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.detail : fallback;
}
