import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAYMENTS_UNAVAILABLE } from '../../shared/api/payments';
import { CardDeclinedError, PaymentProviderError } from '../integrations/payments/provider';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/availability';
import { detailIn } from '../../shared/domain/api-messages-hy';
import { HttpError } from './errors';
import { requestLanguage } from './request-language';
import { unavailablePage, wantsPage } from './unavailable-page';
import { ValidationError } from './validation';

/** Friendlier words for the framework's own client errors. */
export const knownCodes: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large',
  FST_PARTS_LIMIT: 'Too many parts in the upload',
  FST_FILES_LIMIT: 'Upload one file at a time',
  FST_FIELDS_LIMIT: 'Too many fields in the upload',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the upload as multipart/form-data',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

/**
 * The status of a client error the framework raised (its codes start FST_). Another error that
 * carries a 4xx status (a body stream the client broke off) is a plain 400: a status such as 401
 * from some library must never reach the browser, which would take it for a sign-out.
 */
function clientErrorStatus(error: FastifyError): number | undefined {
  const status = error.statusCode;
  if (!status || status < 400 || status >= 500) return undefined;
  return error.code?.startsWith('FST_') ? status : 400;
}

export function sendError(error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  // The message in the language the request asks for (decision 195): an Armenian page's call gets Armenian.
  const language = requestLanguage(req);
  const say = (detail: string) => detailIn(language, detail);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
  if (error instanceof ValidationError) return reply.code(400).send({ detail: say(error.detail), field: error.field });
  if (error instanceof HttpError) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    return reply.code(error.status).send({ ...error.extra, detail: say(error.detail) });
  }
  if (error instanceof CardDeclinedError) return reply.code(402).send({ detail: say(error.reason) });
  if (error instanceof PaymentProviderError) {
    // The request id is on every line of req.log; Stripe's own id is what its support asks for.
    req.log.error(
      { stripeRequestId: error.providerRequestId, stripeStatus: error.providerStatus, stripeErrorType: error.providerType },
      'payment provider failed',
    );
    return reply.code(502).send({ detail: say(PAYMENTS_UNAVAILABLE) });
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug: the database is restarting, unreachable, locked or full. The request fails, the
    // process carries on, and the client is told when to try again (decision 095).
    req.log.warn({ reason: error.message }, 'database unavailable: answered 503');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
    if (wantsPage(req)) return reply.code(503).type('text/html; charset=utf-8').send(unavailablePage());
    return reply.code(503).send({ detail: say(DATABASE_UNAVAILABLE) });
  }
  const status = clientErrorStatus(error as FastifyError);
  if (status) {
    const code = (error as FastifyError).code;
    return reply.code(status).send({ detail: say((code && knownCodes[code]) || 'The request could not be read') });
  }
  req.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ detail: say('Something went wrong on our side. Please try again later.') });
}

/**
 * Every error leaves as `{ detail }`. Client errors say what was wrong; anything else is logged
 * with its request id and answered with a generic 500, never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, req, reply) => sendError(error, req, reply));
}
