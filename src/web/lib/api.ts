import { z } from 'zod';
import { errorResponse } from '../../shared/api/common';
import { clearSession, readSession } from './session';

/** A failed call. `fromServer` tells whether `detail` is the server's own message, fit to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly fromServer: boolean;
  /** The request field at fault, when the server named one (400 validation errors). */
  readonly field: string | undefined;

  constructor(status: number, detail: string, fromServer: boolean, field?: string) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fromServer = fromServer;
    this.field = field;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (POST /api/token wants this). */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (image uploads); the browser sets the boundary. */
  multipart?: FormData;
  /** Add the session's bearer token when there is one (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

// Validation errors may also name the field at fault.
const errorBody = errorResponse.extend({ field: z.string().optional() });

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type QueryValues = Record<string, string | number | null | undefined>;

/** A path with its query string; empty values are left out (the API reads them as "any"). */
export function withQuery(path: string, values: QueryValues): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls the API and validates the answer with the shared schema, so the client and server agree. */
export async function apiRequest<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  } else if (options.multipart) {
    body = options.multipart;
  }
  const token = options.auth === false ? null : readSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const response = await fetch(path, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
  });
  const data = await readBody(response);
  // A refused token (expired, or revoked by a password reset) means the session is over.
  if (response.status === 401 && token) clearSession();
  if (!response.ok) {
    const error = errorBody.safeParse(data);
    if (error.success) throw new ApiError(response.status, error.data.detail, true, error.data.field);
    throw new ApiError(response.status, `Request failed with status ${response.status}`, false);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected answer from the server', false);
  return parsed.data;
}

/** The message to show a person: the server's own detail when it gave one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.detail : fallback;
}
