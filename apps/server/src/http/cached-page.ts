import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from './compression';
import { negotiateEncoding, type ResponseEncoding as Encoding } from './content-encoding';

/**
 * An answer kept in memory (a game-list page, a content answer): the success envelope as UTF-8
 * JSON, and its compressed copies, each made the first time a client asks for it. They live and go
 * with the entry in their module's cache.
 */
export type CachedPage = { json: Buffer; encoded: Partial<Record<Encoding, Buffer>> };

export function cachedPage(json: Buffer): CachedPage {
  return { json, encoded: {} };
}

/**
 * The compression plugin's settings (brotli quality 4, gzip's default level): a free-text search
 * makes a page of its own, and at brotli's top quality a stream of unique searches would cost
 * tens of times more CPU each.
 */
const COMPRESS: Record<Encoding, (json: Buffer) => Buffer> = {
  br: (json) =>
    brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json) => gzipSync(json),
};

/**
 * Send a cached page in the encoding the client takes (negotiateEncoding: the compression plugin's
 * rule). Without this the compression plugin would
 * brotli the same page again on every request (a browser always asks for br): the game list
 * fell from thousands of answers a second to a few hundred. An answer that already has
 * `content-encoding` is left alone by the plugin; pages below its threshold go out as they are,
 * as the plugin would send them.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (page.json.length < COMPRESS_THRESHOLD_BYTES) return reply.send(page.json);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(page.json);
  const body = (page.encoded[encoding] ??= COMPRESS[encoding](page.json));
  return reply.header('content-encoding', encoding).send(body);
}
