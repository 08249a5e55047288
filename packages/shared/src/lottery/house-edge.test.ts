import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { houseEdges, type BetTypeEdge } from './house-edge';
import { defaultPaytable } from './paytable';
import { validatePaytable } from './paytable-check';
import { formatPercent, ratio, sumRationals, type Rational } from './rational';
import { xienProbability } from './rules-vietnam';
import { LOTTERY_FAMILIES, type LotteryFamily, type Paytable } from './types';

function edgeOf(
  family: LotteryFamily,
  betType: string,
  variant?: string,
  paytable: Paytable = defaultPaytable(family),
): BetTypeEdge {
  const found = houseEdges(family, paytable).find((e) => e.betType === betType && e.variant === variant);
  if (!found) throw new Error(`no ${betType} ${variant ?? ''}`);
  return found;
}

const r = (num: bigint | number, den: bigint | number): Rational => ratio(num, den);

describe('exact house edges against hand-computed figures', () => {
  it('digits5 position at 9.8×: 1 − 9.8/10 = 2 %', () => {
    const e = edgeOf('digits5', 'position');
    expect(e.winProbability).toEqual(r(1, 10));
    expect(e.edge).toEqual(r(2, 100));
    expect(formatPercent(e.edge)).toBe('2.00%');
  });

  it('digits5 and digits3 big/small are exactly even (sum s and 9n − s pair up), odd/even too', () => {
    expect(edgeOf('digits5', 'sum_size').winProbability).toEqual(r(1, 2));
    expect(edgeOf('digits5', 'sum_parity').winProbability).toEqual(r(1, 2));
    expect(edgeOf('digits3', 'sum_size').winProbability).toEqual(r(1, 2));
  });

  it('digits3 box: group-3 wins 3 of 1000 (4 % at 320×), group-6 6 of 1000 (4 % at 160×)', () => {
    expect(edgeOf('digits3', 'box', 'group3').winProbability).toEqual(r(3, 1000));
    expect(edgeOf('digits3', 'box', 'group6').winProbability).toEqual(r(6, 1000));
    expect(edgeOf('digits3', 'box', 'group3').edge).toEqual(r(1, 25));
    expect(edgeOf('digits3', 'box', 'group6').edge).toEqual(r(1, 25));
  });

  it('sic bo big at 1.97×: 105 of 216 win (107 sums of 11–17 less the triples 444 and 555), edge 1 − 105/216 × 1.97', () => {
    const e = edgeOf('dice3', 'sum_size');
    expect(e.winProbability).toEqual(r(105, 216));
    expect(e.edge).toEqual(r(21_600 - 105 * 197, 21_600)); // = 61/1440
    expect(formatPercent(e.edge)).toBe('4.24%');
  });

  it('dice sums, triples and doubles count the 216 rolls', () => {
    const sums: Record<number, number> = {
      4: 3,
      5: 6,
      6: 10,
      7: 15,
      8: 21,
      9: 25,
      10: 27,
      11: 27,
      12: 25,
      13: 21,
      14: 15,
      15: 10,
      16: 6,
      17: 3,
    };
    for (const [s, ways] of Object.entries(sums))
      expect(edgeOf('dice3', 'sum', s).winProbability).toEqual(r(ways, 216));
    expect(edgeOf('dice3', 'any_triple').winProbability).toEqual(r(6, 216));
    expect(edgeOf('dice3', 'triple').winProbability).toEqual(r(1, 216));
    // Exactly two of a face: 3 places for the odd die × 5 faces = 15, plus the triple.
    expect(edgeOf('dice3', 'double').winProbability).toEqual(r(16, 216));
    expect(edgeOf('dice3', 'sum', '10').edge).toEqual(r(1, 20)); // 7.6 × 27/216 = 0.95
  });

  it('11x5: any k by combinations of C(11,5) = 462 draws', () => {
    const expected: Record<string, [number, number]> = {
      any1: [5, 11],
      any2: [84, 462],
      any3: [28, 462],
      any4: [7, 462],
      any5: [1, 462],
      any6: [6, 462],
      any7: [21, 462],
      any8: [56, 462],
      first: [1, 11],
    };
    for (const [betType, [n, d]] of Object.entries(expected))
      expect(edgeOf('pick11x5', betType).winProbability).toEqual(r(n, d));
    expect(edgeOf('pick11x5', 'any5').edge).toEqual(r(24, 462)); // 1 − 438/462
  });

  it('race: 1/10 a place, 1/2 big/small and dragon/tiger', () => {
    expect(edgeOf('race10', 'position').winProbability).toEqual(r(1, 10));
    expect(edgeOf('race10', 'first_size').winProbability).toEqual(r(1, 2));
    expect(edgeOf('race10', 'dragon_tiger').winProbability).toEqual(r(1, 2));
  });

  it('keno: 1 spot is a 1 in 4 chance (3.8× → 5 %); 2 spots by hand: 177/316, 120/316, 19/316', () => {
    expect(edgeOf('keno', 'pick', '1').edge).toEqual(r(1, 20));
    const two = edgeOf('keno', 'pick', '2');
    expect(two.distribution.map((o) => o.probability)).toEqual([
      r(60 * 59, 80 * 79),
      r(2 * 20 * 60, 80 * 79),
      r(20 * 19, 80 * 79),
    ]);
    expect(two.expectedReturn).toEqual(r(120 * 2 + 19 * 19, 632)); // (120 × 1 + 19 × 9.5)/316
  });

  it('lô: binomial hits, mean 27/100 (north) or 18/100 (central, south); 3.5× and 5.25× a hit are both 5.5 %', () => {
    const north = edgeOf('vn_north', 'lo');
    expect(north.distribution).toHaveLength(28);
    expect(north.distribution[0]!.probability).toEqual(r(99n ** 27n, 100n ** 27n));
    expect(north.distribution[27]!.probability).toEqual(r(1n, 100n ** 27n));
    const mean = sumRationals(
      north.distribution.map((o) => ratio(o.probability.num * BigInt(o.hits), o.probability.den)),
    );
    expect(mean).toEqual(r(27, 100));
    expect(north.edge).toEqual(r(55, 1000));
    expect(edgeOf('vn_south', 'lo').edge).toEqual(r(55, 1000));
    expect(edgeOf('vn_central', 'lo').distribution).toHaveLength(19);
  });

  it('đề and 3 càng read the special prize only: 1/100 and 1/1000 in every region', () => {
    for (const family of ['vn_north', 'vn_central', 'vn_south'] as const) {
      expect(edgeOf(family, 'de').winProbability).toEqual(r(1, 100));
      expect(edgeOf(family, 'cang3').winProbability).toEqual(r(1, 1000));
      expect(edgeOf(family, 'de').edge).toEqual(r(5, 100));
    }
  });

  it('xiên by inclusion–exclusion, checked by counting small cases by hand', () => {
    // 2 given endings among 2 prize numbers: (a,b) or (b,a) of 100².
    expect(xienProbability(2, 2)).toEqual(r(2, 10_000));
    // among 3: 6 orders × 98 third endings + 6 arrangements of aab / abb = 594 of 100³.
    expect(xienProbability(2, 3)).toEqual(r(594, 1_000_000));
    expect(xienProbability(3, 3)).toEqual(r(6, 1_000_000));
    expect(xienProbability(4, 3)).toEqual(r(0, 1));
    expect(edgeOf('vn_north', 'xien2').winProbability).toEqual(
      r(100n ** 27n - 2n * 99n ** 27n + 98n ** 27n, 100n ** 27n),
    );
    expect(edgeOf('vn_south', 'xien2').winProbability).toEqual(
      r(100n ** 18n - 2n * 99n ** 18n + 98n ** 18n, 100n ** 18n),
    );
  });
});

