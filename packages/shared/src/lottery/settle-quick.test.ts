import { describe, expect, it } from 'vitest';
import { defaultPaytable } from './paytable';
import { settleLine } from './settle';
import type { LotteryFamily, LotteryLine } from './types';

/** The payout of one line on a numbers result with the default paytable. */
function pay(family: LotteryFamily, line: LotteryLine, numbers: number[], stake = 1000n): bigint {
  return settleLine(family, line, { kind: 'numbers', numbers }, defaultPaytable(family), stake).payout;
}

// Every expected figure below is worked out by hand from the default multipliers (docs/lottery.md):
// stake 1000 minor units, payout = floor(1000 × multiplier).

describe('digits5 settlement', () => {
  const r = [1, 2, 3, 4, 5]; // sum 15: small, odd
  it.each([
    [{ betType: 'position', position: 3, numbers: [3] }, r, 9800n],
    [{ betType: 'position', position: 3, numbers: [4] }, r, 0n],
    [{ betType: 'position', position: 1, numbers: [1] }, r, 9800n],
    [{ betType: 'last2', numbers: [45] }, r, 97_000n],
    [{ betType: 'last2', numbers: [54] }, r, 0n],
    [{ betType: 'last2', numbers: [5] }, [9, 9, 9, 0, 5], 97_000n],
    [{ betType: 'last3', numbers: [345] }, r, 970_000n],
    [{ betType: 'last3', numbers: [45] }, r, 0n],
    [{ betType: 'last3', numbers: [45] }, [1, 2, 0, 4, 5], 970_000n],
    [{ betType: 'sum_size', option: 'small' }, r, 1960n],
    [{ betType: 'sum_size', option: 'big' }, r, 0n],
    [{ betType: 'sum_size', option: 'big' }, [9, 9, 5, 0, 0], 1960n], // sum 23 is big
    [{ betType: 'sum_size', option: 'small' }, [9, 9, 4, 0, 0], 1960n], // sum 22 is small
    [{ betType: 'sum_parity', option: 'odd' }, r, 1960n],
    [{ betType: 'sum_parity', option: 'even' }, r, 0n],
    [{ betType: 'sum_parity', option: 'even' }, [0, 0, 0, 0, 0], 1960n],
  ])('%o on %o pays %s', (line, numbers, expected) => {
    expect(pay('digits5', line, numbers)).toBe(expected);
  });

  it('floors the payout to whole minor units', () => {
    // 333 × 9.8 = 3263.4
    expect(pay('digits5', { betType: 'position', position: 2, numbers: [2] }, r, 333n)).toBe(3263n);
    expect(pay('digits5', { betType: 'position', position: 2, numbers: [2] }, r, 0n)).toBe(0n);
  });
});

describe('digits3 settlement', () => {
  it.each([
    [{ betType: 'straight', numbers: [112] }, [1, 1, 2], 970_000n],
    [{ betType: 'straight', numbers: [121] }, [1, 1, 2], 0n],
    [{ betType: 'straight', numbers: [7] }, [0, 0, 7], 970_000n],
    [{ betType: 'box', numbers: [121] }, [1, 1, 2], 320_000n], // group-3
    [{ betType: 'box', numbers: [211] }, [1, 2, 1], 320_000n],
    [{ betType: 'box', numbers: [122] }, [1, 1, 2], 0n],
    [{ betType: 'box', numbers: [123] }, [3, 1, 2], 160_000n], // group-6
    [{ betType: 'box', numbers: [312] }, [2, 3, 1], 160_000n],
    [{ betType: 'box', numbers: [124] }, [3, 1, 2], 0n],
    [{ betType: 'box', numbers: [10] }, [0, 1, 0], 320_000n], // 010
    [{ betType: 'position', position: 3, numbers: [2] }, [1, 1, 2], 9800n],
    [{ betType: 'position', position: 2, numbers: [2] }, [1, 1, 2], 0n],
    [{ betType: 'sum_size', option: 'small' }, [1, 1, 2], 1960n],
    [{ betType: 'sum_size', option: 'big' }, [9, 5, 0], 1960n], // 14 is big
    [{ betType: 'sum_size', option: 'big' }, [9, 4, 0], 0n], // 13 is small
  ])('%o on %o pays %s', (line, numbers, expected) => {
    expect(pay('digits3', line, numbers)).toBe(expected);
  });
});

describe('pick11x5 settlement', () => {
  const r = [3, 7, 1, 11, 5];
  it.each([
    [{ betType: 'any1', numbers: [7] }, 2090n],
    [{ betType: 'any1', numbers: [2] }, 0n],
    [{ betType: 'any2', numbers: [1, 11] }, 5200n],
    [{ betType: 'any2', numbers: [1, 2] }, 0n],
    [{ betType: 'any3', numbers: [3, 5, 7] }, 15_600n],
    [{ betType: 'any4', numbers: [1, 3, 5, 7] }, 62_000n],
    [{ betType: 'any4', numbers: [1, 3, 5, 8] }, 0n],
    [{ betType: 'any5', numbers: [11, 1, 3, 5, 7] }, 438_000n],
    [{ betType: 'any5', numbers: [1, 3, 5, 7, 10] }, 0n],
    [{ betType: 'any6', numbers: [1, 2, 3, 5, 7, 11] }, 73_000n],
    [{ betType: 'any6', numbers: [1, 2, 3, 5, 7, 10] }, 0n],
    [{ betType: 'any7', numbers: [1, 2, 3, 4, 5, 7, 11] }, 20_900n],
    [{ betType: 'any8', numbers: [1, 2, 3, 4, 5, 6, 7, 11] }, 7800n],
    [{ betType: 'any8', numbers: [1, 2, 3, 4, 5, 6, 7, 8] }, 0n],
    [{ betType: 'first', numbers: [3] }, 10_450n],
    [{ betType: 'first', numbers: [7] }, 0n],
  ])('%o pays %s', (line, expected) => {
    expect(pay('pick11x5', line, r)).toBe(expected);
  });
});

