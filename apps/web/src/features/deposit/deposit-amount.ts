import type { DepositChannel } from '@wps/shared/schemas/deposit';

/** Major-unit amounts offered as quick picks, when inside the channel's limits. */
const QUICK_AMOUNTS = ['20', '50', '100', '200', '500', '1000', '5000'];
const MAX_QUICK = 6;

/** Exact minor units of a decimal string, or null when it is not a plain amount with at most `scale` decimals. */
export function toMinor(amount: string, scale: number): bigint | null {
  const match = /^(\d{1,15})(?:[.,](\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

/** Minor units back to a decimal string with `scale` places. */
export function toDecimal(minor: bigint, scale: number): string {
  const digits = minor.toString().padStart(scale + 1, '0');
  return scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
}

/** The fee the player pays on an amount: fixed part plus basis points, rounded down (as the server does). */
export function feeMinor(amountMinor: bigint, channel: Pick<DepositChannel, 'feeFixedMinor' | 'feeBps'>): bigint {
  return BigInt(channel.feeFixedMinor) + (amountMinor * BigInt(channel.feeBps)) / 10_000n;
}

/** Quick amounts inside the channel's limits, smallest first (the minimum itself when none fits). */
export function quickAmounts(channel: DepositChannel): string[] {
  const min = BigInt(channel.minMinor);
  const max = BigInt(channel.maxMinor);
  const fits = QUICK_AMOUNTS.filter((a) => {
    const minor = toMinor(a, channel.scale);
    return minor !== null && minor >= min && minor <= max;
  });
  return fits.length > 0 ? fits.slice(0, MAX_QUICK) : [channel.min];
}
