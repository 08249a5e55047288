import { z } from 'zod';
import type { DepositChannel } from '@wps/shared/schemas/deposit';
import { parseTypedAmount, typedAmountSchema } from '@wps/shared/schemas/typed-amount';

/** Major-unit amounts offered as quick picks, when inside the channel's limits. */
const QUICK_AMOUNTS = ['20', '50', '100', '200', '500', '1000', '5000'];
const MAX_QUICK = 6;

/** The fee the player pays on an amount: fixed part plus basis points, rounded down (as the server does). */
export function feeMinor(amountMinor: bigint, channel: Pick<DepositChannel, 'feeFixedMinor' | 'feeBps'>): bigint {
  return BigInt(channel.feeFixedMinor) + (amountMinor * BigInt(channel.feeBps)) / 10_000n;
}

/** Quick amounts inside the channel's limits, smallest first (the minimum itself when none fits). */
export function quickAmounts(channel: DepositChannel): string[] {
  const min = BigInt(channel.minMinor);
  const max = BigInt(channel.maxMinor);
  const fits = QUICK_AMOUNTS.filter((a) => {
    const minor = parseTypedAmount(a, channel.scale);
    return minor !== null && minor >= min && minor <= max;
  });
  return fits.length > 0 ? fits.slice(0, MAX_QUICK) : [channel.min];
}

/**
 * The deposit form's rule: the shared typed-amount rule in the player's locale ("50,00" in
 * pt-BR, at most the currency's decimals), then the channel's limits and the fee. Out: the amount
 * in minor units. Reasons: 'required', 'format', 'min', 'max', 'fee'.
 */
export function createDepositFormSchema(channel: DepositChannel, locale: string) {
  return z.object({
    amount: typedAmountSchema(channel.scale, locale).superRefine((minor, ctx) => {
      const reason =
        minor < BigInt(channel.minMinor)
          ? 'min'
          : minor > BigInt(channel.maxMinor)
            ? 'max'
            : minor - feeMinor(minor, channel) <= 0n
              ? 'fee'
              : null;
      if (reason) ctx.addIssue({ code: 'custom', params: { reason } });
    }),
  });
}
