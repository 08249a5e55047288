import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORIGINALS_RTP_BAND, roundByteStream } from './originals-common';
import {
  KENO_DRAWN,
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_RISKS,
  isValidKenoPicks,
  kenoDrawFromStream,
  kenoExactRtp,
  kenoMultipliers,
  kenoOutcome,
  kenoPayout,
} from './keno';

const RTPS = [ORIGINALS_RTP_BAND.minBps, 9800, ORIGINALS_RTP_BAND.maxBps];
const PICKS = Array.from({ length: KENO_MAX_PICKS }, (_, i) => i + 1);

/**
 * How many of the draws of 10 from 40 give each hit count with `picks` picks, counted number by
 * number (each of the 40 drawn or not, the first `picks` of them picked), not by a closed formula.
 */
function drawsByHits(picks: number): bigint[] {
  // ways[d][h]: ways to have drawn d numbers so far, h of them picks.
  let ways = Array.from({ length: KENO_DRAWN + 1 }, () => new Array<bigint>(picks + 1).fill(0n));
  ways[0]![0] = 1n;
  for (let n = 0; n < KENO_NUMBERS; n++) {
    const next = ways.map((row) => [...row]);
    for (let d = 0; d < KENO_DRAWN; d++)
      for (let h = 0; h <= picks; h++) {
        const w = ways[d]![h]!;
        if (w === 0n) continue;
        const hit = n < picks ? 1 : 0;
        if (h + hit <= picks) next[d + 1]![h + hit]! += w;
      }
    ways = next;
  }
  return ways[KENO_DRAWN]!;
}

describe('keno', () => {
  it('returns each RTP setting, less at most 0.01 pp, for every pick count and risk', () => {
    for (const picks of PICKS) {
      const byHits = drawsByHits(picks);
      const draws = byHits.reduce((a, b) => a + b, 0n);
      for (const risk of KENO_RISKS)
        for (const rtp of RTPS) {
          const m = kenoMultipliers(picks, risk, rtp);
          const paid = byHits.reduce((sum, n, h) => sum + n * BigInt(m[h]!), 0n);
          const exact = Number((paid * 10n ** 12n) / (draws * 10_000n)) / 1e12;
          expect(kenoExactRtp(picks, risk, rtp).value).toBeCloseTo(exact, 10);
          expect(exact).toBeLessThanOrEqual(rtp / 10_000);
          expect(exact).toBeGreaterThanOrEqual(rtp / 10_000 - 0.0001);
        }
    }
  });

  it('pays more for more hits, most for all picks drawn, and keeps each table’s deviation under 1.9 stakes', () => {
    for (const picks of PICKS) {
      const byHits = drawsByHits(picks);
      const draws = Number(byHits.reduce((a, b) => a + b, 0n));
      for (const risk of KENO_RISKS) {
        const m = kenoMultipliers(picks, risk, 9900);
        for (let h = 1; h <= picks; h++) expect(m[h]!).toBeGreaterThanOrEqual(m[h - 1]!);
        const p = byHits.map((n) => Number(n) / draws);
        const mean = p.reduce((s, x, h) => s + (x * m[h]!) / 10_000, 0);
        const square = p.reduce((s, x, h) => s + x * (m[h]! / 10_000) ** 2, 0);
        // 1,000,000 rounds then measure the RTP within ±0.19 pp (one standard error).
        expect(Math.sqrt(square - mean ** 2)).toBeLessThan(1.9);
      }
    }
  });

  it('draws 10 different numbers of 1–40 by a partial shuffle of the byte stream', () => {
    const next = roundByteStream('server', 'client', 5);
    const again = roundByteStream('server', 'client', 5);
    const drawn = kenoDrawFromStream(next);
    expect(drawn).toEqual(kenoDrawFromStream(again));
    expect(new Set(drawn).size).toBe(KENO_DRAWN);
    expect(drawn.every((n) => n >= 1 && n <= KENO_NUMBERS)).toBe(true);
    // A stream of 255s is all skipped (255 ≥ the limit for 40); the 37s then pick index 37 each time.
    const bytes = [255, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37];
    let i = 0;
    const manual = Array.from({ length: 40 }, (_, k) => k + 1);
    const expected: number[] = [];
    for (let d = 0; d < 10; d++) {
      const j = d + (37 % (40 - d));
      [manual[d], manual[j]] = [manual[j]!, manual[d]!];
      expected.push(manual[d]!);
    }
    expect(kenoDrawFromStream(() => bytes[i++]!)).toEqual(expected);
  });

  it('counts the hits of the picks and pays their multiplier', () => {
    const o = kenoOutcome('server', 'client', 9, { picks: [40, 3, 17], risk: 'high' }, 9700);
    expect(o.picks).toEqual([3, 17, 40]);
    expect(o.hits).toEqual(o.picks.filter((p) => o.drawn.includes(p)));
    expect(o.multiplierBp).toBe(kenoMultipliers(3, 'high', 9700)[o.hits.length]);
    expect(kenoPayout(500n, o)).toBe((500n * BigInt(o.multiplierBp)) / 10_000n);
    expect(isValidKenoPicks([1, 40])).toBe(true);
    for (const bad of [[], [0], [41], [2, 2], [1.5], PICKS.concat(11)]) expect(isValidKenoPicks(bad)).toBe(false);
  });

  it('draws every number equally often and holds the RTP over 25,000 sampled rounds', () => {
    const serverSeed = crypto.randomBytes(32).toString('hex');
    const seen = new Array<number>(KENO_NUMBERS + 1).fill(0);
    let paid = 0n;
    const rounds = 25_000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const o = kenoOutcome(
        serverSeed,
        'sample',
        nonce,
        { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'medium' },
        9800,
      );
      for (const n of o.drawn) seen[n]!++;
      paid += kenoPayout(10_000n, o);
    }
    // Each number is drawn 6,250 times on average (s.d. about 68).
    for (let n = 1; n <= KENO_NUMBERS; n++) expect(Math.abs(seen[n]! - 6_250)).toBeLessThan(400);
    // One standard error is about 0.7 pp here; 5 of them.
    expect(Math.abs(Number(paid) / (rounds * 10_000) - kenoExactRtp(10, 'medium', 9800).value)).toBeLessThan(0.035);
  });
});
