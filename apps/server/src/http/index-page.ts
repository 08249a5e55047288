import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the server writes into the site's index.html when it starts. */
export type IndexPageSettings = {
  /** ERROR_REPORT_URL: the collector lib/error-reporting.ts reads from the page's meta; unset, none. */
  errorReportUrl?: string | undefined;
};

/** The meta the web app reads its collector from (apps/web/index.html ships it empty). */
const REPORT_META = /<meta\s+name="error-report-url"\s+content="[^"]*"\s*\/?>/;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The built index.html with the run-time settings written in: the error-report-url meta gets
 * ERROR_REPORT_URL (or stays empty when it is unset, whatever the build put there), and a page
 * built without the meta gets one in its head when a URL is configured.
 */
export function renderIndexHtml(html: string, settings: IndexPageSettings): string {
  const meta = `<meta name="error-report-url" content="${escapeAttribute(settings.errorReportUrl ?? '')}" />`;
  if (REPORT_META.test(html)) return html.replace(REPORT_META, () => meta);
  if (!settings.errorReportUrl) return html;
  const head = html.search(/<\/head>/i);
  return head < 0 ? meta + html : html.slice(0, head) + meta + html.slice(head);
}

type Variant = { body: Buffer; etag: string; encoding: 'br' | 'gzip' | undefined };

function variant(body: Buffer, encoding: Variant['encoding']): Variant {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, encoding, etag: `"${hash}${encoding ? `-${encoding}` : ''}"` };
}

/** The client's q-value for an encoding in its accept-encoding header (`*` counts; absent, 0). */
function quality(header: string, encoding: string): number {
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Number(q) || 0;
    if (name.trim() === encoding) return value;
    if (name.trim() === '*') wildcard = value;
  }
  return wildcard;
}

/**
 * The site's index.html, rewritten once at start (renderIndexHtml) and kept in memory with its
 * br and gzip copies made from the rewritten text: the `.br`/`.gz` files the build wrote next to
 * index.html hold the text as built, so they are never sent. Each copy has its own ETag;
 * revalidated on every use (`no-cache`), like the other unhashed files.
 */
export function createIndexPage(
  dist: string,
  settings: IndexPageSettings,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const text = renderIndexHtml(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), settings);
  const raw = Buffer.from(text);
  const variants = {
    identity: variant(raw, undefined),
    br: variant(
      zlib.brotliCompressSync(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      }),
      'br',
    ),
    gzip: variant(zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION }), 'gzip'),
  };
  return (request, reply) => {
    const accept = request.headers['accept-encoding'] ?? '';
    const chosen =
      quality(accept, 'br') > 0 ? variants.br : quality(accept, 'gzip') > 0 ? variants.gzip : variants.identity;
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    reply.header('etag', chosen.etag);
    if (chosen.encoding) reply.header('content-encoding', chosen.encoding);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === chosen.etag)) {
      reply.removeHeader('content-encoding');
      return reply.code(304).send();
    }
    return reply.send(chosen.body);
  };
}
