import type { z } from 'zod';

/** A request the page sent, as the fake server saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, when there was one. */
  json: unknown;
  authorization: string | null;
}

/** A non-2xx answer: the API's error shape, `{ detail, field? }`. */
export class FakeFailure {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
  ) {}
}

type Answer<S extends z.ZodType> = z.input<S> | FakeFailure;
type Respond<S extends z.ZodType> = (request: FakeRequest) => Answer<S> | Promise<Answer<S>>;
type Handler = { method: string; path: string | RegExp; answer: (request: FakeRequest) => Promise<unknown> };

/**
 * The network edge of the web app in component tests: `fetch` answered from handlers that speak the
 * shared contract. Every answer is parsed with the route's response schema from src/shared/api, so
 * a fake can never say what the real server cannot. A request with no handler fails the test.
 */
export class FakeApi {
  readonly calls: FakeRequest[] = [];
  readonly unhandled: string[] = [];
  private handlers: Handler[] = [];

  /** Answers `method path` (later handlers win) with a fixed answer or one computed from the request. */
  on<S extends z.ZodType>(method: string, path: string | RegExp, schema: S, answer: Answer<S> | Respond<S>): this {
    // Answers are JSON data, never functions, so a function is always the computed kind.
    const respond = typeof answer === 'function' ? (answer as Respond<S>) : () => answer;
    this.handlers.unshift({
      method,
      path,
      answer: async (request) => {
        const value = await respond(request);
        return value instanceof FakeFailure ? value : schema.parse(value);
      },
    });
    return this;
  }

  /** Like `on`, but only for requests no other handler answers (the defaults a render supplies). */
  fallback<S extends z.ZodType>(method: string, path: string | RegExp, schema: S, answer: Answer<S> | Respond<S>): this {
    this.on(method, path, schema, answer);
    this.handlers.push(this.handlers.shift()!);
    return this;
  }

  /** The requests sent to `method path`, oldest first. */
  callsTo(method: string, path: string): FakeRequest[] {
    return this.calls.filter((call) => call.method === method && call.path === path);
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
      authorization: new Headers(init.headers).get('Authorization'),
    };
    this.calls.push(request);
    const handler = this.handlers.find(
      (h) => h.method === method && (typeof h.path === 'string' ? h.path === url.pathname : h.path.test(url.pathname)),
    );
    if (!handler) {
      this.unhandled.push(`${method} ${url.pathname}`);
      return json(501, { detail: `No fake answers ${method} ${url.pathname}` });
    }
    const answer = await handler.answer(request);
    if (answer instanceof FakeFailure)
      return json(answer.status, { detail: answer.detail, ...(answer.field ? { field: answer.field } : {}) });
    return json(200, answer);
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
