/**
 * Encodings the server answers in, best first: dynamic answers (the compression plugin), the cached
 * game-list pages, and built files (@fastify/static sends their `.br` copy, then `.gz`).
 */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];

/**
 * The encoding to answer in for a request's Accept-Encoding, by the rule @fastify/compress applies
 * (which takes no negotiator of ours; content-encoding.test.ts holds the two to the same answers):
 * - the highest q wins; equal q goes by RESPONSE_ENCODINGS order; q=0 (or an unreadable q) refuses;
 * - `*` and `x-gzip` stand for gzip, as the plugin reads them;
 * - nothing acceptable (no header, `identity`, only unknown codings) is `identity`.
 */
export function negotiateEncoding(header: string | undefined): ResponseEncoding | 'identity' {
  if (!header) return 'identity';
  let best: ResponseEncoding | 'identity' = 'identity';
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';').map((s) => s.trim());
    const name = rawName === '*' || rawName === 'x-gzip' ? 'gzip' : rawName;
    const rank = RESPONSE_ENCODINGS.indexOf(name as ResponseEncoding);
    if (rank === -1) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number.parseFloat(qParam.slice(2)) || 0;
    if (q <= 0) continue;
    const bestRank = best === 'identity' ? Infinity : RESPONSE_ENCODINGS.indexOf(best);
    if (q > bestQ || (q === bestQ && rank < bestRank)) {
      best = RESPONSE_ENCODINGS[rank]!;
      bestQ = q;
    }
  }
  return best;
}