describe('every default paytable', () => {
  it.each(LOTTERY_FAMILIES)('%s: valid, every distribution sums to 1, every edge between 2 % and 10 %', (family) => {
    const paytable = defaultPaytable(family);
    expect(validatePaytable(family, paytable)).toEqual({ ok: true });
    for (const e of houseEdges(family, paytable)) {
      expect(sumRationals(e.distribution.map((o) => o.probability)), e.betType).toEqual(r(1, 1));
      const edge = Number(e.edge.num) / Number(e.edge.den);
      expect(edge, `${e.betType} ${e.variant ?? ''}`).toBeGreaterThanOrEqual(0.02);
      expect(edge, `${e.betType} ${e.variant ?? ''}`).toBeLessThanOrEqual(0.1);
    }
  });

  it('has its edges written in docs/lottery.md', () => {
    const doc = fs.readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/lottery.md'),
      'utf8',
    );
    for (const family of LOTTERY_FAMILIES) {
      for (const e of houseEdges(family, defaultPaytable(family))) {
        const shown = formatPercent(e.edge).replace('%', ' %');
        expect(doc.includes(shown), `${family} ${e.betType} ${e.variant ?? ''}: ${shown}`).toBe(true);
      }
    }
  });

  it('is a copy the caller may change', () => {
    const p = defaultPaytable('digits5');
    p.position = { kind: 'fixed', multiplierBp: 1 };
    expect(defaultPaytable('digits5').position).toEqual({ kind: 'fixed', multiplierBp: 98_000 });
  });
});

