import crypto from 'node:crypto';

// The one-time codes a player types (the SMS codes of registration, login and password reset, and
// the code of a login from a new device): how one is made, stored and checked, in one place so the
// two kinds cannot drift apart. Only a salted HMAC of a code is stored, bound to what it was sent
// for (`binding`), so a stored hash checks only its own purpose and recipient.

/** A new six-digit code, uniform over 000000–999999, and the salt its hash is keyed by. */
export function newOneTimeCode(): { code: string; salt: string } {
  return {
    code: String(crypto.randomInt(0, 1_000_000)).padStart(6, '0'),
    salt: crypto.randomBytes(16).toString('hex'),
  };
}

/** HMAC-SHA-256 keyed by the code's salt over its binding and the code, NUL-separated. */
export function hashOneTimeCode(salt: string, binding: readonly string[], code: string): string {
  return crypto
    .createHmac('sha256', salt)
    .update([...binding, code].join('\u0000'))
    .digest('hex');
}

/** Whether two hex hashes are equal, in time that does not depend on where they differ. */
export function sameCodeHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
