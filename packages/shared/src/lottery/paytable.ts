// Paytables: the operator defaults (house edges of about 2–10 %, each figure in docs/lottery.md)
// and how a rule turns a line's hits into a multiplier and a payout.
import type { BetRule } from './bet-rule';
import { BP_ONE, LotteryInputError, type LotteryFamily, type Paytable, type PayRule } from './types';

const fixed = (multiplierBp: number): PayRule => ({ kind: 'fixed', multiplierBp });

const DIGITS5: Paytable = {
  position: fixed(98_000),
  last2: fixed(970_000),
  last3: fixed(9_700_000),
  sum_size: fixed(19_600),
  sum_parity: fixed(19_600),
};

const DIGITS3: Paytable = {
  straight: fixed(9_700_000),
  box: { kind: 'variant', multiplierBp: { group3: 3_200_000, group6: 1_600_000 } },
  position: fixed(98_000),
  sum_size: fixed(19_600),
};

const PICK11X5: Paytable = {
  any1: fixed(20_900),
  any2: fixed(52_000),
  any3: fixed(156_000),
  any4: fixed(620_000),
  any5: fixed(4_380_000),
  any6: fixed(730_000),
  any7: fixed(209_000),
  any8: fixed(78_000),
  first: fixed(104_500),
};

const DICE_SUM_BP: Record<string, number> = {
  4: 680_000,
  5: 340_000,
  6: 205_000,
  7: 136_000,
  8: 97_000,
  9: 82_000,
  10: 76_000,
  11: 76_000,
  12: 82_000,
  13: 97_000,
  14: 136_000,
  15: 205_000,
  16: 340_000,
  17: 680_000,
};

const DICE3: Paytable = {
  sum: { kind: 'variant', multiplierBp: DICE_SUM_BP },
  sum_size: fixed(19_700),
  any_triple: fixed(340_000),
  triple: fixed(2_050_000),
  double: fixed(128_000),
};

const RACE10: Paytable = {
  position: fixed(98_000),
  first_size: fixed(19_600),
  dragon_tiger: fixed(19_600),
};

/** Keno: per number of spots, the multiplier for 0, 1, … hits. */
const KENO_BP: Record<string, number[]> = {
  1: [0, 38_000],
  2: [0, 10_000, 95_000],
  3: [0, 0, 26_000, 420_000],
  4: [0, 0, 15_000, 80_000, 900_000],
  5: [0, 0, 10_000, 30_000, 200_000, 3_000_000],
  6: [0, 0, 5_000, 15_000, 70_000, 700_000, 15_000_000],
  7: [0, 0, 0, 15_000, 40_000, 250_000, 2_500_000, 30_000_000],
  8: [0, 0, 0, 5_000, 25_000, 120_000, 1_000_000, 10_000_000, 50_000_000],
  9: [5_000, 0, 0, 5_000, 15_000, 50_000, 350_000, 3_000_000, 20_000_000, 100_000_000],
  10: [10_000, 0, 0, 0, 10_000, 50_000, 150_000, 1_200_000, 8_000_000, 50_000_000, 200_000_000],
};

const KENO: Paytable = {
  pick: { kind: 'hits', multiplierBp: KENO_BP },
};

/** Lô per hit and xiên differ by region (27 prize numbers in the north, 18 in the central and south). */
function vietnam(loPerHitBp: number, xienBp: [number, number, number]): Paytable {
  return {
    lo: fixed(loPerHitBp),
    de: fixed(950_000),
    cang3: fixed(9_500_000),
    xien2: fixed(xienBp[0]),
    xien3: fixed(xienBp[1]),
    xien4: fixed(xienBp[2]),
  };
}

const DEFAULTS: Record<LotteryFamily, Paytable> = {
  digits5: DIGITS5,
  digits3: DIGITS3,
  pick11x5: PICK11X5,
  dice3: DICE3,
  race10: RACE10,
  keno: KENO,
  vn_north: vietnam(35_000, [170_000, 770_000, 3_550_000]),
  vn_central: vietnam(52_500, [360_000, 2_400_000, 17_000_000]),
  vn_south: vietnam(52_500, [360_000, 2_400_000, 17_000_000]),
};

/** The operator's default paytable of a family (a fresh copy the caller may edit). */
export function defaultPaytable(family: LotteryFamily): Paytable {
  return structuredClone(DEFAULTS[family]);
}

/** The paytable's rule for a bet type; throws when it is missing or of the wrong kind (validatePaytable first). */
function payRuleOf(rule: BetRule, paytable: Paytable): PayRule {
  const pay = paytable[rule.code];
  const kind = rule.pay === 'per_hit' ? 'fixed' : rule.pay;
  if (!pay || pay.kind !== kind) throw new LotteryInputError(pay ? 'RULE_KIND' : 'MISSING_BET_TYPE');
  return pay;
}

/**
 * The multiplier (basis points) a line earns with this many hits: for per-hit bet types the
 * multiplier times the hits, for keno the table's entry, otherwise the multiplier on a win.
 */
export function outcomeMultiplierBp(
  rule: BetRule,
  paytable: Paytable,
  variant: string | undefined,
  hits: number,
): number {
  const pay = payRuleOf(rule, paytable);
  switch (pay.kind) {
    case 'fixed':
      return rule.pay === 'per_hit' ? pay.multiplierBp * hits : hits > 0 ? pay.multiplierBp : 0;
    case 'variant':
      return hits > 0 ? (pay.multiplierBp[variant ?? ''] ?? 0) : 0;
    case 'hits':
      return pay.multiplierBp[variant ?? '']?.[hits] ?? 0;
  }
}

/**
 * The payout in minor units: floor(stake × multiplier / 10000), and for per-hit bet types the
 * floored single-hit payout times the hits (so each hit pays the same whole amount).
 */
export function outcomePayout(
  rule: BetRule,
  paytable: Paytable,
  variant: string | undefined,
  hits: number,
  stakeMinor: bigint,
): bigint {
  if (rule.pay === 'per_hit') {
    return ((stakeMinor * BigInt(outcomeMultiplierBp(rule, paytable, variant, 1))) / BigInt(BP_ONE)) * BigInt(hits);
  }
  return (stakeMinor * BigInt(outcomeMultiplierBp(rule, paytable, variant, hits))) / BigInt(BP_ONE);
}
