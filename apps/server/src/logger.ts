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

/** The process logger (JSON lines): the request serializer above plus the redaction paths. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
