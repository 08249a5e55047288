import { formatMinor, parseTypedAmount } from '@wps/shared/money';

/**
 * A transfer amount as the player typed it ("30,50", "1.500,00", "1500" or "30.50" in Portuguese)
 * → the exact major-unit decimal string the transfer API takes ("1500.00"), read by the shared
 * money parser in the player's `locale`; null when it is not a positive amount with at most
 * `scale` decimals.
 */
export function toTransferAmount(typed: string, scale: number, locale: string): string | null {
  const minor = parseTypedAmount(typed, scale, locale);
  return minor === null || minor <= 0n ? null : formatMinor(minor, scale);
}

/** An idempotency key for one transfer: kept until it gets an answer, so a retry moves nothing twice. */
export function transferKey(): string {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(buf);
  return `w-${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
