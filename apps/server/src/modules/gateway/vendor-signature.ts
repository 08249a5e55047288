import crypto from 'node:crypto';

/** Header carrying the Unix time (seconds) the request was signed at. */
export const TIMESTAMP_HEADER = 'x-wps-timestamp';
/** Header carrying hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`). */
export const SIGNATURE_HEADER = 'x-wps-signature';
/** A signed request older or newer than this is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** Sign a raw body for the vendor protocol (docs/vendor-api.md "Signing"). */
export function signVendorBody(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The two headers that sign a body now. */
export function vendorSignatureHeaders(secret: string, rawBody: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signVendorBody(secret, timestamp, rawBody) };
}

/** Check a signed request in constant time, and that its timestamp is within the window. */
export function verifyVendorSignature(
  secret: string,
  rawBody: Buffer,
  timestamp: unknown,
  signature: unknown,
  nowMs = Date.now(),
): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (typeof signature !== 'string' || !/^[a-f0-9]{64}$/i.test(signature)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signVendorBody(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
