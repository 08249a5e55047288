// Settlement against a brute-force reference written independently of the engine: for random
// results and random lines, settleLine's hits and payout must equal what the rule says when
// checked the slow, obvious way (permutations, subsets, string endings).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combinations } from './combinatorics';
import { houseEdges } from './house-edge';
import { defaultPaytable } from './paytable';
import { ratio } from './rational';
import { betRulesOf } from './registry';
import { isVnFamily, NUMBERS_SPECS, VN_STRUCTURES, type NumbersFamily, type VnFamily } from './results';
import { settleLine } from './settle';
import { LOTTERY_FAMILIES, type LotteryFamily, type LotteryLine, type LotteryResult, type Paytable } from './types';

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
const sameSet = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();
const permutations = (s: string): string[] =>
  s.length <= 1 ? [s] : [...s].flatMap((c, i) => permutations(s.slice(0, i) + s.slice(i + 1)).map((p) => c + p));

/** Hits by the rule's plain words. */
function referenceHits(family: LotteryFamily, line: LotteryLine, result: LotteryResult): number {
  const picks = line.numbers ?? [];
  const pick = picks[0]!;
  if (result.kind === 'prizes') {
    const all = result.prizes.flatMap((p) => p.numbers);
    const special = result.prizes.find((p) => p.tier === 'special')!.numbers[0]!;
    const ends = (n: string, v: number, width: number) => n.endsWith(String(v).padStart(width, '0'));
    if (line.betType === 'lo') return all.filter((n) => ends(n, pick, 2)).length;
    if (line.betType === 'de') return ends(special, pick, 2) ? 1 : 0;
    if (line.betType === 'cang3') return ends(special, pick, 3) ? 1 : 0;
    return picks.every((p) => all.some((n) => ends(n, p, 2))) ? 1 : 0; // xiên
  }
  const d = result.numbers;
  const sum = d.reduce((a, b) => a + b, 0);
  const win = (() => {
    switch (`${family}:${line.betType}`) {
      case 'digits5:position':
      case 'digits3:position':
      case 'race10:position':
        return d[line.position! - 1] === pick;
      case 'digits5:last2':
        return Number(d.slice(3).join('')) === pick;
      case 'digits5:last3':
      case 'digits3:straight':
        return Number(d.slice(-3).join('')) === pick;
      case 'digits5:sum_size':
      case 'digits3:sum_size':
        return sum * 2 > 9 * d.length === (line.option === 'big');
      case 'digits5:sum_parity':
        return (sum % 2 === 1) === (line.option === 'odd');
      case 'digits3:box':
        return permutations(String(pick).padStart(3, '0')).includes(d.join(''));
      case 'pick11x5:first':
        return d[0] === pick;
      case 'dice3:sum':
        return sum === pick;
      case 'dice3:sum_size': {
        const triple = new Set(d).size === 1;
        return !triple && (line.option === 'big' ? sum >= 11 && sum <= 17 : sum >= 4 && sum <= 10);
      }
      case 'dice3:any_triple':
        return new Set(d).size === 1;
      case 'dice3:triple':
        return d.every((x) => x === pick);
      case 'dice3:double':
        return d.filter((x) => x === pick).length >= 2;
      case 'race10:first_size':
        return d[0]! > 5 === (line.option === 'big');
      case 'race10:dragon_tiger':
        return d[0]! > d[9]! === (line.option === 'dragon');
      case 'keno:pick':
        return null;
    }
    if (family === 'pick11x5') {
      const k = picks.length;
      return k <= 5
        ? combinations(d, k).some((c) => sameSet(c, picks))
        : combinations(picks, 5).some((c) => sameSet(c, d));
    }
    throw new Error(`no reference for ${family} ${line.betType}`);
  })();
  if (win === null) {
    let hits = 0;
    for (const p of picks) for (const n of d) if (p === n) hits++;
    return hits;
  }
  return win ? 1 : 0;
}

/** The payout from the paytable's raw figures. */
function referencePayout(line: LotteryLine, paytable: Paytable, hits: number, stake: bigint): bigint {
  const rule = paytable[line.betType]!;
  if (rule.kind === 'hits') return (stake * BigInt(rule.multiplierBp[String(line.numbers!.length)]![hits]!)) / 10_000n;
  if (hits === 0) return 0n;
  if (rule.kind === 'variant') {
    const key =
      line.betType === 'box'
        ? new Set(String(line.numbers![0]).padStart(3, '0')).size === 2
          ? 'group3'
          : 'group6'
        : String(line.numbers![0]);
    return (stake * BigInt(rule.multiplierBp[key]!)) / 10_000n;
  }
  return line.betType === 'lo'
    ? ((stake * BigInt(rule.multiplierBp)) / 10_000n) * BigInt(hits)
    : (stake * BigInt(rule.multiplierBp)) / 10_000n;
}

