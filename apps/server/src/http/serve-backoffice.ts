import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMMUTABLE, isPageRequest, listBuiltFiles, REVALIDATE, sendBuiltFile } from './serve-web';

const PREFIX = '/backoffice/';

/**
 * The back office's own policy: stricter than the player site's (no game frames, no inline
 * styles in markup, never framed itself). It replaces the site-wide header on these responses.
 */
const BACKOFFICE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

function headers(reply: FastifyReply): void {
  reply.header('content-security-policy', BACKOFFICE_CSP);
  reply.header('x-frame-options', 'DENY');
  reply.header('x-robots-tag', 'noindex, nofollow');
}

/**
 * Serve the built back office (apps/backoffice/dist) at /backoffice/: files as they are (hashed
 * assets cached for a year), and index.html for every other path so the app's router answers,
 * including its own 404 page.
 */
export function serveBackoffice(app: FastifyInstance, root: string): void {
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const files = listBuiltFiles(path.resolve(root));
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  // Route-level onSend runs after the site-wide hooks, so this policy is the one that is sent.
  const onSend = async (_request: unknown, reply: FastifyReply) => headers(reply);

  // The router ignores trailing slashes: this also answers /backoffice.
  app.get(PREFIX, { onSend }, (_request, reply) => sendIndex(reply));
  app.get(`${PREFIX}*`, { onSend }, (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const built = files.get(rest);
    if (built) return sendBuiltFile(request, reply, built, rest.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    // A missing build file is a 404, not the app: a stale page must not run index.html as a
    // script. Nor does a scanner's probe (`/backoffice/.env`, `x.php`) get it.
    if (rest.startsWith('assets/') || !isPageRequest(request, `/${rest}`)) return reply.callNotFound();
    return sendIndex(reply);
  });
}
