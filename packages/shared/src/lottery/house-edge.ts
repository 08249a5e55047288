// Exact odds and house edges of a paytable: for every bet type (and variant) its distribution of
// hits with the multiplier each outcome earns, the expected return per unit staked and the edge
// 1 − E[return], all exact fractions. Payouts are floored to whole minor units, which can only
// lower the return, so the real edge is never below these figures.
import { addRational, mulRational, ONE, ratio, subRational, ZERO, type Rational } from './rational';
import { outcomeMultiplierBp } from './paytable';
import { betRulesOf } from './registry';
import { BP_ONE, type LotteryFamily, type Paytable } from './types';

export type BetTypeEdge = {
  betType: string;
  /** The variant (dice sum value, digits3 group, keno spot count), absent when the bet type has one price. */
  variant?: string;
  /** Every outcome: hits, its probability and the total multiplier it earns (basis points, 0 on a loss). */
  distribution: { hits: number; probability: Rational; multiplierBp: number }[];
  winProbability: Rational;
  /** E[return] per unit staked on one line, stake included. */
  expectedReturn: Rational;
  /** 1 − expectedReturn. */
  edge: Rational;
};

/** Every bet type of the family (each variant on its own) with its exact distribution and edge under the paytable. */
export function houseEdges(family: LotteryFamily, paytable: Paytable): BetTypeEdge[] {
  const edges: BetTypeEdge[] = [];
  for (const rule of betRulesOf(family)) {
    for (const variant of rule.variants ?? [undefined]) {
      const distribution = rule.distribution(variant).map(({ hits, probability }) => ({
        hits,
        probability,
        multiplierBp: outcomeMultiplierBp(rule, paytable, variant, hits),
      }));
      let winProbability = ZERO;
      let expectedReturn = ZERO;
      for (const o of distribution) {
        if (o.multiplierBp > 0) winProbability = addRational(winProbability, o.probability);
        expectedReturn = addRational(expectedReturn, mulRational(o.probability, ratio(o.multiplierBp, BP_ONE)));
      }
      edges.push({
        betType: rule.code,
        ...(variant !== undefined ? { variant } : {}),
        distribution,
        winProbability,
        expectedReturn,
        edge: subRational(ONE, expectedReturn),
      });
    }
  }
  return edges;
}
