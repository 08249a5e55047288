import type { FastifyInstance } from 'fastify';

/**
 * Game iframe origins allowed by the CSP: our own, the reference vendor's (VENDOR_SANDBOX_URL)
 * and any listed in VENDOR_FRAME_ORIGINS (space-separated origins of real vendors' game pages).
 */
function frameSources(env: NodeJS.ProcessEnv = process.env): string[] {
  const origins = new Set(["'self'"]);
  for (const candidate of [env.VENDOR_SANDBOX_URL, ...(env.VENDOR_FRAME_ORIGINS ?? '').split(/\s+/)]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Not a URL: ignored rather than written into the policy.
    }
  }
  return [...origins];
}
const FRAME_SOURCES = frameSources();

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
