import crypto from 'node:crypto';

/** Header carrying the Unix time (seconds) the request was signed at. */
export const TIMESTAMP_HEADER = 'x-wps-timestamp';
/** Header carrying hex HMAC-SHA256(secret, `${timestamp}.${METHOD}.${path}.${rawBody}`). */
export const SIGNATURE_HEADER = 'x-wps-signature';
/** A signed request older or newer than this is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/**
 * What a signature covers besides the timestamp. The method and the path are signed with the
 * body so that a signed body cannot be replayed against another callback or another vendor: a
 * bet body posted to /win, or a win posted to /rollback, no longer verifies.
 * `path` is the canonical path (for our callbacks `/vendor/<vassalage>/<callback>`, built from
 * the matched route, never the raw URL), without query string.
 */
export type SignedRequest = { method: string; path: string; rawBody: Buffer | string };

/** Sign a request for the vendor protocol (docs/vendor-api.md "Signing"). */
export function signVendorRequest(secret: string, timestamp: string, request: SignedRequest): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.${request.method.toUpperCase()}.${request.path}.`)
    .update(request.rawBody)
    .digest('hex');
}

/** The two headers that sign a request now. */
export function vendorSignatureHeaders(
  secret: string,
  request: SignedRequest,
  nowMs = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signVendorRequest(secret, timestamp, request) };
}

/** Check a signed request in constant time, and that its timestamp is within the window. */
export function verifyVendorSignature(
  secret: string,
  request: SignedRequest,
  timestamp: unknown,
  signature: unknown,
  nowMs = Date.now(),
): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (typeof signature !== 'string' || !/^[a-f0-9]{64}$/i.test(signature)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signVendorRequest(secret, timestamp, request), 'hex');
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The canonical path of one of our callbacks, as both sides sign it. */
export function vendorCallbackPath(vassalage: string, callback: string): string {
  return `/vendor/${vassalage}/${callback}`;
}
