// Plinko: a ball falls through 8 to 16 rows of pegs, going left or right at each; the bin it
// lands in (the number of rights) pays that bin's multiplier from the table of the rows and risk
// level chosen. Each way down is one bit of the round's bytes, so every path is equally likely and
// bin k has C(rows, k) of the 2^rows paths.

import { choose, exactRtp, payoutAt, roundByteStream, scaledMultipliers } from './originals-common';

export const PLINKO_ROWS = { min: 8, max: 16 } as const;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * The published tables: each bin's pay in hundredths of the stake at 99 % (index: rows − 8, then
 * bin from the left). A round's multipliers are these scaled to its RTP (plinkoMultipliers). The
 * high tables stop near 64× so that one million rounds measure each table's RTP to about
 * ±0.16 percentage points (one standard error), well inside the ±0.5 pp the simulation holds.
 */
export const PLINKO_TABLES: Readonly<Record<PlinkoRisk, readonly (readonly number[])[]>> = {
  low: [
    [180, 140, 120, 95, 79, 95, 120, 140, 180], // 8 rows
    [200, 160, 130, 100, 84, 84, 100, 130, 160, 200], // 9 rows
    [220, 180, 140, 110, 92, 77, 92, 110, 140, 180, 220], // 10 rows
    [250, 190, 150, 120, 99, 82, 82, 99, 120, 150, 190, 250], // 11 rows
    [280, 220, 170, 140, 110, 89, 74, 89, 110, 140, 170, 220, 280], // 12 rows
    [310, 240, 190, 150, 120, 96, 79, 79, 96, 120, 150, 190, 240, 310], // 13 rows
    [350, 270, 210, 170, 130, 110, 87, 72, 87, 110, 130, 170, 210, 270, 350], // 14 rows
    [390, 300, 230, 180, 140, 120, 94, 77, 77, 94, 120, 140, 180, 230, 300, 390], // 15 rows
    [440, 340, 260, 200, 160, 130, 100, 84, 70, 84, 100, 130, 160, 200, 260, 340, 440], // 16 rows
  ],
  medium: [
    [370, 220, 140, 85, 55, 85, 140, 220, 370], // 8 rows
    [450, 270, 160, 100, 64, 64, 100, 160, 270, 450], // 9 rows
    [560, 340, 200, 120, 78, 50, 78, 120, 200, 340, 560], // 10 rows
    [690, 410, 250, 150, 93, 59, 59, 93, 150, 250, 410, 690], // 11 rows
    [870, 520, 310, 190, 110, 71, 46, 71, 110, 190, 310, 520, 870], // 12 rows
    [1100, 630, 380, 230, 140, 85, 54, 54, 85, 140, 230, 380, 630, 1100], // 13 rows
    [1300, 800, 470, 280, 170, 110, 66, 42, 66, 110, 170, 280, 470, 800, 1300], // 14 rows
    [1700, 980, 580, 350, 210, 130, 79, 50, 50, 79, 130, 210, 350, 580, 980, 1700], // 15 rows
    [2100, 1200, 730, 440, 260, 160, 97, 61, 39, 61, 97, 160, 260, 440, 730, 1200, 2100], // 16 rows
  ],
  high: [
    [630, 310, 150, 74, 37, 74, 150, 310, 630], // 8 rows
    [820, 400, 190, 95, 47, 47, 95, 190, 400, 820], // 9 rows
    [1100, 540, 260, 130, 63, 32, 63, 130, 260, 540, 1100], // 10 rows
    [1500, 710, 340, 170, 82, 41, 41, 82, 170, 340, 710, 1500], // 11 rows
    [2000, 960, 460, 220, 110, 54, 27, 54, 110, 220, 460, 960, 2000], // 12 rows
    [2600, 1300, 610, 300, 140, 71, 35, 35, 71, 140, 300, 610, 1300, 2600], // 13 rows
    [3500, 1700, 820, 400, 190, 94, 47, 24, 47, 94, 190, 400, 820, 1700, 3500], // 14 rows
    [4700, 2300, 1100, 530, 260, 120, 61, 31, 31, 61, 120, 260, 530, 1100, 2300, 4700], // 15 rows
    [6400, 3100, 1500, 710, 350, 170, 82, 40, 20, 40, 82, 170, 350, 710, 1500, 3100, 6400], // 16 rows
  ],
};

export type PlinkoParams = { rows: number; risk: PlinkoRisk };

export type PlinkoOutcome = {
  rows: number;
  risk: PlinkoRisk;
  /** The way down, row by row: 0 left, 1 right. */
  path: number[];
  /** The bin from the left: the number of rights. */
  bin: number;
  multiplierBp: number;
};

/** How many of the 2^rows paths end in each bin: C(rows, k). */
export function plinkoBinCounts(rows: number): bigint[] {
  return Array.from({ length: rows + 1 }, (_, k) => choose(rows, k));
}

/** The multipliers (1/10,000ths) of the table of `rows` and `risk` at an RTP. */
export function plinkoMultipliers(rows: number, risk: PlinkoRisk, rtpBps: number): number[] {
  const shape = PLINKO_TABLES[risk][rows - PLINKO_ROWS.min];
  if (!shape) throw new Error(`plinko: no table for ${rows} rows`);
  return scaledMultipliers(shape, plinkoBinCounts(rows), 2n ** BigInt(rows), rtpBps);
}

/** The exact RTP of a table at an RTP setting (the floor of each multiplier makes it a hair lower). */
export function plinkoExactRtp(rows: number, risk: PlinkoRisk, rtpBps: number) {
  return exactRtp(plinkoMultipliers(rows, risk, rtpBps), plinkoBinCounts(rows), 2n ** BigInt(rows));
}

/** The path from the round's bytes: row i goes right when bit i is 1 (bits read from the first byte's top bit). */
export function plinkoPathFromBytes(bytes: readonly number[], rows: number): number[] {
  return Array.from({ length: rows }, (_, i) => (bytes[i >> 3]! >> (7 - (i & 7))) & 1);
}

export function plinkoOutcomeFromBytes(bytes: readonly number[], params: PlinkoParams, rtpBps: number): PlinkoOutcome {
  const path = plinkoPathFromBytes(bytes, params.rows);
  const bin = path.reduce((sum, step) => sum + step, 0);
  const multiplierBp = plinkoMultipliers(params.rows, params.risk, rtpBps)[bin]!;
  return { rows: params.rows, risk: params.risk, path, bin, multiplierBp };
}

/** The plinko result of a round. */
export function plinkoOutcome(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: PlinkoParams,
  rtpBps: number,
): PlinkoOutcome {
  const next = roundByteStream(serverSeed, clientSeed, nonce);
  return plinkoOutcomeFromBytes([next(), next()], params, rtpBps);
}

/** The largest multiplier of the table (its edge bins), for the payout limit. */
export function plinkoMaxMultiplierBp(params: PlinkoParams, rtpBps: number): number {
  return Math.max(...plinkoMultipliers(params.rows, params.risk, rtpBps));
}

export function plinkoPayout(stakeMinor: bigint, outcome: PlinkoOutcome): bigint {
  return payoutAt(stakeMinor, outcome.multiplierBp);
}
