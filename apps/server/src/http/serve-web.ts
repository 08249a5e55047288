import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENCODING_SUFFIX, ENCODINGS, pickEncoding, type Encoding } from './compression';

/** Hashed build output: the name changes with the content, so it may be kept for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else, index.html first: revalidated on each use (cheap, with the ETag). */
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

export type BuiltFile = {
  /** Absolute path of the file as built. */
  file: string;
  size: number;
  type: string;
  etag: string;
  /** Precompressed copies (`file.br`, `file.gz`) with their sizes. */
  variants: Map<Encoding, { file: string; size: number }>;
};

/**
 * Every file of a build, listed once at start: the request path (relative to the root, `/`
 * separated) → the file. Only listed files are ever sent, so no request path can reach outside
 * the build, and "is this a built file?" costs no disk access. Dotfiles are never listed, and a
 * `.br`/`.gz` copy is a variant of its file, not a file of its own.
 */
export function listBuiltFiles(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.isFile()) continue;
      const isVariant = ENCODINGS.some((e) => full.endsWith(ENCODING_SUFFIX[e]) && fs.existsSync(full.slice(0, -ENCODING_SUFFIX[e].length)));
      if (isVariant) continue;
      const stat = fs.statSync(full);
      const variants = new Map<Encoding, { file: string; size: number }>();
      for (const encoding of ENCODINGS) {
        const copy = full + ENCODING_SUFFIX[encoding];
        if (fs.existsSync(copy)) variants.set(encoding, { file: copy, size: fs.statSync(copy).size });
      }
      files.set(path.relative(root, full).split(path.sep).join('/'), {
        file: full,
        size: stat.size,
        type: TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream',
        etag: `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
        variants,
      });
    }
  };
  walk(root);
  return files;
}

/**
 * Send a built file: its precompressed copy when the client takes one (br, then gzip), with
 * `vary: accept-encoding`, the ETag (a matching `if-none-match` gets 304) and `cacheControl`.
 */
export function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, built: BuiltFile, cacheControl: string): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', built.etag).type(built.type);
  if (built.variants.size > 0) reply.header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === built.etag)) return reply.status(304).send();
  const encoding = pickEncoding(request, new Set(built.variants.keys()));
  const chosen = encoding === 'identity' ? built : built.variants.get(encoding)!;
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('content-length', chosen.size).send(fs.createReadStream(chosen.file));
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
const PROBE_SEGMENT = /^(wp-[a-z-]*|wordpress|cgi-bin|phpmyadmin|pma|xmlrpc|actuator|server-status|console|owa|solr|hnap1|boaform)$/i;

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
 * Serve the built web app at `/`: built files as they are (hashed `/assets/*` for a year, the
 * rest revalidated), index.html for page routes (isPageRequest), and the 404 envelope for
 * everything else, so a missing script, a scanner's probe or an unknown API path never gets
 * the site's HTML with a 200.
 */
export function serveWeb(app: FastifyInstance, root: string): void {
  const files = listBuiltFiles(path.resolve(root));
  const index = files.get('index.html');
  if (!index) throw new Error(`no index.html in ${root}`);

  app.get('/*', (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const built = files.get(rest);
    if (built) return sendBuiltFile(request, reply, built, rest.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    if (isPageRequest(request, `/${rest}`)) return sendBuiltFile(request, reply, index, REVALIDATE);
    return reply.callNotFound();
  });
}
