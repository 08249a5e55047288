import { describe, expect, it } from 'vitest';
import { defaultPaytable } from './paytable';
import { exposureKeys, exposureLoad, maxLinePayout, maxStakeWithin } from './settle';
import type { LotteryFamily, LotteryLine, Paytable } from './types';

const max = (family: LotteryFamily, line: LotteryLine, stake = 1000n) =>
  maxLinePayout(family, line, defaultPaytable(family), stake);

describe('largest payout of a line', () => {
  it('is the best outcome: every prize ending for lô, all spots for keno, the line variant otherwise', () => {
    expect(max('vn_north', { betType: 'lo', numbers: [27] })).toBe(3500n * 27n);
    expect(max('vn_south', { betType: 'lo', numbers: [27] })).toBe(5250n * 18n);
    expect(max('vn_north', { betType: 'de', numbers: [27] })).toBe(95_000n);
    expect(max('keno', { betType: 'pick', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] })).toBe(20_000_000n);
    expect(max('keno', { betType: 'pick', numbers: [1, 2] })).toBe(9500n);
    expect(max('dice3', { betType: 'sum', numbers: [4] })).toBe(68_000n);
    expect(max('dice3', { betType: 'sum', numbers: [10] })).toBe(7600n);
    expect(max('digits3', { betType: 'box', numbers: [121] })).toBe(320_000n);
    expect(max('digits3', { betType: 'box', numbers: [123] })).toBe(160_000n);
  });

  it('uses the best entry of a keno row even when it is not the top one', () => {
    const p = defaultPaytable('keno');
    if (p.pick?.kind !== 'hits') throw new Error('keno pays by hits');
    p.pick.multiplierBp['2'] = [50_000, 10_000, 20_000];
    expect(maxLinePayout('keno', { betType: 'pick', numbers: [1, 2] }, p, 1000n)).toBe(5000n);
  });
});

describe('exposure keys', () => {
  it.each([
    ['vn_north', { betType: 'de', numbers: [27] }, 'de:27'],
    ['vn_north', { betType: 'lo', numbers: [7] }, 'lo:07'],
    ['vn_south', { betType: 'cang3', numbers: [5] }, 'cang3:005'],
    ['vn_north', { betType: 'xien2', numbers: [34, 12] }, 'xien2:12-34'],
    ['vn_central', { betType: 'xien3', numbers: [9, 88, 1] }, 'xien3:01-09-88'],
    ['digits5', { betType: 'position', position: 3, numbers: [7] }, 'd5:pos3:7'],
    ['digits5', { betType: 'last2', numbers: [7] }, 'd5:last2:07'],
    ['digits5', { betType: 'sum_size', option: 'big' }, 'd5:sum_size:big'],
    ['digits3', { betType: 'box', numbers: [211] }, 'd3:box:112'],
    ['digits3', { betType: 'straight', numbers: [42] }, 'd3:straight:042'],
    ['pick11x5', { betType: 'any3', numbers: [11, 2, 7] }, 'p11:any3:2-7-11'],
    ['dice3', { betType: 'any_triple' }, 'dice:any_triple'],
    ['dice3', { betType: 'sum', numbers: [9] }, 'dice:sum:9'],
    ['race10', { betType: 'dragon_tiger', option: 'dragon' }, 'race:dragon_tiger:dragon'],
    ['keno', { betType: 'pick', numbers: [40, 3, 77, 8, 21] }, 'keno:k5:3-8-21-40-77'],
  ] as [LotteryFamily, LotteryLine, string][])('%s %o loads %s', (family, line, key) => {
    expect(exposureKeys(family, line)).toEqual([key]);
  });

  it('a lô line loads one hit per key, other lines their largest payout', () => {
    expect(exposureLoad('vn_north', { betType: 'lo', numbers: [27] }, defaultPaytable('vn_north'), 1000n)).toBe(3500n);
    expect(exposureLoad('vn_north', { betType: 'de', numbers: [27] }, defaultPaytable('vn_north'), 1000n)).toBe(
      95_000n,
    );
    expect(exposureLoad('keno', { betType: 'pick', numbers: [1, 2] }, defaultPaytable('keno'), 1000n)).toBe(9500n);
  });
});

describe('trimming a stake to the room under a limit', () => {
  const lo = { betType: 'lo', numbers: [27] };
  const p = defaultPaytable('vn_north');
  it('finds the largest stake whose load fits (lô at 3.5×: 1000 loads 3500, 1001 loads 3503)', () => {
    expect(maxStakeWithin('vn_north', lo, p, 3500n)).toBe(1000n);
    expect(maxStakeWithin('vn_north', lo, p, 3502n)).toBe(1000n);
    expect(maxStakeWithin('vn_north', lo, p, 3503n)).toBe(1001n);
    expect(maxStakeWithin('vn_north', lo, p, 0n)).toBe(0n);
    expect(maxStakeWithin('vn_north', lo, p, -5n)).toBe(0n);
    for (const room of [0n, 1n, 3n, 3499n, 3501n, 99_999n]) {
      const stake = maxStakeWithin('vn_north', lo, p, room)!;
      expect(exposureLoad('vn_north', lo, p, stake)).toBeLessThanOrEqual(room);
      expect(exposureLoad('vn_north', lo, p, stake + 1n)).toBeGreaterThan(room);
    }
  });

  it('is unbounded (null) when the line can never pay', () => {
    const zero: Paytable = { ...p, lo: { kind: 'fixed', multiplierBp: 0 } };
    expect(maxStakeWithin('vn_north', lo, zero, 10n)).toBeNull();
  });
});
