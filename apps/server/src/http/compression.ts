import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { RESPONSE_ENCODINGS } from './content-encoding';

/**
 * Below this many bytes a dynamic response goes out as it is: compressing a small JSON answer
 * costs more CPU than the bytes it saves, and vendor callbacks (the hot path) answer well under it.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compress dynamic text responses (br, then gzip) above COMPRESS_THRESHOLD_BYTES. Built files are
 * sent from the precompressed copies made at build time (serve-web.ts) with `content-encoding`
 * already set, which the plugin leaves alone. Request bodies are not inflated (no route accepts
 * a compressed body, and inflating would let a small request expand past the body limit).
 * Registered before every route: the plugin attaches itself to routes as they are declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: [...RESPONSE_ENCODINGS],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });
}
