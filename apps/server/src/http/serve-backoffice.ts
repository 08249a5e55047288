import type { FastifyInstance, FastifyReply } from 'fastify';
import { assertBuilt, isPageRequest, registerBuiltFiles, staticOptions, useTextJavascript } from './serve-web';

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
 * Serve the built back office (apps/backoffice/dist) at /backoffice/ the way the site is served
 * (staticOptions: built files only, precompressed copies, hashed assets cached for a year), and
 * index.html for every other page path so the app's router answers, including its own 404 page.
 */
export function serveBackoffice(app: FastifyInstance, root: string): void {
  const dist = assertBuilt(root);
  void app.register(async (scope) => {
    // A hook of this scope runs after the site-wide ones, so this policy is the one that is sent,
    // on the files the plugin serves as on index.html.
    scope.addHook('onSend', async (_request, reply) => headers(reply));
    useTextJavascript(scope);
    await registerBuiltFiles(scope, staticOptions(dist, PREFIX));

    // The router ignores trailing slashes: this also answers /backoffice.
    scope.get(PREFIX, (_request, reply) => reply.sendFile('index.html'));
    scope.get(`${PREFIX}*`, (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      // A missing build file is a 404, not the app: a stale page must not run index.html as a
      // script. Nor does a scanner's probe (`/backoffice/.env`, `x.php`) get it.
      if (rest.startsWith('assets/') || !isPageRequest(request, `/${rest}`)) return reply.callNotFound();
      return reply.sendFile('index.html');
    });
  });
}
