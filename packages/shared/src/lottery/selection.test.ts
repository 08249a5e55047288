import { describe, expect, it } from 'vitest';
import { expandLines, lineCount, validateSelection } from './selection';
import { LotteryInputError, MAX_LINES_PER_SELECTION, type LotteryFamily, type LotterySelection } from './types';

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

describe('expanding a selection into lines', () => {
  it('any 5 of 11x5 with 7 picks is C(7,5) = 21 distinct sorted lines of 5', () => {
    const lines = expandLines('pick11x5', { betType: 'any5', numbers: [9, 1, 3, 5, 7, 11, 2] });
    expect(lines).toHaveLength(21);
    expect(new Set(lines.map((l) => l.numbers!.join(','))).size).toBe(21);
    for (const l of lines) {
      expect(l.numbers).toHaveLength(5);
      expect(l.numbers).toEqual([...l.numbers!].sort((a, b) => a - b));
    }
    expect(lines[0]).toEqual({ betType: 'any5', numbers: [1, 2, 3, 5, 7] });
  });

  it.each([
    ['vn_north', { betType: 'xien2', numbers: [1, 2, 3, 4, 5] }, 10], // C(5,2)
    ['vn_north', { betType: 'xien3', numbers: [1, 2, 3, 4, 5] }, 10], // C(5,3)
    ['vn_south', { betType: 'xien4', numbers: [1, 2, 3, 4, 5, 6] }, 15], // C(6,4)
    ['pick11x5', { betType: 'any2', numbers: range(1, 11) }, 55], // C(11,2)
    ['pick11x5', { betType: 'any8', numbers: range(1, 10) }, 45], // C(10,8)
    ['pick11x5', { betType: 'any1', numbers: [4, 9] }, 2],
    ['vn_north', { betType: 'lo', numbers: [0, 27, 99] }, 3],
    ['digits5', { betType: 'position', position: 2, numbers: [0, 5, 9] }, 3],
    ['keno', { betType: 'pick', numbers: [80, 1, 40, 2, 3, 4, 5, 6, 7, 8] }, 1],
    ['dice3', { betType: 'any_triple' }, 1],
    ['dice3', { betType: 'sum', numbers: range(4, 17) }, 14],
  ] as [LotteryFamily, LotterySelection, number][])('%s %o → %i lines', (family, selection, n) => {
    expect(lineCount(family, selection)).toBe(n);
    expect(expandLines(family, selection)).toHaveLength(n);
  });

  it('keeps the position or option on every line and sorts keno spots', () => {
    expect(expandLines('race10', { betType: 'position', position: 4, numbers: [3, 1] })).toEqual([
      { betType: 'position', position: 4, numbers: [3] },
      { betType: 'position', position: 4, numbers: [1] },
    ]);
    expect(expandLines('dice3', { betType: 'sum_size', option: 'big' })).toEqual([
      { betType: 'sum_size', option: 'big' },
    ]);
    expect(expandLines('keno', { betType: 'pick', numbers: [9, 2, 70] })).toEqual([
      { betType: 'pick', numbers: [2, 9, 70] },
    ]);
  });

  it(`caps a selection at ${MAX_LINES_PER_SELECTION} lines, counting without listing them`, () => {
    const all = { betType: 'xien4', numbers: range(0, 99) };
    expect(lineCount('vn_north', all)).toBe(3_921_225); // C(100,4)
    expect(validateSelection('vn_north', all)).toEqual({ ok: false, reason: 'TOO_MANY_LINES' });
    expect(() => expandLines('vn_north', all)).toThrow(LotteryInputError);
    expect(validateSelection('vn_north', { betType: 'xien2', numbers: range(0, 44) })).toEqual({ ok: true }); // C(45,2) = 990
    expect(validateSelection('vn_north', { betType: 'xien2', numbers: range(0, 45) })).toEqual({
      ok: false,
      reason: 'TOO_MANY_LINES',
    }); // 1035
    expect(validateSelection('vn_north', { betType: 'lo', numbers: range(0, 99) })).toEqual({ ok: true });
  });
});