function resultArbitrary(family: LotteryFamily): fc.Arbitrary<LotteryResult> {
  if (isVnFamily(family)) {
    // Half the prize numbers end in 00..09 so lô and xiên lines on small picks hit often.
    const prize = (digits: number) =>
      fc.oneof(
        fc.integer({ min: 0, max: 10 ** digits - 1 }),
        fc.integer({ min: 0, max: 10 ** (digits - 2) - 1 }).map((h) => h * 100 + (h % 10)),
        fc.integer({ min: 0, max: 9 }),
      );
    return fc
      .tuple(
        ...VN_STRUCTURES[family as VnFamily].map(({ count, digits }) =>
          fc.array(prize(digits), { minLength: count, maxLength: count }),
        ),
      )
      .map((tiers) => ({
        kind: 'prizes' as const,
        prizes: VN_STRUCTURES[family as VnFamily].map(({ tier, digits }, i) => ({
          tier,
          numbers: tiers[i]!.map((n) => String(n).padStart(digits, '0')),
        })),
      }));
  }
  const { count, lo, hi, distinct } = NUMBERS_SPECS[family as NumbersFamily];
  const uniform = distinct
    ? fc.shuffledSubarray(range(lo, hi), { minLength: count, maxLength: count })
    : fc.array(fc.integer({ min: lo, max: hi }), { minLength: count, maxLength: count });
  // Dice: triples and pairs as often as other rolls, so the sic bo rules on them are exercised.
  const numbers =
    family === 'dice3'
      ? fc.oneof(
          uniform,
          fc.integer({ min: 1, max: 6 }).map((f) => [f, f, f]),
          fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })).map(([f, g]) => [f, g, f]),
        )
      : uniform;
  return numbers.map((n) => ({ kind: 'numbers' as const, numbers: n }));
}

/** A random valid single line of the family, built from each bet type's declared picks, positions and options. */
function lineArbitrary(family: LotteryFamily): fc.Arbitrary<LotteryLine> {
  return fc.constantFrom(...betRulesOf(family)).chain((rule) => {
    const spec = rule.picks;
    const hi = spec && isVnFamily(family) && spec.hi === 99 ? 12 : spec?.hi; // small endings so xiên can win
    const picks = !spec
      ? fc.constant(undefined)
      : spec.mode === 'whole'
        ? fc
            .integer({ min: spec.min, max: spec.max })
            .chain((k) => fc.shuffledSubarray(range(spec.lo, hi!), { minLength: k, maxLength: k }))
        : fc.shuffledSubarray(range(spec.lo, hi!), { minLength: spec.perLine, maxLength: spec.perLine });
    return fc
      .record({
        numbers: picks,
        position: rule.positions
          ? fc.integer({ min: rule.positions.lo, max: rule.positions.hi })
          : fc.constant(undefined),
        option: rule.options ? fc.constantFrom(...rule.options) : fc.constant(undefined),
      })
      .filter(({ numbers }) => !numbers || !rule.isPickAllowed || numbers.every(rule.isPickAllowed))
      .map(({ numbers, position, option }) => ({
        betType: rule.code,
        ...(numbers ? { numbers } : {}),
        ...(position !== undefined ? { position } : {}),
        ...(option !== undefined ? { option } : {}),
      }));
  });
}

describe('settleLine agrees with a brute-force reference on random draws', () => {
  it.each(LOTTERY_FAMILIES)('%s', (family) => {
    const paytable = defaultPaytable(family);
    fc.assert(
      fc.property(
        lineArbitrary(family),
        resultArbitrary(family),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (line, result, stake) => {
          const settled = settleLine(family, line, result, paytable, stake);
          const hits = referenceHits(family, line, result);
          expect(settled.hits).toBe(hits);
          expect(settled.payout).toBe(referencePayout(line, paytable, hits, stake));
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe('the odds houseEdges states are the share of all outcomes settleLine pays', () => {
  const winShare = (family: LotteryFamily, line: LotteryLine, outcomes: number[][]) => {
    const paytable = defaultPaytable(family);
    const wins = outcomes.filter(
      (numbers) => settleLine(family, line, { kind: 'numbers', numbers }, paytable, 1n).multiplierBp > 0,
    ).length;
    return ratio(wins, outcomes.length);
  };
  const odds = (family: LotteryFamily, betType: string, variant?: string) =>
    houseEdges(family, defaultPaytable(family)).find((e) => e.betType === betType && e.variant === variant)!
      .winProbability;

  it('digits3 over all 1000 results', () => {
    const all = range(0, 999).map((n) => String(n).padStart(3, '0').split('').map(Number));
    expect(winShare('digits3', { betType: 'straight', numbers: [407] }, all)).toEqual(odds('digits3', 'straight'));
    expect(winShare('digits3', { betType: 'box', numbers: [770] }, all)).toEqual(odds('digits3', 'box', 'group3'));
    expect(winShare('digits3', { betType: 'box', numbers: [258] }, all)).toEqual(odds('digits3', 'box', 'group6'));
    expect(winShare('digits3', { betType: 'position', position: 2, numbers: [4] }, all)).toEqual(
      odds('digits3', 'position'),
    );
    expect(winShare('digits3', { betType: 'sum_size', option: 'small' }, all)).toEqual(odds('digits3', 'sum_size'));
  });

  it('dice3 over all 216 rolls', () => {
    const all = range(0, 215).map((i) => [Math.floor(i / 36) + 1, (Math.floor(i / 6) % 6) + 1, (i % 6) + 1]);
    for (const s of range(4, 17))
      expect(winShare('dice3', { betType: 'sum', numbers: [s] }, all)).toEqual(odds('dice3', 'sum', String(s)));
    expect(winShare('dice3', { betType: 'sum_size', option: 'small' }, all)).toEqual(odds('dice3', 'sum_size'));
    expect(winShare('dice3', { betType: 'any_triple' }, all)).toEqual(odds('dice3', 'any_triple'));
    expect(winShare('dice3', { betType: 'triple', numbers: [6] }, all)).toEqual(odds('dice3', 'triple'));
    expect(winShare('dice3', { betType: 'double', numbers: [3] }, all)).toEqual(odds('dice3', 'double'));
  });

  it('11x5 any k over all 462 draws', () => {
    const all = combinations(range(1, 11), 5);
    for (const k of range(1, 8))
      expect(winShare('pick11x5', { betType: `any${k}`, numbers: range(11 - k + 1, 11) }, all)).toEqual(
        odds('pick11x5', `any${k}`),
      );
  });
});
