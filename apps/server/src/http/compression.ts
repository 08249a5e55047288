import type { FastifyInstance, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';

/** Encodings we send, best first; built files come with a `.br` and a `.gz` next to them (scripts/precompress.mjs). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The file suffix of each precompressed copy. */
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Below this many bytes a dynamic response goes out as it is: compressing a small JSON answer
 * costs more CPU than the bytes it saves, and vendor callbacks (the hot path) answer well under it.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compress dynamic text responses (br, then gzip) above COMPRESS_THRESHOLD_BYTES. Built files are
 * not compressed here: they are sent from their precompressed copies with `content-encoding`
 * already set, which the plugin leaves alone. Request bodies are not inflated (no route accepts
 * a compressed body, and inflating would let a small request expand past the body limit).
 * Registered before every route: the plugin attaches itself to routes as they are declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });
}

/**
 * The encoding to send a built file in: the first of ENCODINGS the client accepts (q > 0) and that
 * has a precompressed copy; `identity` otherwise. `x-gzip` counts as gzip, `*` as any encoding.
 */
export function pickEncoding(request: FastifyRequest, available: ReadonlySet<Encoding>): Encoding | 'identity' {
  const header = request.headers['accept-encoding'];
  if (!header || available.size === 0) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  for (const encoding of ENCODINGS) {
    if (!available.has(encoding)) continue;
    const weight = accepted.get(encoding) ?? accepted.get('*') ?? 0;
    if (weight > 0) return encoding;
  }
  return 'identity';
}
