import { describe, expect, it } from 'vitest';
import { defaultPaytable } from './paytable';
import { settleLine } from './settle';
import type { LotteryFamily, LotteryLine, LotteryResult } from './types';

// A northern result written by hand. Its prize numbers' last two digits, in order:
// 45 45 11 22 33 44 55 66 77 88 45 12 34 56 78 90 10 20 30 40 45 50 60 45 07 11 99
// so 45 ends five prize numbers, 11 two, 07 and 99 one each, 00 and 08 none.
const NORTH: LotteryResult = {
  kind: 'prizes',
  prizes: [
    { tier: 'special', numbers: ['12345'] },
    { tier: 'first', numbers: ['00045'] },
    { tier: 'second', numbers: ['11111', '22222'] },
    { tier: 'third', numbers: ['33333', '44444', '55555', '66666', '77777', '88888'] },
    { tier: 'fourth', numbers: ['0045', '1212', '3434', '5656'] },
    { tier: 'fifth', numbers: ['7878', '9090', '1010', '2020', '3030', '4040'] },
    { tier: 'sixth', numbers: ['145', '250', '360'] },
    { tier: 'seventh', numbers: ['45', '07', '11', '99'] },
  ],
};

// A southern result (the central one has the same structure). Endings:
// 45 23 01 45 99 34 11 22 33 44 55 66 77 88 99 01 02 45; special 987645.
const SOUTH: LotteryResult = {
  kind: 'prizes',
  prizes: [
    { tier: 'eighth', numbers: ['45'] },
    { tier: 'seventh', numbers: ['123'] },
    { tier: 'sixth', numbers: ['0001', '4545', '9999'] },
    { tier: 'fifth', numbers: ['1234'] },
    { tier: 'fourth', numbers: ['11111', '22222', '33333', '44444', '55555', '66666', '77777'] },
    { tier: 'third', numbers: ['88888', '99999'] },
    { tier: 'second', numbers: ['10101'] },
    { tier: 'first', numbers: ['20202'] },
    { tier: 'special', numbers: ['987645'] },
  ],
};

function settle(family: LotteryFamily, line: LotteryLine, result: LotteryResult, stake = 1000n) {
  return settleLine(family, line, result, defaultPaytable(family), stake);
}

describe('Vietnamese settlement, north (lô 3.5× a hit, đề 95×, 3 càng 950×, xiên 17× / 77× / 355×)', () => {
  it.each([
    [{ betType: 'lo', numbers: [45] }, 5, 17_500n],
    [{ betType: 'lo', numbers: [11] }, 2, 7000n],
    [{ betType: 'lo', numbers: [7] }, 1, 3500n], // "07": the leading zero counts
    [{ betType: 'lo', numbers: [99] }, 1, 3500n],
    [{ betType: 'lo', numbers: [0] }, 0, 0n],
    [{ betType: 'de', numbers: [45] }, 1, 95_000n],
    [{ betType: 'de', numbers: [11] }, 0, 0n], // đề reads the special prize only
    [{ betType: 'cang3', numbers: [345] }, 1, 950_000n],
    [{ betType: 'cang3', numbers: [45] }, 0, 0n], // "045" is not "345"
    [{ betType: 'xien2', numbers: [7, 45] }, 1, 17_000n],
    [{ betType: 'xien2', numbers: [8, 45] }, 0, 0n],
    [{ betType: 'xien3', numbers: [11, 45, 99] }, 1, 77_000n],
    [{ betType: 'xien4', numbers: [7, 11, 45, 99] }, 1, 355_000n],
    [{ betType: 'xien4', numbers: [7, 11, 45, 98] }, 0, 0n],
  ])('%o: %i hits, pays %s', (line, hits, payout) => {
    const s = settle('vn_north', line, NORTH);
    expect(s.hits).toBe(hits);
    expect(s.payout).toBe(payout);
  });

  it('lô pays the floored single-hit payout once for every hit', () => {
    // 333 × 3.5 = 1165.5 → 1165 a hit; five hits 5825 (not floor(5827.5) = 5827).
    expect(settle('vn_north', { betType: 'lo', numbers: [45] }, NORTH, 333n).payout).toBe(5825n);
  });
});

describe('Vietnamese settlement, central and south (lô 5.25× a hit, xiên 36× / 240× / 1700×)', () => {
  it.each(['vn_central', 'vn_south'] as const)('%s', (family) => {
    expect(settle(family, { betType: 'lo', numbers: [45] }, SOUTH).payout).toBe(15_750n); // three hits
    expect(settle(family, { betType: 'lo', numbers: [99] }, SOUTH).payout).toBe(10_500n); // two hits
    expect(settle(family, { betType: 'lo', numbers: [1] }, SOUTH).payout).toBe(10_500n); // 0001 and 10101
    expect(settle(family, { betType: 'lo', numbers: [23] }, SOUTH).payout).toBe(5250n);
    expect(settle(family, { betType: 'de', numbers: [45] }, SOUTH).payout).toBe(95_000n);
    expect(settle(family, { betType: 'cang3', numbers: [645] }, SOUTH).payout).toBe(950_000n);
    expect(settle(family, { betType: 'cang3', numbers: [545] }, SOUTH).payout).toBe(0n);
    expect(settle(family, { betType: 'xien2', numbers: [1, 2] }, SOUTH).payout).toBe(36_000n);
    expect(settle(family, { betType: 'xien3', numbers: [1, 2, 23] }, SOUTH).payout).toBe(240_000n);
    expect(settle(family, { betType: 'xien4', numbers: [1, 2, 23, 34] }, SOUTH).payout).toBe(1_700_000n);
    expect(settle(family, { betType: 'xien4', numbers: [1, 2, 23, 35] }, SOUTH).payout).toBe(0n);
  });

  it('a northern result does not settle a southern line', () => {
    expect(() => settle('vn_south', { betType: 'lo', numbers: [45] }, NORTH)).toThrow(/PRIZE_TIERS/);
  });
});
