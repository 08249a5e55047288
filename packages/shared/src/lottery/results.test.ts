import { describe, expect, it } from 'vitest';
import { drawFairResult } from './fair-draw';
import { validateResult, vnPrizeCount } from './results';
import { LOTTERY_FAMILIES, type LotteryFamily, type LotteryResult } from './types';

const numbers = (n: number[]): LotteryResult => ({ kind: 'numbers', numbers: n });

describe('validating a result', () => {
  it('accepts the drawn results of every family', () => {
    for (const family of LOTTERY_FAMILIES)
      expect(validateResult(family, drawFairResult(family, 's', 'd'))).toEqual({ ok: true });
  });

  it('knows the Vietnamese structures: 27 prize numbers in the north, 18 in the central and south', () => {
    expect(vnPrizeCount('vn_north')).toBe(27);
    expect(vnPrizeCount('vn_central')).toBe(18);
    expect(vnPrizeCount('vn_south')).toBe(18);
  });

  it.each([
    ['digits5', numbers([1, 2, 3, 4]), 'RESULT_COUNT'],
    ['digits5', numbers([1, 2, 3, 4, 10]), 'RESULT_RANGE'],
    ['digits5', numbers([1, 1, 1, 1, 1]), null],
    ['dice3', numbers([0, 1, 2]), 'RESULT_RANGE'],
    ['dice3', numbers([6, 6, 6]), null],
    ['pick11x5', numbers([1, 2, 3, 4, 4]), 'RESULT_DUPLICATE'],
    ['pick11x5', numbers([1, 2, 3, 4, 12]), 'RESULT_RANGE'],
    ['race10', numbers([1, 2, 3, 4, 5, 6, 7, 8, 9, 9]), 'RESULT_DUPLICATE'],
    ['keno', numbers(Array.from({ length: 20 }, (_, i) => i + 61)), null],
    ['keno', numbers(Array.from({ length: 20 }, (_, i) => i + 62)), 'RESULT_RANGE'],
    ['digits3', numbers([1, 2, 2.5]), 'RESULT_RANGE'],
    ['vn_north', numbers([1, 2, 3]), 'RESULT_KIND'],
    ['keno', { kind: 'prizes', prizes: [] }, 'RESULT_KIND'],
  ] as [LotteryFamily, LotteryResult, string | null][])('%s %o → %s', (family, result, reason) => {
    expect(validateResult(family, result)).toEqual(reason ? { ok: false, reason } : { ok: true });
  });

  it('refuses a Vietnamese result with a tier missing, repeated, short of numbers or with the wrong digits', () => {
    const good = drawFairResult('vn_north', 's', 'd');
    if (good.kind !== 'prizes') throw new Error('prizes expected');
    const prizes = good.prizes;
    const edit = (f: (p: typeof prizes) => typeof prizes): LotteryResult => ({
      kind: 'prizes',
      prizes: f(structuredClone(prizes)),
    });
    expect(
      validateResult(
        'vn_north',
        edit((p) => p.slice(1)),
      ),
    ).toEqual({ ok: false, reason: 'PRIZE_TIERS' });
    expect(
      validateResult(
        'vn_north',
        edit((p) => [p[0]!, ...p.slice(0, -1)]),
      ),
    ).toEqual({ ok: false, reason: 'PRIZE_TIERS' });
    expect(
      validateResult(
        'vn_north',
        edit((p) => p.map((t) => (t.tier === 'third' ? { ...t, numbers: t.numbers.slice(1) } : t))),
      ),
    ).toEqual({ ok: false, reason: 'RESULT_COUNT' });
    expect(
      validateResult(
        'vn_north',
        edit((p) => p.map((t) => (t.tier === 'special' ? { ...t, numbers: ['1234'] } : t))),
      ),
    ).toEqual({ ok: false, reason: 'PRIZE_DIGITS' });
    expect(
      validateResult(
        'vn_north',
        edit((p) => p.map((t) => (t.tier === 'seventh' ? { ...t, numbers: ['1a', '00', '01', '02'] } : t))),
      ),
    ).toEqual({ ok: false, reason: 'PRIZE_DIGITS' });
    expect(
      validateResult(
        'vn_north',
        edit((p) => p.map((t) => (t.tier === 'seventh' ? { ...t, numbers: [7, '00', '01', '02'] as string[] } : t))),
      ),
    ).toEqual({ ok: false, reason: 'PRIZE_DIGITS' });
    expect(
      validateResult(
        'vn_north',
        edit((p) => [...p.slice(1), null as unknown as (typeof p)[number]]),
      ),
    ).toEqual({ ok: false, reason: 'PRIZE_TIERS' });
    expect(validateResult('vn_north', null as unknown as LotteryResult)).toEqual({ ok: false, reason: 'RESULT_KIND' });
    // Tier order is free: an operator may type them in as printed.
    expect(
      validateResult(
        'vn_north',
        edit((p) => [...p].reverse()),
      ),
    ).toEqual({ ok: true });
    // A northern result is not a southern one.
    expect(validateResult('vn_south', good)).toEqual({ ok: false, reason: 'PRIZE_TIERS' });
  });
});
