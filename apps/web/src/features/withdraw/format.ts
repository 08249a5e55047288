import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';

/** The translation key of an order's state, as the player sees it. */
export function orderStateKey(order: Pick<WithdrawalOrder, 'status' | 'confirmation'>): string {
  if (order.status === 'completed' && order.confirmation === 'auto_received') return 'status.autoReceived';
  if (order.status === 'completed' && order.confirmation === 'fully_paid') return 'status.fullyPaid';
  if (order.status === 'completed' && order.confirmation === 'not_received') return 'status.disputeResolved';
  if (order.status === 'completed') return 'status.received';
  return `status.${order.status}`;
}

/** A fresh idempotency key (getRandomValues works on plain-http deployments too). */
export function createIdempotencyKey(): string {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(buf);
  return `w-${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Compare two non-negative decimal strings exactly (no floats): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(aw + af.padEnd(width, '0'));
  const y = BigInt(bw + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
