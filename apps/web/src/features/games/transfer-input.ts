/** A transfer amount in major units as the transfer API takes it: digits, an optional point and up to 8 decimals. */
export const AMOUNT_PATTERN = /^\d{1,15}(\.\d{1,8})?$/;

/** Whether `amount` is a well-formed, positive amount. */
export function isTransferAmount(amount: string): boolean {
  return AMOUNT_PATTERN.test(amount) && /[1-9]/.test(amount);
}

/** An idempotency key for one transfer: kept until it gets an answer, so a retry moves nothing twice. */
export function transferKey(): string {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(buf);
  return `w-${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
