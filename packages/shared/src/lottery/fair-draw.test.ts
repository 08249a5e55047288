import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../provably-fair';
import { drawFairResult } from './fair-draw';
import { resultNumbers, validateResult } from './results';
import { LOTTERY_FAMILIES, type LotteryFamily } from './types';

const run = promisify(execFile);
const VERIFIER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/verify-lottery.mjs');

async function verify(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [VERIFIER, ...args]);
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

/** Every count strictly between lo and hi. */
function expectWithin(counts: number[], lo: number, hi: number): void {
  expect(Math.min(...counts)).toBeGreaterThan(lo);
  expect(Math.max(...counts)).toBeLessThan(hi);
}

describe('provably fair draws', () => {
  it('are valid results, the same for the same seed and draw key and different for another key', () => {
    for (const family of LOTTERY_FAMILIES) {
      for (let i = 0; i < 20; i++) {
        const result = drawFairResult(family, `seed-${i}`, `draw-${i}`);
        expect(validateResult(family, result), family).toEqual({ ok: true });
        expect(drawFairResult(family, `seed-${i}`, `draw-${i}`)).toEqual(result);
      }
      expect(drawFairResult(family, 'seed', 'a')).not.toEqual(drawFairResult(family, 'seed', 'b'));
    }
  });

  it('reads every number from HMAC-SHA256(seed, "lottery:<draw>:<i>") (a fixed vector)', () => {
    // Number 1 of digits5 from HMAC-SHA256("seed", "lottery:20261124-0001:1"), computed here with
    // Node's own HMAC: its first word mod 10 (the word is below the limit, nothing refused).
    const word = crypto.createHmac('sha256', 'seed').update('lottery:20261124-0001:1').digest().readUInt32BE(0);
    expect(word).toBeLessThan(Math.floor(2 ** 32 / 10) * 10);
    expect(resultNumbers(drawFairResult('digits5', 'seed', '20261124-0001'))[0]).toBe(word % 10);
    expect(drawFairResult('digits5', 'seed', '20261124-0001')).toEqual({ kind: 'numbers', numbers: [7, 9, 2, 4, 0] });
  });

  it('spread evenly: digits, dice faces, keno numbers and 11x5 first numbers over many draws', () => {
    const tally = (family: LotteryFamily, draws: number, size: number, offset: number, only?: number) => {
      const counts = new Array<number>(size).fill(0);
      for (let i = 0; i < draws; i++) {
        const numbers = resultNumbers(drawFairResult(family, 'uniform', String(i)));
        for (const n of only === undefined ? numbers : numbers.slice(0, only)) counts[n - offset]!++;
      }
      return counts;
    };
    // Expected 300 a digit (3 per draw over 1000 draws); a fair draw stays far inside ±30 %.
    expectWithin(tally('digits3', 1000, 10, 0), 210, 390);
    expectWithin(tally('dice3', 1000, 6, 1), 350, 650);
    // Keno: 20 of 80, expected 100 a number over 400 draws.
    expectWithin(tally('keno', 400, 80, 1), 55, 145);
    expectWithin(tally('pick11x5', 1100, 11, 1, 1), 55, 145);
  });

  it('spread Vietnamese endings evenly over 00..99', () => {
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 200; i++) {
      const result = drawFairResult('vn_north', 'uniform', String(i));
      if (result.kind !== 'prizes') throw new Error('prizes expected');
      for (const n of result.prizes.flatMap((p) => p.numbers)) counts[Number(n.slice(-2))]!++;
    }
    // 5400 endings, 54 expected each.
    expectWithin(counts, 25, 90);
  });
});

describe('the stand-alone verifier scripts/verify-lottery.mjs', () => {
  it('prints the same result as the shared code for every family and several seeds', async () => {
    const cases = LOTTERY_FAMILIES.flatMap((family) =>
      [0, 1, 2].map((i) => ({
        family,
        seed: crypto.randomBytes(32).toString('hex'),
        draw: `${family}-2026-11-24-${i}`,
      })),
    );
    cases.push({ family: 'keno', seed: 'short seed with spaces', draw: 'k:1' });
    const outputs = await Promise.all(
      cases.map((c) =>
        verify(['--family', c.family, '--seed', c.seed, '--hash', hashServerSeed(c.seed), '--draw', c.draw, '--json']),
      ),
    );
    outputs.forEach((o, i) => {
      const c = cases[i]!;
      expect(o.code, o.out).toBe(0);
      const printed = JSON.parse(o.out) as { hashMatches: boolean; result: unknown };
      expect(printed.hashMatches).toBe(true);
      expect(printed.result, `${c.family} ${c.seed}`).toEqual(drawFairResult(c.family, c.seed, c.draw));
    });
  });

  it('fails on a commitment that is not the seed’s and refuses bad input', async () => {
    const seed = crypto.randomBytes(32).toString('hex');
    const wrong = await verify([
      '--family',
      'vn_south',
      '--seed',
      seed,
      '--hash',
      hashServerSeed(`${seed}x`),
      '--draw',
      'd',
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('DOES NOT MATCH');
    const good = await verify(['--family', 'vn_south', '--seed', seed, '--hash', hashServerSeed(seed), '--draw', 'd']);
    expect(good.code).toBe(0);
    expect(good.out).toContain('(matches)');
    expect(good.out).toContain('special');
    expect(
      (await verify(['--family', 'lotto', '--seed', seed, '--hash', hashServerSeed(seed), '--draw', 'd'])).code,
    ).toBe(2);
    expect((await verify(['--family', 'keno', '--seed', seed, '--draw', 'd'])).code).toBe(2);
  });
});
