import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { STATIC_FILES_ROUTE } from '../metrics/http';
import { createIndexPage, type FirstScreenSource, type IndexPageSettings } from './index-page';

/** Hashed build output: the name changes with the content, so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else, index.html first: revalidated on each use (cheap, with the ETag). */
const REVALIDATE = 'no-cache';

/**
 * How a build folder is served, by @fastify/static (the site at `/`, the back office under
 * `/backoffice/`):
 * - `wildcard: false`: the plugin lists the build once at start and declares one route per file,
 *   so only listed files are ever sent: no request path reaches outside the build, and "is this
 *   a built file?" is the router's answer, with no disk access. Dotfiles are not listed
 *   (`serveDotFiles: false`, and `dotfiles: 'deny'` for `sendFile`), nor are the `.br`/`.gz`
 *   copies: they are variants of their file, not files of their own.
 * - `preCompressed`: the copy scripts/precompress.mjs wrote at build time is sent when the client
 *   takes it, br first, then gzip (the file itself otherwise), with `vary: accept-encoding` and
 *   the type of the original file.
 * - ETag and Last-Modified from the file sent; a matching `if-none-match` gets 304.
 * - `cache-control` by folder: `/assets/*` (hashed names) IMMUTABLE, the rest REVALIDATE.
 * - no directory index: `/` and the app's pages get index.html from the page-route rule instead.
 * - `ignore`: more files left unlisted (the site's index.html, which serveWeb sends itself).
 * Consequences to know: a file declared at start gets its own route (registerBuiltFiles gives them
 * all one label in the HTTP latency metric); files
 * under 1 KiB have no copy and, being streamed, are compressed per request by @fastify/compress.
 */
export function staticOptions(root: string, prefix: string, ignore: readonly string[] = []): FastifyStaticOptions {
  const assets = path.join(root, 'assets') + path.sep;
  return {
    root,
    prefix,
    wildcard: false,
    serveDotFiles: false,
    dotfiles: 'deny',
    globIgnore: ['**/*.br', '**/*.gz', ...ignore],
    preCompressed: true,
    index: false,
    cacheControl: false,
    // `file` is the file sent, the `.br`/`.gz` copy included: under assets/ either way.
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  };
}

/**
 * Register @fastify/static in `scope` with these options; every route it declares (one per built
 * file) is labelled STATIC_FILES_ROUTE in the latency metric rather than by its own path, so the
 * metric keeps one series per built app instead of one per file. Routes the scope declares later
 * (the page routes) keep their own label.
 */
export async function registerBuiltFiles(scope: FastifyInstance, options: FastifyStaticOptions): Promise<void> {
  let declaring = true;
  scope.addHook('onRoute', (route) => {
    if (declaring) route.config = { ...route.config, metricsRoute: STATIC_FILES_ROUTE };
  });
  await scope.register(fastifyStatic, options);
  declaring = false;
}

/**
 * JavaScript goes out as `text/javascript; charset=utf-8` (RFC 9239, the type the HTML standard
 * names). The MIME table @fastify/send uses (mime 3) still says `application/javascript`, and the
 * plugin sets a precompressed copy's type after `setHeaders`, so the type is corrected in onSend.
 */
export function useTextJavascript(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/javascript'))
      reply.header('content-type', 'text/javascript; charset=utf-8');
    return payload;
  });
}

/** Throws at start, not on the first request, when a build has no index.html. */
export function assertBuilt(root: string): string {
  const dist = path.resolve(root);
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`no index.html in ${root}`);
  return dist;
}

/**
 * First path segments that never fall back to the SPA: the API and callback prefixes, the build's
 * own folder, the back office, and the server's own endpoints (probes, metrics, API document).
 * An unknown path under them is the 404 envelope.
 */
const RESERVED_SEGMENTS = new Set([
  'wps',
  'lgw',
  'lotto',
  'ops',
  'vendor',
  'dev',
  'sandbox-gateway',
  'assets',
  'backoffice',
  'healthz',
  'readyz',
  'metrics',
  'docs',
]);

/** First segments scanners try on every site; none is ever a page of ours. */
const PROBE_SEGMENT =
  /^(wp-[a-z-]*|wordpress|cgi-bin|phpmyadmin|pma|xmlrpc|actuator|server-status|console|owa|solr|hnap1|boaform)$/i;

/**
 * The rule for a page route, the only requests answered with index.html (the web app's router
 * then shows the page, or its own "not found" page):
 * - GET or HEAD;
 * - the first segment is not reserved (RESERVED_SEGMENTS) and not a scanner's favourite;
 * - no segment starts with a dot (`/.env`, `/.git/config`), and no segment has a file extension,
 *   except `.html` on the last one (the app keeps `/index.html` and `/register.html` as pages);
 * - the client takes HTML: no `accept` header, or one naming text/html or `*` / `*`.
 * `pathname` is the decoded path without the query string.
 */
export function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  if (first !== undefined && (RESERVED_SEGMENTS.has(first.toLowerCase()) || PROBE_SEGMENT.test(first))) return false;
  for (const [i, segment] of segments.entries()) {
    if (segment.startsWith('.')) return false;
    const isLast = i === segments.length - 1;
    if (segment.includes('.') && !(isLast && segment.toLowerCase().endsWith('.html'))) return false;
  }
  const accept = request.headers.accept;
  return accept === undefined || accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serve the built web app at `/`: built files as they are (staticOptions), index.html for page
 * routes (isPageRequest), and the 404 envelope for everything else, so a missing script, a
 * scanner's probe or an unknown API path never gets the site's HTML with a 200. index.html is
 * read once here, with the run-time settings written in (index-page.ts), and sent from memory;
 * `/index.html` itself is a page route like the others. Its own plugin scope, so the back
 * office's `reply.sendFile` (its own root) does not clash with this one. With `firstScreen`, the
 * home's pages get its first banner and brand written in (index-page.ts, renderFirstScreen).
 */
export function serveWeb(
  app: FastifyInstance,
  root: string,
  settings: IndexPageSettings = {},
  firstScreen?: FirstScreenSource,
): void {
  const dist = assertBuilt(root);
  const sendIndex = createIndexPage(dist, settings, firstScreen);
  void app.register(async (scope) => {
    useTextJavascript(scope);
    await registerBuiltFiles(scope, staticOptions(dist, '/', ['index.html']));
    // Built files have their own routes, which the router prefers to this one.
    scope.get('/*', (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      if (isPageRequest(request, `/${rest}`)) return sendIndex(request, reply, `/${rest}`);
      return reply.callNotFound();
    });
  });
}
