/** An error a client caused or may see: its status and detail go out as `{ detail }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** For 429 and 503: when the client may try again, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** Further fields of the answer beside `detail` (the factors a sign-in needs), as its contract declares them. */
    readonly extra?: Record<string, unknown>,
    /** Further headers the client acts on (the card pause asks for a solved challenge). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Please sign in') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const payloadTooLarge = (detail: string) => new HttpError(413, detail);
export const unsupportedMediaType = (detail: string) => new HttpError(415, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number, headers?: Record<string, string>) =>
  new HttpError(429, detail, retryAfterSeconds, undefined, headers);
export const serviceUnavailable = (detail: string, retryAfterSeconds: number) => new HttpError(503, detail, retryAfterSeconds);