describe('validating a paytable', () => {
  const base = () => defaultPaytable('dice3');
  it.each([
    ['a missing bet type', (p: Paytable) => delete p.triple, { reason: 'MISSING_BET_TYPE', betType: 'triple' }],
    [
      'an unknown bet type',
      (p: Paytable) => (p.jackpot = { kind: 'fixed', multiplierBp: 1 }),
      { reason: 'UNKNOWN_BET_TYPE', betType: 'jackpot' },
    ],
    [
      'the wrong kind of rule',
      (p: Paytable) => (p.sum = { kind: 'fixed', multiplierBp: 1 }),
      { reason: 'RULE_KIND', betType: 'sum' },
    ],
    [
      'a fractional multiplier',
      (p: Paytable) => (p.triple = { kind: 'fixed', multiplierBp: 1.5 }),
      { reason: 'MULTIPLIER', betType: 'triple' },
    ],
    [
      'a negative multiplier',
      (p: Paytable) => (p.triple = { kind: 'fixed', multiplierBp: -1 }),
      { reason: 'MULTIPLIER', betType: 'triple' },
    ],
    [
      'a variant missing',
      (p: Paytable) => p.sum?.kind === 'variant' && delete p.sum.multiplierBp['17'],
      { reason: 'VARIANTS', betType: 'sum' },
    ],
    [
      'a price above the odds',
      (p: Paytable) => (p.triple = { kind: 'fixed', multiplierBp: 2_170_000 }),
      { reason: 'EDGE_NEGATIVE', betType: 'triple' },
    ],
    [
      'a variant above the odds',
      (p: Paytable) => p.sum?.kind === 'variant' && (p.sum.multiplierBp['10'] = 81_000),
      { reason: 'EDGE_NEGATIVE', betType: 'sum', variant: '10' },
    ],
  ] as [string, (p: Paytable) => unknown, object][])('refuses %s', (_name, change, expected) => {
    const p = base();
    change(p);
    expect(validatePaytable('dice3', p)).toEqual({ ok: false, ...expected });
  });

  it('accepts a break-even price and refuses keno rows of the wrong length', () => {
    const p = base();
    p.triple = { kind: 'fixed', multiplierBp: 2_160_000 }; // 216× on 1/216: edge exactly 0
    expect(validatePaytable('dice3', p)).toEqual({ ok: true });
    const k = defaultPaytable('keno');
    if (k.pick?.kind !== 'hits') throw new Error('keno pays by hits');
    k.pick.multiplierBp['3'] = [0, 0, 26_000];
    expect(validatePaytable('keno', k)).toEqual({ ok: false, reason: 'VARIANTS', betType: 'pick', variant: '3' });
  });
});

describe('exact fractions', () => {
  it('reduce, keep the sign on the numerator and print percentages to 2 decimals, half away from zero', () => {
    expect(ratio(6, -8)).toEqual({ num: -3n, den: 4n });
    expect(() => ratio(1, 0)).toThrow(RangeError);
    expect(formatPercent(r(61, 1440))).toBe('4.24%');
    expect(formatPercent(r(1, 8))).toBe('12.50%');
    expect(formatPercent(r(2, 3))).toBe('66.67%');
    expect(formatPercent(r(5, 100_000))).toBe('0.01%');
    expect(formatPercent(r(4, 100_000))).toBe('0.00%');
    expect(formatPercent(r(-1, 40))).toBe('-2.50%');
    expect(formatPercent(r(1, 1))).toBe('100.00%');
  });
});
