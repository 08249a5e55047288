// What every bet type declares: what it picks, how it pays, how a line is judged against a result,
// its exact odds and the liability key it loads. The families' files fill these in; selection,
// settlement, paytables and house edges read them, so a bet type's rules live in one place.
import { ONE, ratio, subRational, type Rational } from './rational';
import type { LotteryLine, LotteryResult } from './types';

/**
 * How a selection's picks become lines:
 * - each: every pick is a line of its own (several lô numbers = several lines);
 * - choose: every `perLine`-subset of the picks is a line (any-k, xiên);
 * - whole: all the picks form one line (keno's spots).
 */
export type PickMode = 'each' | 'choose' | 'whole';

/** Picks are whole numbers lo..hi, min..max of them, distinct; `perLine` is k for choose (1 for each, unused for whole). */
export type PickSpec = { lo: number; hi: number; mode: PickMode; min: number; max: number; perLine: number };

/**
 * fixed: one multiplier for a win; per_hit: one multiplier paid for every hit; variant: a
 * multiplier per variant; hits: a multiplier per variant and number of hits (keno).
 */
export type PayKind = 'fixed' | 'per_hit' | 'variant' | 'hits';

/** One outcome of a line: how many hits, and its exact probability. */
export type HitOutcome = { hits: number; probability: Rational };

export type BetRule = {
  code: string;
  pay: PayKind;
  picks?: PickSpec;
  positions?: { lo: number; hi: number };
  options?: readonly string[];
  /** Variant names for variant and hits pay, in the order tables list them. */
  variants?: readonly string[];
  variantOf?: (line: LotteryLine) => string;
  /** Picks in range that the bet type still refuses (PICK_PATTERN), e.g. a triple on a box. */
  isPickAllowed?: (pick: number) => boolean;
  /** Two picks with the same key are the same bet (DUPLICATE_PICK), e.g. 112 and 121 on a box. */
  pickKey?: (pick: number) => string;
  /** The line's hits on a validated result: 0 or 1 unless the bet type counts hits. */
  hits: (line: LotteryLine, result: LotteryResult) => number;
  /** The exact distribution of hits of a line of this variant (the only one when undefined). */
  distribution: (variant: string | undefined) => HitOutcome[];
  /** The most hits a line can score (per_hit: the number of prize numbers). */
  maxHits?: number;
  exposureKey: (line: LotteryLine) => string;
};

/** A win/lose distribution from the win probability. */
export function winLose(win: Rational): HitOutcome[] {
  return [
    { hits: 0, probability: subRational(ONE, win) },
    { hits: 1, probability: win },
  ];
}

/** 1/n: a single pick among n equally likely values. */
export function oneIn(n: number | bigint): HitOutcome[] {
  return winLose(ratio(1n, BigInt(n)));
}

/** `n` zero-padded to `width` digits. */
export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** A line's picks, which every bet type with picks has once validated. */
export function picksOf(line: LotteryLine): number[] {
  return line.numbers ?? [];
}

/** The first pick of a single-pick line. */
export function pickOf(line: LotteryLine): number {
  const pick = line.numbers?.[0];
  if (pick === undefined) throw new TypeError('lottery: the line has no pick');
  return pick;
}

/** Single-value picks 1 line each, from lo..hi. */
export function eachPick(lo: number, hi: number): PickSpec {
  return { lo, hi, mode: 'each', min: 1, max: hi - lo + 1, perLine: 1 };
}
