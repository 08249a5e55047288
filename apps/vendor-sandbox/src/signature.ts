import crypto from 'node:crypto';

// The vendor's side of docs/vendor-api.md "Signing", written the way an outside vendor would:
// it shares nothing with the platform's code.

/** What a signature covers: the method, the path (no query string) and the exact body bytes. */
export type Signed = { method: string; path: string; rawBody: string | Buffer };

/** hex HMAC-SHA256(secret, `${timestamp}.${METHOD}.${path}.${rawBody}`). */
export function sign(secret: string, timestamp: string, request: Signed): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.${request.method.toUpperCase()}.${request.path}.`)
    .update(request.rawBody)
    .digest('hex');
}

/** The headers that sign a JSON request now. */
export function signedHeaders(secret: string, request: Signed): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    'content-type': 'application/json',
    'x-wps-timestamp': timestamp,
    'x-wps-signature': sign(secret, timestamp, request),
  };
}

/** Check a signature (the platform's on our transfer API, a tester's on /control/*), in constant time, within 300 s. */
export function verify(secret: string, request: Signed, timestamp: unknown, signature: unknown): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (typeof signature !== 'string' || !/^[a-f0-9]{64}$/.test(signature)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(sign(secret, timestamp, request), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * The path a route was called with, rebuilt from the matched route and its decoded params
 * (`/control/wallets/:playerId` → `/control/wallets/42`), so every spelling of a URL that
 * reaches the route signs the same way.
 */
export function matchedPath(routeUrl: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, string | undefined>;
  return routeUrl.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => values[name] ?? '');
}
