import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { roundBytes } from '../provably-fair';
import { ORIGINALS_RTP_BAND } from './originals-common';
import { LIMBO_TARGET, limboExactRtp, limboOutcome, limboPayout, limboResultFromBytes, limboWinCount } from './limbo';

const RTPS = [ORIGINALS_RTP_BAND.minBps, 9800, ORIGINALS_RTP_BAND.maxBps];

/** The bytes of u as the first four (big-endian) of a round. */
function bytesOf(u: number): number[] {
  return [(u >>> 24) & 255, (u >>> 16) & 255, (u >>> 8) & 255, u & 255];
}

/**
 * How many of the 2³² draws reach a target, found from the result function alone: the result
 * falls as u grows, so a binary search finds the last u whose result is at or above the target.
 */
function winningDraws(target: number, rtpBps: number): bigint {
  let lo = -1;
  let hi = 2 ** 32;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (limboResultFromBytes(bytesOf(mid), rtpBps) >= target) lo = mid;
    else hi = mid;
  }
  return BigInt(lo + 1);
}

describe('limbo', () => {
  it('wins with exactly the counted share of the 2³² draws, for every RTP and targets across the range', () => {
    for (const rtp of RTPS) {
      for (const target of [LIMBO_TARGET.min, 150, 200, 333, 1000, 10_000, 123_456, LIMBO_TARGET.max]) {
        expect(winningDraws(target, rtp)).toBe(limboWinCount(target, rtp));
      }
    }
  });

  it('returns the RTP setting less at most target / (100 × 2³²) (2.4 millionths at 10,000×), at every target', () => {
    for (const rtp of RTPS) {
      for (const target of [LIMBO_TARGET.min, 200, 777, 10_000, LIMBO_TARGET.max]) {
        // Computed from the counted draws, not from the formula under test.
        const exact = Number((winningDraws(target, rtp) * BigInt(target) * 10n ** 12n) / (2n ** 32n * 100n)) / 1e12;
        expect(limboExactRtp(target, rtp).value).toBeCloseTo(exact, 12);
        expect(exact).toBeLessThanOrEqual(rtp / 10_000);
        expect(exact).toBeGreaterThan(rtp / 10_000 - target / (100 * 2 ** 32));
      }
    }
  });

  it('reads the result from the round bytes and pays the target on a win only', () => {
    const o = limboOutcome('server', 'client', 7, { targetHundredths: 200 }, 9900);
    const bytes = [...roundBytes('server', 'client', 7).slice(0, 4)];
    expect(o.resultHundredths).toBe(limboResultFromBytes(bytes, 9900));
    expect(o.win).toBe(o.resultHundredths >= 200);
    expect(limboPayout(1000n, o)).toBe(o.win ? 2000n : 0n);
    expect(limboResultFromBytes([0, 0, 0, 0], 9900)).toBe(100_000_000);
    // The last draw gives the RTP itself: 0.99×, a loss at every target.
    expect(limboResultFromBytes([255, 255, 255, 255], 9900)).toBe(99);
  });

  it('holds the RTP over 25,000 sampled rounds at 2× (the 1,000,000-round runs are in bench:originals-rtp)', () => {
    const serverSeed = crypto.randomBytes(32).toString('hex');
    let paid = 0n;
    const rounds = 25_000;
    for (let nonce = 0; nonce < rounds; nonce++)
      paid += limboPayout(100n, limboOutcome(serverSeed, 'sample', nonce, { targetHundredths: 200 }, 9900));
    const measured = Number(paid) / (rounds * 100);
    // One standard error at 2× is about 0.63 pp over 25,000 rounds; 5 of them is a false alarm once in 3 million runs.
    expect(Math.abs(measured - limboExactRtp(200, 9900).value)).toBeLessThan(0.032);
  });
});
