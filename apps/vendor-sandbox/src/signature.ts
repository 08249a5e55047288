import crypto from 'node:crypto';

// The vendor's side of docs/vendor-api.md "Signing", written the way an outside vendor would:
// it shares nothing with the platform's code.

/** hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`). */
export function sign(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The headers that sign a body now. */
export function signedHeaders(secret: string, rawBody: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { 'content-type': 'application/json', 'x-wps-timestamp': timestamp, 'x-wps-signature': sign(secret, timestamp, rawBody) };
}

/** Check the platform's signature on a request to our transfer API, in constant time, within 300 s. */
export function verify(secret: string, rawBody: Buffer, timestamp: unknown, signature: unknown): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (typeof signature !== 'string' || !/^[a-f0-9]{64}$/.test(signature)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(sign(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