describe('dice3 settlement (sic bo)', () => {
  it.each([
    [{ betType: 'sum', numbers: [9] }, [2, 2, 5], 8200n],
    [{ betType: 'sum', numbers: [10] }, [2, 2, 5], 0n],
    [{ betType: 'sum', numbers: [17] }, [6, 5, 6], 68_000n],
    [{ betType: 'sum', numbers: [4] }, [1, 1, 2], 68_000n],
    [{ betType: 'sum', numbers: [12] }, [4, 4, 4], 8200n], // a triple still has its sum
    [{ betType: 'sum_size', option: 'small' }, [2, 2, 5], 1970n],
    [{ betType: 'sum_size', option: 'big' }, [2, 2, 5], 0n],
    [{ betType: 'sum_size', option: 'big' }, [6, 5, 6], 1970n],
    [{ betType: 'sum_size', option: 'big' }, [4, 4, 4], 0n], // triples lose big
    [{ betType: 'sum_size', option: 'small' }, [3, 3, 3], 0n], // and small
    [{ betType: 'any_triple' }, [4, 4, 4], 34_000n],
    [{ betType: 'any_triple' }, [4, 4, 5], 0n],
    [{ betType: 'triple', numbers: [4] }, [4, 4, 4], 205_000n],
    [{ betType: 'triple', numbers: [3] }, [4, 4, 4], 0n],
    [{ betType: 'double', numbers: [4] }, [4, 4, 4], 12_800n],
    [{ betType: 'double', numbers: [2] }, [2, 5, 2], 12_800n],
    [{ betType: 'double', numbers: [5] }, [2, 5, 2], 0n],
  ])('%o on %o pays %s', (line, numbers, expected) => {
    expect(pay('dice3', line, numbers)).toBe(expected);
  });
});

describe('race10 settlement', () => {
  const r = [7, 3, 10, 1, 2, 4, 5, 6, 8, 9];
  it.each([
    [{ betType: 'position', position: 1, numbers: [7] }, 9800n],
    [{ betType: 'position', position: 3, numbers: [10] }, 9800n],
    [{ betType: 'position', position: 10, numbers: [9] }, 9800n],
    [{ betType: 'position', position: 2, numbers: [7] }, 0n],
    [{ betType: 'first_size', option: 'big' }, 1960n],
    [{ betType: 'first_size', option: 'small' }, 0n],
    [{ betType: 'dragon_tiger', option: 'tiger' }, 1960n], // 7 in first place < 9 in tenth
    [{ betType: 'dragon_tiger', option: 'dragon' }, 0n],
  ])('%o pays %s', (line, expected) => {
    expect(pay('race10', line, r)).toBe(expected);
  });
});

describe('keno settlement', () => {
  const drawn = [20, 1, 19, 2, 18, 3, 17, 4, 16, 5, 15, 6, 14, 7, 13, 8, 12, 9, 11, 10]; // 1..20 in draw order
  it.each([
    [[5], 1, 3800n],
    [[21], 0, 0n],
    [[1, 2, 3, 21, 22], 3, 3000n],
    [[1, 2, 3, 4, 21], 4, 20_000n],
    [[5, 4, 3, 2, 1], 5, 300_000n],
    [[21, 22, 23, 24, 25, 26, 27, 28, 29, 30], 0, 1000n], // 10 spots, none drawn: 1×
    [[21, 22, 23, 24, 25, 26, 27, 28, 29], 0, 500n], // 9 spots, none drawn: 0.5×
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 10, 20_000_000n],
    [[1, 2, 21, 22, 23, 24, 25, 26, 27, 28], 2, 0n],
  ])('spots %o: %i hits pay %s', (numbers, hits, expected) => {
    const s = settleLine(
      'keno',
      { betType: 'pick', numbers },
      { kind: 'numbers', numbers: drawn },
      defaultPaytable('keno'),
      1000n,
    );
    expect(s.hits).toBe(hits);
    expect(s.payout).toBe(expected);
  });
});

describe('settleLine refuses what it cannot judge', () => {
  it('throws on a line that is not a single valid line, a result of the wrong shape or a negative stake', () => {
    const p = defaultPaytable('digits5');
    const ok = { kind: 'numbers' as const, numbers: [1, 2, 3, 4, 5] };
    expect(() => settleLine('digits5', { betType: 'last2', numbers: [1, 2] }, ok, p, 1n)).toThrow(/PICKS_COUNT/);
    expect(() => settleLine('digits5', { betType: 'nope' }, ok, p, 1n)).toThrow(/UNKNOWN_BET_TYPE/);
    expect(() =>
      settleLine('digits5', { betType: 'last2', numbers: [1] }, { kind: 'numbers', numbers: [1, 2, 3] }, p, 1n),
    ).toThrow(/RESULT_COUNT/);
    expect(() => settleLine('digits5', { betType: 'last2', numbers: [1] }, ok, p, -1n)).toThrow(RangeError);
    expect(() => settleLine('digits5', { betType: 'last2', numbers: [1] }, ok, {}, 1n)).toThrow(/MISSING_BET_TYPE/);
  });
});
