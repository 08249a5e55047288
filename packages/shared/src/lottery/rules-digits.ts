// Digit draws: digits5 (five digits 0–9) and digits3 (three). Every digit is uniform and
// independent, so each probability below is a count of the 10^n equally likely results.
import { eachPick, oneIn, pad, pickOf, winLose, type BetRule } from './bet-rule';
import { ratio, type Rational } from './rational';
import { resultNumbers } from './results';
import type { LotteryLine } from './types';

/** How many of the 10^n digit strings have each digit sum (index = sum, 0..9n), by convolution. */
function digitSumCounts(n: number): bigint[] {
  let counts = [1n];
  for (let d = 0; d < n; d++) {
    const next = new Array<bigint>(counts.length + 9).fill(0n);
    counts.forEach((c, s) => {
      for (let digit = 0; digit <= 9; digit++) next[s + digit]! += c;
    });
    counts = next;
  }
  return counts;
}

/** P(sum ≥ threshold) over n uniform digits. */
function sumAtLeast(n: number, threshold: number): Rational {
  const counts = digitSumCounts(n);
  const hits = counts.slice(threshold).reduce((a, b) => a + b, 0n);
  return ratio(hits, 10n ** BigInt(n));
}

/** P(sum is odd) over n uniform digits. */
function sumOdd(n: number): Rational {
  const counts = digitSumCounts(n);
  return ratio(
    counts.reduce((a, c, s) => (s % 2 === 1 ? a + c : a), 0n),
    10n ** BigInt(n),
  );
}

const sumOf = (digits: number[]) => digits.reduce((a, b) => a + b, 0);
const tail = (digits: number[], width: number) => digits.slice(-width).reduce((a, d) => a * 10 + d, 0);

/** The digit at a position (1 = first drawn): 1 in 10. */
function positionRule(prefix: string, count: number): BetRule {
  return {
    code: 'position',
    pay: 'fixed',
    picks: eachPick(0, 9),
    positions: { lo: 1, hi: count },
    hits: (line, result) => (resultNumbers(result)[line.position! - 1] === pickOf(line) ? 1 : 0),
    distribution: () => oneIn(10),
    exposureKey: (line) => `${prefix}:pos${line.position}:${pickOf(line)}`,
  };
}

/** The last `width` digits in order (a pick 0..10^width − 1, read zero-padded). */
function straightRule(prefix: string, code: string, width: number): BetRule {
  return {
    code,
    pay: 'fixed',
    picks: eachPick(0, 10 ** width - 1),
    hits: (line, result) => (tail(resultNumbers(result), width) === pickOf(line) ? 1 : 0),
    distribution: () => oneIn(10 ** width),
    exposureKey: (line) => `${prefix}:${code}:${pad(pickOf(line), width)}`,
  };
}

/** Big (sum ≥ threshold) or small: the threshold is the middle, so each side is exactly 1/2. */
function sumSizeRule(prefix: string, count: number, threshold: number): BetRule {
  return {
    code: 'sum_size',
    pay: 'fixed',
    options: ['big', 'small'],
    hits: (line, result) => (sumOf(resultNumbers(result)) >= threshold === (line.option === 'big') ? 1 : 0),
    distribution: () => winLose(sumAtLeast(count, threshold)),
    exposureKey: (line) => `${prefix}:sum_size:${line.option}`,
  };
}

const boxDigits = (pick: number) => pad(pick, 3).split('').sort().join('');
const distinctDigits = (pick: number) => new Set(pad(pick, 3)).size;

export const DIGITS5_RULES: readonly BetRule[] = [
  positionRule('d5', 5),
  straightRule('d5', 'last2', 2),
  straightRule('d5', 'last3', 3),
  sumSizeRule('d5', 5, 23),
  {
    code: 'sum_parity',
    pay: 'fixed',
    options: ['odd', 'even'],
    hits: (line, result) => ((sumOf(resultNumbers(result)) % 2 === 1) === (line.option === 'odd') ? 1 : 0),
    distribution: () => winLose(sumOdd(5)),
    exposureKey: (line) => `d5:sum_parity:${line.option}`,
  },
];

export const DIGITS3_RULES: readonly BetRule[] = [
  straightRule('d3', 'straight', 3),
  {
    // Any order. A pick with two equal digits (group-3, e.g. 112) matches 3 of the 1000 results,
    // one with three different digits (group-6, e.g. 123) matches 6, so each group has its own
    // multiplier; a triple is refused (it is a straight).
    code: 'box',
    pay: 'variant',
    picks: eachPick(0, 999),
    variants: ['group3', 'group6'],
    variantOf: (line: LotteryLine) => (distinctDigits(pickOf(line)) === 2 ? 'group3' : 'group6'),
    isPickAllowed: (pick) => distinctDigits(pick) > 1,
    pickKey: boxDigits,
    hits: (line, result) => (resultNumbers(result).map(String).sort().join('') === boxDigits(pickOf(line)) ? 1 : 0),
    distribution: (variant) => winLose(ratio(variant === 'group3' ? 3 : 6, 1000)),
    exposureKey: (line) => `d3:box:${boxDigits(pickOf(line))}`,
  },
  positionRule('d3', 3),
  sumSizeRule('d3', 3, 14),
];
