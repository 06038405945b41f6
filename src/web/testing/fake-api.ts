import type { z } from 'zod';
import type { Endpoint } from '../../shared/api/contract';

/** A request the page sent, as the fake server saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, when there was one. */
  json: unknown;
  /** A form body (POST /api/token), when there was one. */
  form: URLSearchParams | undefined;
  authorization: string | null;
  /** The language the page asked its refusals in (decision 195). */
  acceptLanguage: string | null;
}

/** A non-2xx answer: the API's error shape, `{ detail, field? }`. */
export class FakeFailure {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
    /** Further fields of the error answer (the factors a sign-in needs). */
    readonly extra?: Record<string, unknown>,
  ) {}
}

/** An endpoint of the contract that answers JSON. */
type JsonEndpoint = Endpoint & { response: z.ZodType };
type Answer<E extends JsonEndpoint> = z.input<E['response']> | FakeFailure;
type Respond<E extends JsonEndpoint> = (request: FakeRequest) => Answer<E> | Promise<Answer<E>>;
type Handler = { endpoint: Endpoint; matches: RegExp; answer: (request: FakeRequest) => Promise<unknown> };

/** `/api/pw_reset_validate/:uid` -> a pattern matching `/api/pw_reset_validate/abc`. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * The network edge of the web app in component tests: `fetch` answered by handlers for endpoints
 * of the shared contract (src/shared/api). Every answer is parsed with the endpoint's response
 * schema, so a fake can never say what the real server cannot. A request no handler answers
 * gets a 501, and renderPage fails the test for it.
 */
export class FakeApi {
  readonly calls: FakeRequest[] = [];
  readonly unhandled: string[] = [];
  private handlers: Handler[] = [];

  /** Answers the endpoint (later handlers win) with a fixed answer or one computed from the request. */
  on<E extends JsonEndpoint>(endpoint: E, answer: Answer<E> | Respond<E>): this {
    // Answers are JSON data, never functions, so a function is always the computed kind.
    const respond = typeof answer === 'function' ? (answer as Respond<E>) : () => answer;
    this.handlers.unshift({
      endpoint,
      matches: pathPattern(endpoint.path),
      answer: async (request) => {
        const value = await respond(request);
        return value instanceof FakeFailure ? value : endpoint.response.parse(value);
      },
    });
    return this;
  }

  /** Like `on`, but only for requests no other handler answers (the defaults a render supplies). */
  fallback<E extends JsonEndpoint>(endpoint: E, answer: Answer<E> | Respond<E>): this {
    this.on(endpoint, answer);
    this.handlers.push(this.handlers.shift()!);
    return this;
  }

  /** The requests sent to the endpoint, oldest first. */
  callsTo(endpoint: Endpoint): FakeRequest[] {
    const matches = pathPattern(endpoint.path);
    return this.calls.filter((call) => call.method === endpoint.method && matches.test(call.path));
  }

  /** The requests that may change something (anything but GET). */
  changes(): FakeRequest[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? init.body : null;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      json: body === null ? undefined : JSON.parse(body),
      form: init.body instanceof URLSearchParams ? init.body : undefined,
      authorization: new Headers(init.headers).get('Authorization'),
      acceptLanguage: new Headers(init.headers).get('Accept-Language'),
    };
    this.calls.push(request);
    const handler = this.handlers.find((h) => h.endpoint.method === method && h.matches.test(url.pathname));
    if (!handler) {
      this.unhandled.push(`${method} ${url.pathname}`);
      return json(501, { detail: `No fake answers ${method} ${url.pathname}` });
    }
    const answer = await handler.answer(request);
    if (answer instanceof FakeFailure)
      return json(answer.status, { ...answer.extra, detail: answer.detail, ...(answer.field ? { field: answer.field } : {}) });
    return json(200, answer);
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
