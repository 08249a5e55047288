// Keno (house): the player picks 1 to 10 numbers of 1–40 and a risk level; the round draws 10
// different numbers and pays by how many picks were drawn (hits), from the table of the pick count
// and risk. An instant game, apart from the lottery's drawn keno.

import { choose, exactRtp, payoutAt, roundByteStream, scaledMultipliers, uniformBelow } from './originals-common';

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;
export const KENO_RISKS = ['low', 'medium', 'high'] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];

/**
 * The published paytables: the pay for 0, 1, … hits in hundredths of the stake at 99 % (index:
 * picks − 1). A round's multipliers are these scaled to its RTP (kenoMultipliers). Rare hits pay
 * the most; the common ones are kept low enough that one million rounds measure each table's RTP
 * to within about ±0.19 percentage points (one standard error).
 */
export const KENO_TABLES: Readonly<Record<KenoRisk, readonly (readonly number[])[]>> = {
  low: [
    [96, 110], // 1 pick
    [96, 100, 120], // 2 picks
    [0, 160, 180, 230], // 3 picks
    [0, 140, 150, 170, 230], // 4 picks
    [0, 120, 130, 140, 180, 240], // 5 picks
    [0, 110, 120, 130, 150, 190, 270], // 6 picks
    [0, 0, 170, 180, 200, 250, 330, 490], // 7 picks
    [0, 0, 140, 150, 170, 200, 250, 350, 540], // 8 picks
    [0, 0, 130, 130, 150, 170, 210, 270, 390, 640], // 9 picks
    [0, 0, 120, 120, 130, 150, 180, 230, 310, 470, 840], // 10 picks
  ],
  medium: [
    [91, 120], // 1 pick
    [0, 210, 350], // 2 picks
    [0, 150, 210, 410], // 3 picks
    [0, 120, 150, 250, 540], // 4 picks
    [0, 0, 240, 340, 610, 1500], // 5 picks
    [0, 0, 180, 240, 380, 760, 2100], // 6 picks
    [0, 0, 150, 180, 260, 470, 1000, 3200], // 7 picks
    [0, 0, 130, 150, 200, 330, 640, 1600, 5400], // 8 picks
    [0, 0, 0, 210, 270, 410, 740, 1600, 4500, 18000], // 9 picks
    [0, 0, 0, 180, 210, 300, 500, 1000, 2500, 8000, 39000], // 10 picks
  ],
  high: [
    [0, 400], // 1 pick
    [0, 190, 430], // 2 picks
    [0, 140, 230, 620], // 3 picks
    [0, 110, 160, 320, 1000], // 4 picks
    [0, 0, 220, 370, 890, 3400], // 5 picks
    [0, 0, 170, 240, 490, 1400, 6300], // 6 picks
    [0, 0, 140, 180, 320, 760, 2500, 13000], // 7 picks
    [0, 0, 0, 250, 390, 810, 2200, 8700, 55000], // 8 picks
    [0, 0, 0, 190, 280, 520, 1200, 4000, 19000, 150000], // 9 picks
    [0, 0, 0, 160, 210, 360, 770, 2200, 8400, 49000, 530000], // 10 picks
  ],
};

export type KenoParams = { picks: number[]; risk: KenoRisk };

export type KenoOutcome = {
  risk: KenoRisk;
  /** The player's picks, ascending. */
  picks: number[];
  /** The 10 numbers in the order drawn. */
  drawn: number[];
  /** The picks that were drawn, ascending. */
  hits: number[];
  multiplierBp: number;
};

/** How many of the C(40, 10) draws give each hit count for `picks` numbers (hypergeometric). */
export function kenoHitCounts(picks: number): bigint[] {
  return Array.from({ length: picks + 1 }, (_, h) => choose(picks, h) * choose(KENO_NUMBERS - picks, KENO_DRAWN - h));
}

const KENO_DRAWS = choose(KENO_NUMBERS, KENO_DRAWN);

/** The multipliers (1/10,000ths) by hit count for `picks` numbers and `risk` at an RTP. */
export function kenoMultipliers(picks: number, risk: KenoRisk, rtpBps: number): number[] {
  const shape = KENO_TABLES[risk][picks - 1];
  if (!shape) throw new Error(`keno: no table for ${picks} picks`);
  return scaledMultipliers(shape, kenoHitCounts(picks), KENO_DRAWS, rtpBps);
}

/** The exact RTP of a table at an RTP setting. */
export function kenoExactRtp(picks: number, risk: KenoRisk, rtpBps: number) {
  return exactRtp(kenoMultipliers(picks, risk, rtpBps), kenoHitCounts(picks), KENO_DRAWS);
}

/**
 * The 10 numbers from the byte stream: a partial Fisher–Yates shuffle of 1…40. Draw i (0…9)
 * takes an unbiased index below 40 − i (uniformBelow: a byte at or above the largest multiple of
 * 40 − i under 256 is skipped) and swaps that position into place i.
 */
export function kenoDrawFromStream(nextByte: () => number): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  const drawn: number[] = [];
  for (let i = 0; i < KENO_DRAWN; i++) {
    const j = i + uniformBelow(nextByte, KENO_NUMBERS - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    drawn.push(pool[i]!);
  }
  return drawn;
}

export function kenoOutcomeFromDraw(drawn: number[], params: KenoParams, rtpBps: number): KenoOutcome {
  const picks = [...params.picks].sort((a, b) => a - b);
  const hits = picks.filter((p) => drawn.includes(p));
  const multiplierBp = kenoMultipliers(picks.length, params.risk, rtpBps)[hits.length]!;
  return { risk: params.risk, picks, drawn, hits, multiplierBp };
}

/** The keno result of a round. */
export function kenoOutcome(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: KenoParams,
  rtpBps: number,
): KenoOutcome {
  return kenoOutcomeFromDraw(kenoDrawFromStream(roundByteStream(serverSeed, clientSeed, nonce)), params, rtpBps);
}

/** Whether picks are 1–10 different whole numbers of 1–40. */
export function isValidKenoPicks(picks: readonly number[]): boolean {
  return (
    picks.length >= 1 &&
    picks.length <= KENO_MAX_PICKS &&
    new Set(picks).size === picks.length &&
    picks.every((p) => Number.isInteger(p) && p >= 1 && p <= KENO_NUMBERS)
  );
}

/** The largest multiplier of the table (all picks drawn), for the payout limit. */
export function kenoMaxMultiplierBp(params: KenoParams, rtpBps: number): number {
  return Math.max(...kenoMultipliers(params.picks.length, params.risk, rtpBps));
}

export function kenoPayout(stakeMinor: bigint, outcome: KenoOutcome): bigint {
  return payoutAt(stakeMinor, outcome.multiplierBp);
}
