// The shape of each family's result, checking one (an operator may type a result in), and the
// readings the bet types take from it.
import type { Check, LotteryFamily, LotteryResult, ResultReason, VnTier } from './types';

/** Quick draws: how many numbers, their range, and whether they are drawn without replacement. */
export type NumbersSpec = { count: number; lo: number; hi: number; distinct: boolean };

export const NUMBERS_SPECS = {
  digits5: { count: 5, lo: 0, hi: 9, distinct: false },
  digits3: { count: 3, lo: 0, hi: 9, distinct: false },
  pick11x5: { count: 5, lo: 1, hi: 11, distinct: true },
  dice3: { count: 3, lo: 1, hi: 6, distinct: false },
  race10: { count: 10, lo: 1, hi: 10, distinct: true },
  keno: { count: 20, lo: 1, hi: 80, distinct: true },
} as const satisfies Record<string, NumbersSpec>;

export type NumbersFamily = keyof typeof NUMBERS_SPECS;
export type VnFamily = 'vn_north' | 'vn_central' | 'vn_south';

/** Each tier: how many prize numbers and how many digits each has, in the order results list them. */
export type VnStructure = readonly { tier: VnTier; count: number; digits: number }[];

const VN_NORTH: VnStructure = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
];

/** Central and south share one structure, listed from the eighth prize up as their results are read out. */
const VN_CENTRAL_SOUTH: VnStructure = [
  { tier: 'eighth', count: 1, digits: 2 },
  { tier: 'seventh', count: 1, digits: 3 },
  { tier: 'sixth', count: 3, digits: 4 },
  { tier: 'fifth', count: 1, digits: 4 },
  { tier: 'fourth', count: 7, digits: 5 },
  { tier: 'third', count: 2, digits: 5 },
  { tier: 'second', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'special', count: 1, digits: 6 },
];

export const VN_STRUCTURES: Record<VnFamily, VnStructure> = {
  vn_north: VN_NORTH,
  vn_central: VN_CENTRAL_SOUTH,
  vn_south: VN_CENTRAL_SOUTH,
};

export function isVnFamily(family: LotteryFamily): family is VnFamily {
  return family === 'vn_north' || family === 'vn_central' || family === 'vn_south';
}

/** How many prize numbers a Vietnamese draw has (27 in the north, 18 in the central and south). */
export function vnPrizeCount(family: VnFamily): number {
  return VN_STRUCTURES[family].reduce((sum, t) => sum + t.count, 0);
}

const fail = (reason: ResultReason): Check<ResultReason> => ({ ok: false, reason });

/** Checks that a result has the family's shape: RESULT_* for quick draws, PRIZE_* for Vietnamese tiers. */
export function validateResult(family: LotteryFamily, result: LotteryResult): Check<ResultReason> {
  if (!result || typeof result !== 'object') return fail('RESULT_KIND');
  if (isVnFamily(family)) {
    if (result.kind !== 'prizes' || !Array.isArray(result.prizes)) return fail('RESULT_KIND');
    const structure = VN_STRUCTURES[family];
    if (result.prizes.length !== structure.length) return fail('PRIZE_TIERS');
    for (const { tier, count, digits } of structure) {
      const found = result.prizes.filter((p) => p?.tier === tier);
      if (found.length !== 1 || !Array.isArray(found[0]!.numbers)) return fail('PRIZE_TIERS');
      const numbers = found[0]!.numbers;
      if (numbers.length !== count) return fail('RESULT_COUNT');
      if (!numbers.every((n) => typeof n === 'string' && n.length === digits && /^[0-9]+$/.test(n)))
        return fail('PRIZE_DIGITS');
    }
    return { ok: true };
  }
  if (result.kind !== 'numbers' || !Array.isArray(result.numbers)) return fail('RESULT_KIND');
  const spec: NumbersSpec = NUMBERS_SPECS[family];
  if (result.numbers.length !== spec.count) return fail('RESULT_COUNT');
  if (!result.numbers.every((n) => Number.isInteger(n) && n >= spec.lo && n <= spec.hi)) return fail('RESULT_RANGE');
  if (spec.distinct && new Set(result.numbers).size !== result.numbers.length) return fail('RESULT_DUPLICATE');
  return { ok: true };
}

/** The numbers of a quick draw's result (the caller has validated it). */
export function resultNumbers(result: LotteryResult): number[] {
  if (result.kind !== 'numbers') throw new TypeError('lottery: a quick draw needs a numbers result');
  return result.numbers;
}

/** A Vietnamese result's readings: every prize number's last two digits, and the special prize. */
export function vnReadings(result: LotteryResult): { endings: number[]; special: string } {
  if (result.kind !== 'prizes') throw new TypeError('lottery: a Vietnamese draw needs a prizes result');
  const all = result.prizes.flatMap((p) => p.numbers);
  const special = result.prizes.find((p) => p.tier === 'special')?.numbers[0];
  if (special === undefined) throw new TypeError('lottery: the result has no special prize');
  return { endings: all.map((n) => Number(n.slice(-2))), special };
}
