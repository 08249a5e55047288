import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { roundBytes } from '../provably-fair';
import { ORIGINALS_RTP_BAND } from './originals-common';
import {
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoExactRtp,
  plinkoMultipliers,
  plinkoOutcome,
  plinkoPathFromBytes,
  plinkoPayout,
} from './plinko';

const RTPS = [ORIGINALS_RTP_BAND.minBps, 9800, ORIGINALS_RTP_BAND.maxBps];
const ROWS = Array.from({ length: PLINKO_ROWS.max - PLINKO_ROWS.min + 1 }, (_, i) => PLINKO_ROWS.min + i);

/** How many of the 65,536 values of the two bytes a round reads land in each bin: every path, counted. */
function binsByEnumeration(rows: number): number[] {
  const bins = new Array<number>(rows + 1).fill(0);
  for (let v = 0; v < 65_536; v++) {
    const path = plinkoPathFromBytes([v >> 8, v & 255], rows);
    bins[path.reduce((s, x) => s + x, 0)]!++;
  }
  return bins;
}

describe('plinko', () => {
  it('returns each RTP setting, less at most 0.01 pp, for every rows and risk (computed over every path)', () => {
    for (const rows of ROWS) {
      const bins = binsByEnumeration(rows);
      for (const risk of PLINKO_RISKS) {
        for (const rtp of RTPS) {
          const multipliers = plinkoMultipliers(rows, risk, rtp);
          const paid = bins.reduce((sum, n, bin) => sum + n * multipliers[bin]!, 0);
          const exact = paid / 65_536 / 10_000;
          expect(plinkoExactRtp(rows, risk, rtp).value).toBeCloseTo(exact, 10);
          expect(exact).toBeLessThanOrEqual(rtp / 10_000);
          expect(exact).toBeGreaterThanOrEqual(rtp / 10_000 - 0.0001);
        }
      }
    }
  });

  it('has tables symmetric, lowest in the middle, riskier tables paying more at the edges and less in the middle', () => {
    for (const rows of ROWS) {
      const [low, medium, high] = PLINKO_RISKS.map((risk) => plinkoMultipliers(rows, risk, 9900));
      for (const m of [low!, medium!, high!]) expect(m).toEqual([...m].reverse());
      expect(low![0]!).toBeLessThan(medium![0]!);
      expect(medium![0]!).toBeLessThan(high![0]!);
      const middle = Math.floor(rows / 2);
      expect(high![middle]!).toBeLessThan(medium![middle]!);
      expect(medium![middle]!).toBeLessThan(low![middle]!);
    }
  });

  it('keeps every table’s standard deviation under 1.7 stakes, so 1,000,000 rounds measure its RTP within ±0.17 pp (one s.e.)', () => {
    for (const rows of ROWS) {
      const bins = binsByEnumeration(rows);
      for (const risk of PLINKO_RISKS) {
        const m = plinkoMultipliers(rows, risk, 9900).map((x) => x / 10_000);
        const mean = bins.reduce((s, n, b) => s + (n / 65_536) * m[b]!, 0);
        const square = bins.reduce((s, n, b) => s + (n / 65_536) * m[b]! ** 2, 0);
        expect(Math.sqrt(square - mean ** 2)).toBeLessThan(1.7);
      }
    }
  });

  it('takes row i right when bit i of the round bytes is set, and pays the bin of the rights', () => {
    const bytes = roundBytes('server', 'client', 3);
    const o = plinkoOutcome('server', 'client', 3, { rows: 12, risk: 'medium' }, 9800);
    for (let i = 0; i < 12; i++) expect(o.path[i]).toBe((bytes[i >> 3]! >> (7 - (i & 7))) & 1);
    expect(o.bin).toBe(o.path.filter((x) => x === 1).length);
    expect(o.multiplierBp).toBe(plinkoMultipliers(12, 'medium', 9800)[o.bin]);
    expect(plinkoPayout(1000n, o)).toBe((1000n * BigInt(o.multiplierBp)) / 10_000n);
  });

  it('holds the RTP over 25,000 sampled rounds of 16 high-risk rows (the 1,000,000-round runs are in bench:originals-rtp)', () => {
    const serverSeed = crypto.randomBytes(32).toString('hex');
    let paid = 0n;
    const rounds = 25_000;
    for (let nonce = 0; nonce < rounds; nonce++)
      paid += plinkoPayout(10_000n, plinkoOutcome(serverSeed, 'sample', nonce, { rows: 16, risk: 'high' }, 9700));
    const measured = Number(paid) / (rounds * 10_000);
    // One standard error is about 1 pp here; 5 of them.
    expect(Math.abs(measured - plinkoExactRtp(16, 'high', 9700).value)).toBeLessThan(0.051);
  });
});
