import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CRASH_POINT_CAP,
  CRASH_TARGET,
  crashBustMs,
  crashCapMultiplier,
  crashDraw,
  crashExactRtp,
  crashMsToReach,
  crashMultiplierAt,
  crashPoint,
  crashPointFromDraw,
  crashReachCount,
  isChainLink,
  nextChainHash,
} from './crash';
import { ORIGINALS_RTP_BAND } from './originals-common';

const RTPS = [ORIGINALS_RTP_BAND.minBps, 9800, ORIGINALS_RTP_BAND.maxBps];
const TWO_52 = 2n ** 52n;

/** How many draws reach a target, from the crash point function alone (it falls as 2⁵² − r grows). */
function reachingDraws(target: number, rtpBps: number): bigint {
  // Crash points rise with r: find the smallest r whose point reaches the target.
  let lo = -1n;
  let hi = TWO_52 - 1n;
  if (crashPointFromDraw(hi, rtpBps) < target) return 0n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (crashPointFromDraw(mid, rtpBps) >= target) hi = mid;
    else lo = mid;
  }
  return TWO_52 - hi;
}

describe('crash: the hash chain', () => {
  it('steps by SHA-256 of the hex text, as node:crypto computes it, and links each round to the one before', () => {
    let hash = crypto.randomBytes(32).toString('hex');
    const chain = [hash];
    for (let i = 0; i < 50; i++) {
      const next = crypto.createHash('sha256').update(hash, 'utf8').digest('hex');
      expect(nextChainHash(hash)).toBe(next);
      hash = next;
      chain.push(hash);
    }
    // Played backwards: round k reveals chain[50 − k]; hashing it gives round k − 1's (round 0: the terminal).
    for (let k = 1; k <= 50; k++) expect(isChainLink(chain[50 - k]!, chain[50 - k + 1]!)).toBe(true);
    expect(isChainLink(chain[10]!, chain[12]!)).toBe(false);
    expect(isChainLink(chain[10]!, chain[11]!.toUpperCase())).toBe(true);
  });

  it('draws from the first 52 bits of HMAC-SHA256(key: the round hash, message: the salt)', () => {
    const hash = 'ab'.repeat(32);
    const mac = crypto.createHmac('sha256', hash).update('salt', 'utf8').digest('hex');
    expect(crashDraw(hash, 'salt')).toBe(BigInt(`0x${mac.slice(0, 13)}`));
    expect(crashPoint(hash, 'salt', 9900)).toBe(crashPointFromDraw(BigInt(`0x${mac.slice(0, 13)}`), 9900));
  });
});

describe('crash: the crash point', () => {
  it('busts at 1.00× for the lowest draws, at the cap for the highest, and rises with the draw', () => {
    expect(crashPointFromDraw(0n, 9900)).toBe(100);
    expect(crashPointFromDraw(TWO_52 - 1n, 9900)).toBe(CRASH_POINT_CAP);
    // X = 0.5: 99 / 0.5 = 1.98×.
    expect(crashPointFromDraw(TWO_52 / 2n, 9900)).toBe(198);
    expect(crashPointFromDraw(TWO_52 / 2n, 9700)).toBe(194);
  });

  it('reaches each target on exactly the counted share of the 2⁵² draws, at every RTP', () => {
    for (const rtp of RTPS)
      for (const target of [CRASH_TARGET.min, 150, 200, 777, 10_000, 1_000_000, CRASH_TARGET.max])
        expect(reachingDraws(target, rtp)).toBe(crashReachCount(target, rtp));
  });

  it('returns the RTP setting less at most target / (100 × 2⁵²) at every automatic cash-out target', () => {
    for (const rtp of RTPS) {
      for (const target of [CRASH_TARGET.min, 200, 333, 10_000, CRASH_TARGET.max]) {
        const exact = Number((reachingDraws(target, rtp) * BigInt(target) * 10n ** 12n) / (TWO_52 * 100n)) / 1e12;
        expect(crashExactRtp(target, rtp).value).toBeCloseTo(exact, 12);
        expect(exact).toBeLessThanOrEqual(rtp / 10_000);
        expect(exact).toBeGreaterThan(rtp / 10_000 - target / (100 * 2 ** 52) - 1e-12);
      }
    }
  });

  it('holds the RTP over 100,000 sampled rounds of a chain at three targets (the 1,000,000-round runs are in bench:originals-rtp)', () => {
    const salt = crypto.randomBytes(32).toString('hex');
    let hash = crypto.randomBytes(32).toString('hex');
    const rounds = 100_000;
    const targets = [150, 200, 300];
    const paid = targets.map(() => 0);
    for (let i = 0; i < rounds; i++) {
      hash = crypto.createHash('sha256').update(hash, 'utf8').digest('hex');
      const mac = crypto.createHmac('sha256', hash).update(salt, 'utf8').digest('hex');
      const point = crashPointFromDraw(BigInt(`0x${mac.slice(0, 13)}`), 9700);
      targets.forEach((t, j) => (paid[j]! += point >= t ? t : 0));
    }
    targets.forEach((t, j) => {
      const measured = paid[j]! / 100 / rounds;
      // 4 standard errors at 3.00× over 100,000 rounds is about 1.1 pp.
      expect(Math.abs(measured - crashExactRtp(t, 9700).value)).toBeLessThan(0.012);
    });
  });
});

describe('crash: the flight', () => {
  it('rises as floor(100 × e^(0.00006 t)) and reaches each multiplier at the first millisecond it is due', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    // ln 2 / 0.00006 = 11,552.45 ms.
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200);
    for (const h of [101, 150, 200, 1000, 123_456]) {
      const ms = crashMsToReach(h);
      expect(crashMultiplierAt(ms)).toBeGreaterThanOrEqual(h);
      expect(crashMultiplierAt(ms - 1)).toBeLessThan(h);
    }
    // A crash point of 1.00× busts as soon as the multiplier would show 1.01×.
    expect(crashBustMs(100)).toBe(crashMsToReach(101));
    // Ten times faster: the same curve in a tenth of the time.
    expect(crashMultiplierAt(1_156, 0.0006)).toBe(crashMultiplierAt(11_560));
  });

  it('caps a bet where its payout reaches the maximum payout', () => {
    expect(crashCapMultiplier(1000n, 100_000n)).toBe(10_000);
    expect(crashCapMultiplier(1n, 10n ** 12n)).toBe(CRASH_POINT_CAP);
  });
});
