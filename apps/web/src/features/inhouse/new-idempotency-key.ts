/** A fresh idempotency key for one round: a retried request reuses it, a new round gets a new one. */
export function newIdempotencyKey(prefix: string): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
