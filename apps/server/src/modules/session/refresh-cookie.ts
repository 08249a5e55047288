import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../services';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, type RefreshCookie } from './refresh-tokens';

/**
 * The refresh cookie on the wire (docs/decisions.md, "Staying signed in: refresh tokens"):
 * - HttpOnly: no script on the page reads it, so an XSS cannot carry it off.
 * - SameSite=Strict: no request started by another site carries it (the security guide: a token
 *   never rides in a cookie a cross-site request could carry). The app only ever sends it from its
 *   own pages' fetch, which is same-site, so Lax would buy nothing.
 * - Path=/wps/session/refresh: no other call carries it; the API's other routes keep the header token.
 * - Secure when the request came over https (behind a proxy, per TRUST_PROXY's X-Forwarded-Proto)
 *   and always in production, as the OIDC flow cookie follows its https redirect: local http
 *   (the tests, 127.0.0.1) would otherwise drop it.
 * - Max-Age only with remember-me; without it the cookie ends with the browser.
 */
export type CookieSecurity = { production: boolean };

function isSecure(request: FastifyRequest, security: CookieSecurity): boolean {
  return security.production || request.protocol === 'https';
}

/** The refresh token the browser sent, if any. */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === REFRESH_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}

function writeCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  security: CookieSecurity,
  value: string,
  maxAge: number | null,
): void {
  const attributes = [`${REFRESH_COOKIE}=${value}`, `Path=${REFRESH_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict'];
  if (maxAge !== null) attributes.push(`Max-Age=${maxAge}`);
  if (isSecure(request, security)) attributes.push('Secure');
  void reply.header('set-cookie', attributes.join('; '));
}

export function setRefreshCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  security: CookieSecurity,
  cookie: RefreshCookie,
): void {
  writeCookie(reply, request, security, cookie.token, cookie.maxAgeSeconds);
}

/** Drop the browser's cookie (logout, a refused refresh). */
export function clearRefreshCookie(reply: FastifyReply, request: FastifyRequest, security: CookieSecurity): void {
  writeCookie(reply, request, security, '', 0);
}

/**
 * After a login answered with a session: start its sign-in and give the browser the cookie.
 * A code step (no token yet) gets none; the verify call that completes it does.
 */
export async function issueRefreshCookie(
  services: Pick<AppServices, 'refreshTokens'>,
  reply: FastifyReply,
  request: FastifyRequest,
  security: CookieSecurity,
  answer: object,
  rememberMe: boolean | undefined,
): Promise<void> {
  if (!('token' in answer) || typeof answer.token !== 'string') return;
  const cookie = await services.refreshTokens.issue(answer.token, rememberMe === true);
  if (cookie) setRefreshCookie(reply, request, security, cookie);
}
