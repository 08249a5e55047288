import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@wps/shared/error-codes';
import { errorStatus } from '@wps/shared/error-status';
import type { ApiFailure, FieldIssue } from '@wps/shared/envelope';
import { databaseUnavailable, isDatabaseUnavailableError } from '../db/database-unavailable';
import { type AppError, isAppError } from '../http/app-error';

function fail(errorCode: ErrorCode, message: string, value?: unknown): ApiFailure {
  return value === undefined ? { success: false, errorCode, message } : { success: false, errorCode, message, value };
}

/**
 * Turn every error into the envelope. Expected failures keep their code; framework errors
 * (bad JSON, too large, wrong content type) map to stable 4xx codes; anything else is a
 * logged 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const sendAppError = (err: AppError, reply: FastifyReply) => {
    // Limits and delays answer with their wait in the standard header too (RFC 9110, section 10.2.3).
    const retryAfter = (err.value as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    return reply.status(err.statusCode).send(fail(err.errorCode, err.message, err.value));
  };
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (isAppError(err)) return sendAppError(err, reply);
    // The database went away (a failover, a restart): retrying later is safe, so 503 rather than 500.
    if (isDatabaseUnavailableError(err)) {
      request.log.warn({ err }, 'database unavailable');
      return sendAppError(databaseUnavailable(), reply);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldIssue[] = err.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const part = err.validationContext ?? 'body';
        return { field: where ? `${part}.${where}` : part, message: v.message ?? 'invalid' };
      });
      const names = fields.map((f) => f.field).join(', ');
      return reply.status(400).send(fail(ErrorCode.VALIDATION_FAILED, `Invalid input: ${names}`, { fields }));
    }
    const code = err.code;
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    ) {
      return reply.status(400).send(fail(ErrorCode.MALFORMED_JSON, 'Malformed JSON body'));
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(fail(ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is too large'));
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return reply.status(415).send(fail(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Unsupported content type'));
    }
    // The database cannot store a NUL character in text (22021) or JSON (22P05): a query that met one
    // was given bad input, which is the caller's error, not the server's.
    if (code === '22021' || code === '22P05') {
      return reply.status(400).send(fail(ErrorCode.VALIDATION_FAILED, 'Text may not contain a NUL character'));
    }
    if (err.validation) {
      return reply.status(400).send(fail(ErrorCode.VALIDATION_FAILED, err.message));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(ErrorCode.VALIDATION_FAILED, err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(ErrorCode.INTERNAL_ERROR, 'Internal error'));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(errorStatus.NOT_FOUND)
      .send(fail(ErrorCode.NOT_FOUND, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
