// What the house originals (limbo, plinko, keno) share: the RTP band the operator chooses in, the
// byte stream every outcome is read from, and the normalisation that turns a paytable's shape into
// multipliers returning exactly the chosen RTP. Pure and synchronous, like provably-fair.ts, so the
// server, the game page and the tests run the same code; scripts/verify-fair.mjs re-implements it.

import { hmacSha256, roundBytes, utf8 } from '../provably-fair';

/**
 * The RTP band an operator sets each original within, in basis points (9900 = 99.00 %), and the
 * value a game plays at until the operator sets one. The RTP in force is fixed on each round when
 * it is placed (inhouse_rounds.rtp_bps), so a change never touches a round already played.
 */
export const ORIGINALS_RTP_BAND = { minBps: 9700, maxBps: 9900, defaultBps: 9900 } as const;

/** Multipliers are integers in 1/10,000ths of the stake (25000 = 2.5×). */
export const MULTIPLIER_ONE = 10_000;

/** Whether an RTP in basis points lies inside the band. */
export function isRtpInBand(rtpBps: number): boolean {
  return Number.isInteger(rtpBps) && rtpBps >= ORIGINALS_RTP_BAND.minBps && rtpBps <= ORIGINALS_RTP_BAND.maxBps;
}

/**
 * The bytes of a round, as many as a game needs: block 0 is HMAC-SHA256(serverSeed,
 * `${clientSeed}:${nonce}`) (the same 32 bytes as the slot and dice), block i ≥ 1 is
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${i}`). Returns a function giving the next byte.
 */
export function roundByteStream(serverSeed: string, clientSeed: string, nonce: number): () => number {
  let block = roundBytes(serverSeed, clientSeed, nonce);
  let index = 0;
  let offset = 0;
  return () => {
    if (offset === block.length) {
      index++;
      block = hmacSha256(utf8(serverSeed), utf8(`${clientSeed}:${nonce}:${index}`));
      offset = 0;
    }
    return block[offset++]!;
  };
}

/**
 * An unbiased integer in [0, n) for n ≤ 256 from the byte stream: a byte at or above the largest
 * multiple of n not above 256 is skipped, the next one read instead.
 */
export function uniformBelow(nextByte: () => number, n: number): number {
  const limit = 256 - (256 % n);
  for (;;) {
    const b = nextByte();
    if (b < limit) return b % n;
  }
}

/**
 * A paytable's multipliers (1/10,000ths) at an RTP: `shape[i]` is outcome i's relative pay (the
 * published table, in hundredths at 99 %), `counts[i]` how many of `total` equally likely draws give
 * outcome i. Each multiplier is `floor(rtpBps × shape[i] × total / Σ counts·shape)`, so the table
 * returns the RTP less at most one 1/10,000th per outcome (exactRtp gives the exact figure).
 */
export function scaledMultipliers(
  shape: readonly number[],
  counts: readonly bigint[],
  total: bigint,
  rtpBps: number,
): number[] {
  let weighted = 0n;
  shape.forEach((s, i) => {
    weighted += BigInt(s) * counts[i]!;
  });
  return shape.map((s) => Number((BigInt(rtpBps) * BigInt(s) * total) / weighted));
}

/** The exact RTP of multipliers over their draw counts, as a fraction and a number (0.99 = 99 %). */
export function exactRtp(
  multipliersBp: readonly number[],
  counts: readonly bigint[],
  total: bigint,
): { numerator: bigint; denominator: bigint; value: number } {
  let numerator = 0n;
  multipliersBp.forEach((m, i) => {
    numerator += BigInt(m) * counts[i]!;
  });
  const denominator = total * BigInt(MULTIPLIER_ONE);
  return { numerator, denominator, value: Number((numerator * 10n ** 12n) / denominator) / 1e12 };
}

/** The payout of a stake at a multiplier (1/10,000ths), rounded down to the minor unit. */
export function payoutAt(stakeMinor: bigint, multiplierBp: number): bigint {
  return (stakeMinor * BigInt(multiplierBp)) / BigInt(MULTIPLIER_ONE);
}

/** The largest stake whose payout at `maxMultiplierBp` (1/10,000ths) stays within `maxPayoutMinor`. */
export function maxStakeForPayout(maxPayoutMinor: bigint, maxMultiplierBp: number): bigint {
  return (maxPayoutMinor * BigInt(MULTIPLIER_ONE)) / BigInt(Math.max(1, maxMultiplierBp));
}

/** n choose k as a bigint. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
