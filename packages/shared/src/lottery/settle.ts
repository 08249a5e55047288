// Settling a line against a result, and what a line can cost the house: its largest payout (for
// per-ticket caps) and the liability it loads on its exposure key (for per-number limits).
import type { BetRule } from './bet-rule';
import { outcomeMultiplierBp, outcomePayout } from './paytable';
import { validateResult } from './results';
import { getLineRule } from './selection';
import {
  BP_ONE,
  LotteryInputError,
  type LotteryFamily,
  type LotteryLine,
  type LotteryResult,
  type Paytable,
} from './types';

export type LineSettlement = {
  /** Minor units paid, stake included; 0 on a loss. */
  payout: bigint;
  /** How many times the line hit: lô's count of prize endings, keno's spots drawn; 1 or 0 for the other bet types. */
  hits: number;
  /** The multiplier the payout came from (per-hit types: times the hits), 0 on a loss. */
  multiplierBp: number;
};

function checkStake(stakeMinor: bigint): void {
  if (stakeMinor < 0n) throw new RangeError('lottery: the stake is negative');
}

/** The line's payout on a result. Throws LotteryInputError on a line or result the validators refuse. */
export function settleLine(
  family: LotteryFamily,
  line: LotteryLine,
  result: LotteryResult,
  paytable: Paytable,
  stakeMinor: bigint,
): LineSettlement {
  checkStake(stakeMinor);
  const rule = getLineRule(family, line);
  const checked = validateResult(family, result);
  if (!checked.ok) throw new LotteryInputError(checked.reason);
  const hits = rule.hits(line, result);
  const variant = rule.variantOf?.(line);
  return {
    payout: outcomePayout(rule, paytable, variant, hits, stakeMinor),
    hits,
    multiplierBp: outcomeMultiplierBp(rule, paytable, variant, hits),
  };
}

/** The most hits a line of this bet type can score. */
function mostHits(rule: BetRule, line: LotteryLine): number {
  if (rule.pay === 'per_hit') return rule.maxHits ?? 1;
  if (rule.pay === 'hits') return line.numbers?.length ?? 0;
  return 1;
}

/** The multiplier a line loads on its exposure key: one hit's for per-hit bet types, else its best outcome's. */
function loadMultiplierBp(rule: BetRule, line: LotteryLine, paytable: Paytable): number {
  const variant = rule.variantOf?.(line);
  if (rule.pay === 'per_hit') return outcomeMultiplierBp(rule, paytable, variant, 1);
  let best = 0;
  for (let hits = 0; hits <= mostHits(rule, line); hits++)
    best = Math.max(best, outcomeMultiplierBp(rule, paytable, variant, hits));
  return best;
}

/** The largest payout the line can win (lô: every prize number ending in its pick), for per-ticket caps. */
export function maxLinePayout(
  family: LotteryFamily,
  line: LotteryLine,
  paytable: Paytable,
  stakeMinor: bigint,
): bigint {
  checkStake(stakeMinor);
  const rule = getLineRule(family, line);
  const variant = rule.variantOf?.(line);
  let best = 0n;
  for (let hits = 0; hits <= mostHits(rule, line); hits++) {
    const payout = outcomePayout(rule, paytable, variant, hits, stakeMinor);
    if (payout > best) best = payout;
  }
  return best;
}

/**
 * The liability keys the line loads (one per line today; a list so a bet type could load several).
 * Each key names one outcome of the draw, e.g. `de:27` (the special prize ends in 27), `lo:27`
 * (one prize number ends in 27), `xien2:12-34`, `d5:pos3:7`, `keno:k5:3-8-21-40-77`. The server
 * adds each line's exposureLoad to its key per draw and refuses or trims a stake past a key's limit.
 */
export function exposureKeys(family: LotteryFamily, line: LotteryLine): string[] {
  return [getLineRule(family, line).exposureKey(line)];
}

/**
 * What the line adds to its key: the payout if that key's outcome happens. For lô that is one
 * hit's payout (a limit on `lo:27` is a limit per appearance of 27); for every other bet type the
 * line's largest payout.
 */
export function exposureLoad(family: LotteryFamily, line: LotteryLine, paytable: Paytable, stakeMinor: bigint): bigint {
  checkStake(stakeMinor);
  const rule = getLineRule(family, line);
  return (stakeMinor * BigInt(loadMultiplierBp(rule, line, paytable))) / BigInt(BP_ONE);
}

/**
 * The largest stake whose exposureLoad fits in `roomMinor` (what is left under the key's limit),
 * so the server can trim a stake instead of refusing it; null when the line loads nothing at any
 * stake (its multipliers are all 0).
 */
export function maxStakeWithin(
  family: LotteryFamily,
  line: LotteryLine,
  paytable: Paytable,
  roomMinor: bigint,
): bigint | null {
  const multiplier = BigInt(loadMultiplierBp(getLineRule(family, line), line, paytable));
  if (multiplier === 0n) return null;
  if (roomMinor < 0n) return 0n;
  // floor(s·m / 10000) ≤ room  ⟺  s·m < (room + 1)·10000.
  return ((roomMinor + 1n) * BigInt(BP_ONE) - 1n) / multiplier;
}
