// Vietnamese lottery (xổ số) bet types, the same in the three regions except for the number of prize
// numbers: 27 in the north, 18 in the central and south. Each prize number is uniform over its
// digit count, so every prize's last two digits are uniform over 00..99 and independent of the
// others; that gives lô a binomial number of hits and xiên an inclusion–exclusion probability.
import { eachPick, oneIn, pad, pickOf, picksOf, winLose, type BetRule, type HitOutcome } from './bet-rule';
import { choose } from './combinatorics';
import { mulRational, powRational, ratio, sumRationals } from './rational';
import { vnReadings } from './results';

/** Lô's hits: a binomial(n, 1/100) count of prize numbers ending in the pick. */
function loDistribution(n: number): HitOutcome[] {
  return Array.from({ length: n + 1 }, (_, h) => ({
    hits: h,
    probability: ratio(choose(n, h) * 99n ** BigInt(n - h), 100n ** BigInt(n)),
  }));
}

/**
 * P(each of m distinct endings appears among n independent uniform endings at least once)
 * = Σ_j (−1)^j C(m,j) ((100 − j)/100)^n.
 */
export function xienProbability(m: number, n: number) {
  return sumRationals(
    Array.from({ length: m + 1 }, (_, j) =>
      mulRational(ratio((j % 2 === 0 ? 1n : -1n) * choose(m, j)), powRational(ratio(100 - j, 100), n)),
    ),
  );
}

const endingsKey = (picks: number[]) =>
  [...picks]
    .sort((a, b) => a - b)
    .map((p) => pad(p, 2))
    .join('-');

function xienRule(m: number, n: number): BetRule {
  return {
    code: `xien${m}`,
    pay: 'fixed',
    picks: { lo: 0, hi: 99, mode: 'choose', min: m, max: 100, perLine: m },
    hits: (line, result) => {
      const endings = new Set(vnReadings(result).endings);
      return picksOf(line).every((p) => endings.has(p)) ? 1 : 0;
    },
    distribution: () => winLose(xienProbability(m, n)),
    exposureKey: (line) => `xien${m}:${endingsKey(picksOf(line))}`,
  };
}

/** The bet types of a region with `n` prize numbers. */
export function vietnamRules(n: number): readonly BetRule[] {
  return [
    {
      // Lô 2 số: every prize number ending in the pick is a hit, each paid.
      code: 'lo',
      pay: 'per_hit',
      picks: eachPick(0, 99),
      maxHits: n,
      hits: (line, result) => vnReadings(result).endings.filter((e) => e === pickOf(line)).length,
      distribution: () => loDistribution(n),
      exposureKey: (line) => `lo:${pad(pickOf(line), 2)}`,
    },
    {
      // Đề: the special prize's last two digits only.
      code: 'de',
      pay: 'fixed',
      picks: eachPick(0, 99),
      hits: (line, result) => (Number(vnReadings(result).special.slice(-2)) === pickOf(line) ? 1 : 0),
      distribution: () => oneIn(100),
      exposureKey: (line) => `de:${pad(pickOf(line), 2)}`,
    },
    {
      // 3 càng: the special prize's last three digits.
      code: 'cang3',
      pay: 'fixed',
      picks: eachPick(0, 999),
      hits: (line, result) => (Number(vnReadings(result).special.slice(-3)) === pickOf(line) ? 1 : 0),
      distribution: () => oneIn(1000),
      exposureKey: (line) => `cang3:${pad(pickOf(line), 3)}`,
    },
    xienRule(2, n),
    xienRule(3, n),
    xienRule(4, n),
  ];
}
