import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { markRequestLogger, requestContext } from '../logger';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is short and plain: it goes into every log line and back
 * out in a header, so it must not carry newlines, quotes or a megabyte of text.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's `X-Request-Id` when it is safe (a proxy's or a client's), else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const header = raw.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

/**
 * Fastify options for request ids. `requestIdHeader` stays off: Fastify would take the header as
 * it is; genReqId reads and checks it instead. The request's own logger (`request.log`) carries
 * the id as `reqId`, and is marked so the logger's mixin does not add it twice.
 */
export const requestIdOptions = {
  // The request logger's binding keeps Fastify's default name, `reqId`.
  requestIdHeader: false as const,
  genReqId: requestIdOf,
  childLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
    return markRequestLogger(logger.child(bindings, opts));
  },
};

/**
 * Return the id on every response (refusals, 404s, errors and files included: the hook is the
 * first one registered), and make it the request context, so lines that services log through the
 * process logger while working for this request carry it too. The context is entered again once
 * the body is read (a body arrives in its socket's context, not the request's), and only then.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestContext.run({ reqId: request.id, licenceDoors: request.routeOptions.config?.licenceDoors }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    // Only a request whose body was read has left its context; entering it again costs ~1 µs of
    // CPU per request on the bodiless reads (bench:member-info), so those go straight on.
    if (requestContext.getStore()?.reqId === request.id) return done();
    requestContext.run({ reqId: request.id, licenceDoors: request.routeOptions.config?.licenceDoors }, done);
  });
}
