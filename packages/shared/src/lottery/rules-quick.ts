// Quick draws other than digits: 11x5 (5 of 1..11), sic bo dice (three dice), the car race (an
// order of cars 1..10) and keno (20 of 1..80). Probabilities are exact counts: combinations for the
// draws without replacement, the 216 dice outcomes enumerated, ordered pairs for the race.
import { eachPick, oneIn, pickOf, picksOf, winLose, type BetRule, type HitOutcome } from './bet-rule';
import { choose } from './combinatorics';
import { ratio } from './rational';
import { resultNumbers } from './results';

const sortedKey = (picks: number[]) => [...picks].sort((a, b) => a - b).join('-');

/** 11x5 "any k": for k ≤ 5 all k picks are among the 5 drawn; for k ≥ 5 all 5 drawn are among the k picks. */
function anyRule(k: number): BetRule {
  const draws = choose(11, 5);
  return {
    code: `any${k}`,
    pay: 'fixed',
    picks: { lo: 1, hi: 11, mode: 'choose', min: k, max: 11, perLine: k },
    hits: (line, result) => {
      const drawn = resultNumbers(result);
      const picks = picksOf(line);
      const covered = k <= 5 ? picks.every((p) => drawn.includes(p)) : drawn.every((d) => picks.includes(d));
      return covered ? 1 : 0;
    },
    // k ≤ 5: the other 5 − k drawn come from the 11 − k unpicked; k ≥ 5: the 5 drawn are any 5 of the k picks.
    distribution: () => winLose(ratio(k <= 5 ? choose(11 - k, 5 - k) : choose(k, 5), draws)),
    exposureKey: (line) => `p11:any${k}:${sortedKey(picksOf(line))}`,
  };
}

export const PICK11X5_RULES: readonly BetRule[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map(anyRule),
  {
    code: 'first',
    pay: 'fixed',
    picks: eachPick(1, 11),
    hits: (line, result) => (resultNumbers(result)[0] === pickOf(line) ? 1 : 0),
    distribution: () => oneIn(11),
    exposureKey: (line) => `p11:first:${pickOf(line)}`,
  },
];

// ------------------------------------------------------------------------------------------------
// Dice (sic bo rules: big and small lose on any triple)
// ------------------------------------------------------------------------------------------------

const ALL_ROLLS: number[][] = [];
for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ALL_ROLLS.push([a, b, c]);

/** P(predicate) over the 216 equally likely rolls, counted one by one. */
function diceOdds(predicate: (dice: number[]) => boolean): HitOutcome[] {
  return winLose(ratio(ALL_ROLLS.filter(predicate).length, ALL_ROLLS.length));
}

const diceSum = (dice: number[]) => dice[0]! + dice[1]! + dice[2]!;
const isTriple = (dice: number[]) => dice[0] === dice[1] && dice[1] === dice[2];
const isBig = (dice: number[]) => !isTriple(dice) && diceSum(dice) >= 11;
const isSmall = (dice: number[]) => !isTriple(dice) && diceSum(dice) <= 10;
const countOf = (dice: number[], face: number) => dice.filter((d) => d === face).length;
const DICE_SUMS = Array.from({ length: 14 }, (_, i) => String(i + 4));

