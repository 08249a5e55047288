// Every family's bet types, looked up by code.
import type { BetRule } from './bet-rule';
import { vnPrizeCount } from './results';
import { DIGITS3_RULES, DIGITS5_RULES } from './rules-digits';
import { DICE3_RULES, KENO_RULES, PICK11X5_RULES, RACE10_RULES } from './rules-quick';
import { vietnamRules } from './rules-vietnam';
import type { LotteryFamily } from './types';

const RULES: Record<LotteryFamily, readonly BetRule[]> = {
  digits5: DIGITS5_RULES,
  digits3: DIGITS3_RULES,
  pick11x5: PICK11X5_RULES,
  dice3: DICE3_RULES,
  race10: RACE10_RULES,
  keno: KENO_RULES,
  vn_north: vietnamRules(vnPrizeCount('vn_north')),
  vn_central: vietnamRules(vnPrizeCount('vn_central')),
  vn_south: vietnamRules(vnPrizeCount('vn_south')),
};

/** The family's bet types, in the order docs and tables list them. */
export function betRulesOf(family: LotteryFamily): readonly BetRule[] {
  return RULES[family];
}

/** The bet type with this code, or undefined. */
export function findBetRule(family: LotteryFamily, code: string): BetRule | undefined {
  return RULES[family].find((r) => r.code === code);
}

/** The bet type codes of a family (what a paytable has one rule for). */
export function betTypeCodes(family: LotteryFamily): string[] {
  return RULES[family].map((r) => r.code);
}
