import type { FastifyInstance } from 'fastify';

/** Game iframe origins allowed by the CSP; later issues add vendor origins from configuration. */
const FRAME_SOURCES = ["'self'"];

/** Security headers on every response (see ../shared/guide/security.md). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${FRAME_SOURCES.join(' ')}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
  });
}