export const DICE3_RULES: readonly BetRule[] = [
  {
    code: 'sum',
    pay: 'variant',
    picks: eachPick(4, 17),
    variants: DICE_SUMS,
    variantOf: (line) => String(pickOf(line)),
    hits: (line, result) => (diceSum(resultNumbers(result)) === pickOf(line) ? 1 : 0),
    distribution: (variant) => diceOdds((dice) => diceSum(dice) === Number(variant)),
    exposureKey: (line) => `dice:sum:${pickOf(line)}`,
  },
  {
    code: 'sum_size',
    pay: 'fixed',
    options: ['big', 'small'],
    hits: (line, result) => ((line.option === 'big' ? isBig : isSmall)(resultNumbers(result)) ? 1 : 0),
    distribution: () => diceOdds(isBig),
    exposureKey: (line) => `dice:sum_size:${line.option}`,
  },
  {
    code: 'any_triple',
    pay: 'fixed',
    hits: (_line, result) => (isTriple(resultNumbers(result)) ? 1 : 0),
    distribution: () => diceOdds(isTriple),
    exposureKey: () => 'dice:any_triple',
  },
  {
    code: 'triple',
    pay: 'fixed',
    picks: eachPick(1, 6),
    hits: (line, result) => (countOf(resultNumbers(result), pickOf(line)) === 3 ? 1 : 0),
    distribution: () => diceOdds((dice) => countOf(dice, 1) === 3),
    exposureKey: (line) => `dice:triple:${pickOf(line)}`,
  },
  {
    code: 'double',
    pay: 'fixed',
    picks: eachPick(1, 6),
    hits: (line, result) => (countOf(resultNumbers(result), pickOf(line)) >= 2 ? 1 : 0),
    distribution: () => diceOdds((dice) => countOf(dice, 1) >= 2),
    exposureKey: (line) => `dice:double:${pickOf(line)}`,
  },
];

// ------------------------------------------------------------------------------------------------
// Race: numbers[i] is the car that finished in place i + 1.
// ------------------------------------------------------------------------------------------------

export const RACE10_RULES: readonly BetRule[] = [
  {
    code: 'position',
    pay: 'fixed',
    picks: eachPick(1, 10),
    positions: { lo: 1, hi: 10 },
    hits: (line, result) => (resultNumbers(result)[line.position! - 1] === pickOf(line) ? 1 : 0),
    distribution: () => oneIn(10),
    exposureKey: (line) => `race:pos${line.position}:${pickOf(line)}`,
  },
  {
    // The winner's car number: big 6–10, small 1–5 (5 cars each side).
    code: 'first_size',
    pay: 'fixed',
    options: ['big', 'small'],
    hits: (line, result) => (resultNumbers(result)[0]! >= 6 === (line.option === 'big') ? 1 : 0),
    distribution: () => winLose(ratio(5, 10)),
    exposureKey: (line) => `race:first_size:${line.option}`,
  },
  {
    // Dragon wins when the car in first place has a higher number than the car in tenth place;
    // of the 90 equally likely ordered (first, tenth) pairs, 45 have first > tenth. No ties.
    code: 'dragon_tiger',
    pay: 'fixed',
    options: ['dragon', 'tiger'],
    hits: (line, result) => {
      const order = resultNumbers(result);
      return order[0]! > order[9]! === (line.option === 'dragon') ? 1 : 0;
    },
    distribution: () => winLose(ratio(choose(10, 2), 10 * 9)),
    exposureKey: (line) => `race:dragon_tiger:${line.option}`,
  },
];

// ------------------------------------------------------------------------------------------------
// Keno: 1–10 spots; the paytable pays by the number of spots among the 20 drawn.
// ------------------------------------------------------------------------------------------------

/** Hypergeometric: P(h of k spots drawn) = C(k,h)·C(80−k, 20−h) / C(80,20). */
function kenoDistribution(k: number): HitOutcome[] {
  const draws = choose(80, 20);
  return Array.from({ length: k + 1 }, (_, h) => ({
    hits: h,
    probability: ratio(choose(k, h) * choose(80 - k, 20 - h), draws),
  }));
}

export const KENO_MAX_SPOTS = 10;

export const KENO_RULES: readonly BetRule[] = [
  {
    code: 'pick',
    pay: 'hits',
    picks: { lo: 1, hi: 80, mode: 'whole', min: 1, max: KENO_MAX_SPOTS, perLine: 0 },
    variants: Array.from({ length: KENO_MAX_SPOTS }, (_, i) => String(i + 1)),
    variantOf: (line) => String(picksOf(line).length),
    hits: (line, result) => {
      const drawn = new Set(resultNumbers(result));
      return picksOf(line).filter((p) => drawn.has(p)).length;
    },
    distribution: (variant) => kenoDistribution(Number(variant)),
    exposureKey: (line) => `keno:k${picksOf(line).length}:${sortedKey(picksOf(line))}`,
  },
];
