// Limbo: the player names a target multiplier; the round draws a result multiplier and pays the
// target when the result is at or above it. The house edge sits in the result's formula, so
// every target returns the round's RTP.

import { MULTIPLIER_ONE, payoutAt, roundByteStream } from './originals-common';

/** Targets in hundredths: 1.01× to 10,000.00×. */
export const LIMBO_TARGET = { min: 101, max: 1_000_000 } as const;
const TWO_32 = 2n ** 32n;

export type LimboParams = { targetHundredths: number };

export type LimboOutcome = {
  /** The drawn multiplier in hundredths (2.5× = 250), capped at 1,000,000×. */
  resultHundredths: number;
  targetHundredths: number;
  win: boolean;
  /** The payout multiplier in 1/10,000ths: the target on a win, 0 on a loss. */
  multiplierBp: number;
};

/** The result cap: a result at or above it is shown as the cap (no target reaches it). */
export const LIMBO_RESULT_CAP = 100_000_000;

/**
 * The result from the round's first four bytes as a big-endian u (0 ≤ u < 2³²):
 * floor(rtpBps × 2³² / ((u + 1) × 100)) hundredths. For any target t (hundredths) the result
 * reaches t exactly when u + 1 ≤ floor(rtpBps × 2³² / (100·t)), which has the probability
 * limboWinCount / 2³² ≈ RTP / target.
 */
export function limboResultFromBytes(b: readonly number[], rtpBps: number): number {
  const u = ((b[0]! << 24) >>> 0) + (b[1]! << 16) + (b[2]! << 8) + b[3]!;
  // In integers: a double's quotient could round up across a whole number.
  const result = (BigInt(rtpBps) * TWO_32) / (BigInt(u + 1) * 100n);
  return result >= BigInt(LIMBO_RESULT_CAP) ? LIMBO_RESULT_CAP : Number(result);
}

/** How many of the 2³² draws reach a target: u + 1 ≤ floor(rtpBps × 2³² / (100 × target)). */
export function limboWinCount(targetHundredths: number, rtpBps: number): bigint {
  return (BigInt(rtpBps) * 2n ** 32n) / (100n * BigInt(targetHundredths));
}

/** The payout multiplier of a win at a target (1/10,000ths). */
export function limboMultiplierBp(targetHundredths: number): number {
  return targetHundredths * (MULTIPLIER_ONE / 100);
}

/** The exact RTP at a target: P(win) × target, as a fraction and a number. */
export function limboExactRtp(
  targetHundredths: number,
  rtpBps: number,
): { numerator: bigint; denominator: bigint; value: number } {
  const numerator = limboWinCount(targetHundredths, rtpBps) * BigInt(targetHundredths);
  const denominator = 2n ** 32n * 100n;
  return { numerator, denominator, value: Number((numerator * 10n ** 12n) / denominator) / 1e12 };
}

export function limboOutcomeFromBytes(bytes: readonly number[], params: LimboParams, rtpBps: number): LimboOutcome {
  const resultHundredths = limboResultFromBytes(bytes, rtpBps);
  const win = resultHundredths >= params.targetHundredths;
  return {
    resultHundredths,
    targetHundredths: params.targetHundredths,
    win,
    multiplierBp: win ? limboMultiplierBp(params.targetHundredths) : 0,
  };
}

/** The limbo result of a round. */
export function limboOutcome(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: LimboParams,
  rtpBps: number,
): LimboOutcome {
  const next = roundByteStream(serverSeed, clientSeed, nonce);
  return limboOutcomeFromBytes([next(), next(), next(), next()], params, rtpBps);
}

/** The largest multiplier a limbo bet can pay (its target), for the payout limit. */
export function limboMaxMultiplierBp(params: LimboParams): number {
  return limboMultiplierBp(params.targetHundredths);
}

export function limboPayout(stakeMinor: bigint, outcome: LimboOutcome): bigint {
  return payoutAt(stakeMinor, outcome.multiplierBp);
}
