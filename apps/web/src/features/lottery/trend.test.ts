import { describe, expect, it } from 'vitest';
import { computeTrend } from './trend';

describe('computeTrend', () => {
  it('counts quick-draw numbers, hot first and cold with never-drawn numbers', () => {
    const draws = [
      { result: { kind: 'numbers', numbers: [1, 1, 2, 3, 9] } },
      { result: { kind: 'numbers', numbers: [1, 2, 2, 5, 9] } },
      { result: null },
    ];
    const trend = computeTrend(draws, { lo: 0, hi: 9 }, 3);
    expect(trend.draws).toBe(2);
    expect(trend.hot.map((e) => [e.value, e.count])).toEqual([
      [1, 3],
      [2, 3],
      [9, 2],
    ]);
    expect(trend.cold.map((e) => e.value)).toEqual([0, 4, 6]);
    expect(trend.max).toBe(3);
  });

  it('counts the Vietnamese prizes by their last two digits', () => {
    const draws = [
      {
        result: {
          kind: 'prizes',
          prizes: [
            { tier: 'special', numbers: ['12307'] },
            { tier: 'seventh', numbers: ['07', '99', '1207'] },
          ],
        },
      },
    ];
    const trend = computeTrend(draws, { lo: 0, hi: 99 }, 2);
    expect(trend.hot).toEqual([
      { value: 7, label: '07', count: 3 },
      { value: 99, label: '99', count: 1 },
    ]);
    expect(trend.cold[0]).toEqual({ value: 0, label: '00', count: 0 });
  });

  it('never lists a number as both hot and cold, and takes at most half of the numbers each', () => {
    // Two draws of five digits: some digits came once, and would otherwise be in both lists.
    const draws = [
      { result: { kind: 'numbers', numbers: [1, 4, 8, 0, 2] } },
      { result: { kind: 'numbers', numbers: [1, 4, 8, 3, 6] } },
    ];
    const trend = computeTrend(draws, { lo: 0, hi: 9 });
    expect(trend.hot.map((e) => e.value)).toEqual([1, 4, 8, 0, 2]);
    expect(trend.cold.map((e) => e.value)).toEqual([5, 7, 9, 3, 6]);
    // A die: three faces each.
    const dice = computeTrend([{ result: { kind: 'numbers', numbers: [6, 6, 2] } }], { lo: 1, hi: 6 });
    expect(dice.hot.map((e) => e.value)).toEqual([6, 2, 1]);
    expect(dice.cold.map((e) => e.value)).toEqual([3, 4, 5]);
  });

  it('has nothing hot on no draws', () => {
    const trend = computeTrend([], { lo: 1, hi: 6 });
    expect(trend.draws).toBe(0);
    expect(trend.hot.every((e) => e.count === 0)).toBe(true);
  });
});
