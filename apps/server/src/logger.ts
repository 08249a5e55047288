import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './config';

/**
 * Paths pino censors wherever they are logged. Request and reply logs never carry headers or
 * bodies (see serializeRequest), so these are the second line: an object someone logs by hand.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-wps-signature"]',
  'req.headers["x-signature"]',
  'req.query',
  'req.body',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-wps-signature"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.confirmNewPassword',
  '*.paymentPassword',
  '*.token',
  '*.launchToken',
  '*.resetToken',
  '*.verificationCode',
  '*.secret',
  // An identity provider's client secret (the back office's providers, written only).
  '*.clientSecret',
];

/** The request as logged: method and path only. The query string can carry tokens (`?token=`), bodies passwords and codes. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  const url = typeof request.url === 'string' ? request.url : '';
  const queryAt = url.indexOf('?');
  return {
    method: request.method,
    url: queryAt === -1 ? url : url.slice(0, queryAt),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The request whose work is running (plugins/request-id.ts enters it): its id, for lines logged
 * through the process logger, and the licence doors its route declares (`config.licenceDoors`),
 * which the licence port holds an ask against (modules/licence/licence-policy.ts).
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string; licenceDoors?: readonly string[] }>();

const REQUEST_LOGGER = Symbol('request logger');

/** Mark a request's own logger (and, by inheritance, its children): its lines carry `reqId` as a binding already. */
export function markRequestLogger<T extends object>(logger: T): T {
  (logger as Record<symbol, boolean>)[REQUEST_LOGGER] = true;
  return logger;
}

/** `reqId` of the request being worked for, on lines of loggers that do not bind it themselves. */
function requestIdMixin(_merge: object, _level: number, logger: object): Record<string, string> {
  if ((logger as Record<symbol, boolean>)[REQUEST_LOGGER]) return {};
  const store = requestContext.getStore();
  return store ? { reqId: store.reqId } : {};
}

/** The process logger (JSON lines): the request serializer above plus the redaction paths. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    mixin: requestIdMixin,
  };
  return destination ? pino(options, destination) : pino(options);
}
