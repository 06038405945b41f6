import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { ValidationError } from './validation';

/** Friendlier words for the framework's own client errors. */
const knownCodes: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large',
  FST_PARTS_LIMIT: 'Too many parts in the upload',
  FST_FILES_LIMIT: 'Upload one file at a time',
  FST_FIELDS_LIMIT: 'Too many fields in the upload',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the upload as multipart/form-data',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body',
};

/**
 * Every error leaves as `{ detail }`. Client errors say what was wrong; anything else is logged
 * with its request id and answered with a generic 500, never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    if (error instanceof ValidationError) return reply.code(400).send({ detail: error.detail, field: error.field });
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send({ detail: error.detail });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        (error.code && knownCodes[error.code]) ||
        (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The body is not valid JSON' : error.message);
      return reply.code(status).send({ detail });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Something went wrong on our side. Please try again later.' });
  });
}
