import type { FastifyRequest } from 'fastify';
import { headerLanguage } from './request-language';

/** Who called, as account calls record it: the address (for limits), the user agent and the Language header. */
export type RequestOrigin = { ip: string; userAgent: string | null; language?: string | undefined };

/** Caller details every account call needs: IP (for limits), user agent and Language header. */
export function readOrigin(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null, language: headerLanguage(request) };
}
