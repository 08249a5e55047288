import type { FastifyRequest } from 'fastify';

/** The site's language a request was made in: its `Language` header (the web client sends it on every call), if any. */
export function headerLanguage(request: FastifyRequest): string | undefined {
  const language = request.headers.language;
  return typeof language === 'string' ? language : undefined;
}