describe('refusing a selection', () => {
  it.each([
    ['digits5', { betType: 'straight', numbers: [1] }, 'UNKNOWN_BET_TYPE'],
    ['digits5', { betType: 'position', position: 6, numbers: [1] }, 'POSITION'],
    ['digits5', { betType: 'position', position: 0, numbers: [1] }, 'POSITION'],
    ['digits5', { betType: 'position', numbers: [1] }, 'POSITION'],
    ['digits5', { betType: 'position', position: 1.5, numbers: [1] }, 'POSITION'],
    ['vn_north', { betType: 'lo', position: 1, numbers: [1] }, 'POSITION'],
    ['digits5', { betType: 'sum_size', option: 'medium' }, 'OPTION'],
    ['digits5', { betType: 'sum_size' }, 'OPTION'],
    ['race10', { betType: 'dragon_tiger', option: 'big' }, 'OPTION'],
    ['vn_north', { betType: 'de', option: 'big', numbers: [1] }, 'OPTION'],
    ['pick11x5', { betType: 'any5', numbers: [1, 2, 3, 4] }, 'PICKS_COUNT'],
    ['keno', { betType: 'pick', numbers: range(1, 11) }, 'PICKS_COUNT'],
    ['keno', { betType: 'pick', numbers: [] }, 'PICKS_COUNT'],
    ['vn_north', { betType: 'lo' }, 'PICKS_COUNT'],
    ['dice3', { betType: 'any_triple', numbers: [1] }, 'PICKS_COUNT'],
    ['digits5', { betType: 'position', position: 1, numbers: [10] }, 'PICK_RANGE'],
    ['vn_north', { betType: 'lo', numbers: [100] }, 'PICK_RANGE'],
    ['vn_north', { betType: 'lo', numbers: [-1] }, 'PICK_RANGE'],
    ['vn_north', { betType: 'lo', numbers: [2.5] }, 'PICK_RANGE'],
    ['keno', { betType: 'pick', numbers: [0] }, 'PICK_RANGE'],
    ['keno', { betType: 'pick', numbers: [81] }, 'PICK_RANGE'],
    ['dice3', { betType: 'sum', numbers: [3] }, 'PICK_RANGE'], // 3 and 18 are triples, not sum bets
    ['dice3', { betType: 'sum', numbers: [18] }, 'PICK_RANGE'],
    ['pick11x5', { betType: 'first', numbers: [0] }, 'PICK_RANGE'],
    ['vn_north', { betType: 'lo', numbers: [27, 27] }, 'DUPLICATE_PICK'],
    ['pick11x5', { betType: 'any2', numbers: [3, 3] }, 'DUPLICATE_PICK'],
    ['digits3', { betType: 'box', numbers: [112, 121] }, 'DUPLICATE_PICK'], // the same box
    ['digits3', { betType: 'box', numbers: [111] }, 'PICK_PATTERN'], // a triple is a straight
  ] as [LotteryFamily, LotterySelection, string][])('%s %o → %s', (family, selection, reason) => {
    expect(validateSelection(family, selection)).toEqual({ ok: false, reason });
    expect(() => expandLines(family, selection)).toThrow(reason);
  });

  it('refuses malformed input without throwing', () => {
    expect(validateSelection('keno', { betType: 'pick', numbers: 'x' as unknown as number[] })).toEqual({
      ok: false,
      reason: 'PICKS_COUNT',
    });
    expect(validateSelection('keno', { betType: 42 as unknown as string })).toEqual({
      ok: false,
      reason: 'UNKNOWN_BET_TYPE',
    });
    expect(validateSelection('keno', { betType: 'pick', numbers: ['1' as unknown as number] })).toEqual({
      ok: false,
      reason: 'PICK_RANGE',
    });
  });
});
