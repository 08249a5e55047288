import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MINES_COUNT,
  MINES_TILES,
  canCashOutMines,
  cashOutMines,
  findRevealProblem,
  minePositions,
  minePositionsFromStream,
  minesExactRtp,
  minesMaxMultiplierBp,
  minesLastStep,
  MINES_MAX_MULTIPLIER_BP,
  minesMultiplierBp,
  publicMines,
  revealTile,
  startMines,
} from './mines';
import { ORIGINALS_RTP_BAND, roundByteStream } from './originals-common';

const RTPS = [ORIGINALS_RTP_BAND.minBps, 9800, ORIGINALS_RTP_BAND.maxBps];

/**
 * The chance that `k` tiles revealed one by one are all safe with `m` mines, as a fraction, taken
 * tile by tile (the i-th reveal is safe with (25 − m − i) / (25 − i)), not by the binomial formula.
 */
function allSafe(m: number, k: number): [bigint, bigint] {
  let num = 1n;
  let den = 1n;
  for (let i = 0; i < k; i++) {
    num *= BigInt(MINES_TILES - m - i);
    den *= BigInt(MINES_TILES - i);
  }
  return [num, den];
}

describe('mines', () => {
  it('returns each RTP setting, less at most 0.01 pp, for every mine count and cash-out step', () => {
    for (let m = MINES_COUNT.min; m <= MINES_COUNT.max; m++)
      for (let k = 1; k <= MINES_TILES - m; k++)
        for (const rtp of RTPS) {
          const [num, den] = allSafe(m, k);
          const paid = num * BigInt(minesMultiplierBp(m, k, rtp));
          const exact = Number((paid * 10n ** 12n) / (den * 10_000n)) / 1e12;
          expect(minesExactRtp(m, k, rtp).value).toBeCloseTo(exact, 10);
          expect(exact).toBeLessThanOrEqual(rtp / 10_000);
          expect(exact).toBeGreaterThanOrEqual(rtp / 10_000 - 0.0001);
        }
  });

  it('pays more for each safe tile, most for all of them (the stake limit’s multiplier)', () => {
    for (let m = MINES_COUNT.min; m <= MINES_COUNT.max; m++) {
      for (let k = 1; k <= MINES_TILES - m; k++)
        expect(minesMultiplierBp(m, k, 9900)).toBeGreaterThan(minesMultiplierBp(m, k - 1, 9900));
      // The stake limit's multiplier is the last step's: every safe tile, or the last within the cap.
      const last = minesLastStep(m, 9900);
      expect(minesMaxMultiplierBp({ mines: m }, 9900)).toBe(minesMultiplierBp(m, last, 9900));
      expect(minesMaxMultiplierBp({ mines: m }, 9900)).toBeLessThanOrEqual(MINES_MAX_MULTIPLIER_BP);
      if (last < MINES_TILES - m) expect(minesMultiplierBp(m, last + 1, 9900)).toBeGreaterThan(MINES_MAX_MULTIPLIER_BP);
    }
    // Few mines reach the last safe tile within the cap; 12 would pay 5,148,297× there, so they stop earlier.
    expect(minesLastStep(3, 9900)).toBe(22);
    expect(minesLastStep(12, 9900)).toBeLessThan(13);
    // 1 mine, 1 tile: 0.99 × 25/24 = 1.03125×; 24 mines, the one safe tile: 0.99 × 25 = 24.75×.
    expect(minesMultiplierBp(1, 1, 9900)).toBe(10_312);
    expect(minesMaxMultiplierBp({ mines: 24 }, 9900)).toBe(247_500);
  });

  it('places the mines by a partial shuffle of the byte stream, the same for the same seeds', () => {
    const placed = minePositions('server', 'client', 3, 5);
    expect(placed).toEqual(minePositions('server', 'client', 3, 5));
    expect(new Set(placed).size).toBe(5);
    expect(placed).toEqual([...placed].sort((a, b) => a - b));
    expect(placed.every((p) => p >= 0 && p < MINES_TILES)).toBe(true);
    // 255 is skipped (at or above 250, the limit for 25); each 7 then picks index 7 of what is left.
    const bytes = [255, 7, 7, 7];
    let i = 0;
    const pool = Array.from({ length: MINES_TILES }, (_, k) => k);
    for (let d = 0; d < 3; d++) {
      const j = d + (7 % (MINES_TILES - d));
      [pool[d], pool[j]] = [pool[j]!, pool[d]!];
    }
    expect(minePositionsFromStream(() => bytes[i++]!, 3)).toEqual(pool.slice(0, 3).sort((a, b) => a - b));
  });

  it('plays a round: safe tiles raise the multiplier, a mine busts, the last safe tile cashes out; open rounds hide their mines', () => {
    const o = startMines('server', 'client', 1, { mines: 24 }, 9900);
    expect(o).toMatchObject({ state: 'open', revealed: [], multiplierBp: 9900 });
    expect(publicMines(o)).not.toHaveProperty('minePositions');
    expect(canCashOutMines(o)).toBe(false);
    const safe = Array.from({ length: MINES_TILES }, (_, k) => k).find((k) => !o.minePositions.includes(k))!;
    const boom = o.minePositions[0]!;
    expect(revealTile(o, boom, 9900)).toMatchObject({ state: 'busted', multiplierBp: 0, revealed: [boom] });
    const won = revealTile(o, safe, 9900);
    expect(won).toMatchObject({ state: 'cashedOut', multiplierBp: 247_500 });
    expect(publicMines(won)).toHaveProperty('minePositions', o.minePositions);
    expect(findRevealProblem(won, boom)).toBe('notOpen');

    const three = startMines('server', 'client', 2, { mines: 3 }, 9700);
    const free = Array.from({ length: MINES_TILES }, (_, k) => k).filter((k) => !three.minePositions.includes(k));
    const one = revealTile(three, free[0]!, 9700);
    expect(one).toMatchObject({ state: 'open', multiplierBp: minesMultiplierBp(3, 1, 9700) });
    expect(findRevealProblem(one, free[0]!)).toBe('alreadyRevealed');
    expect(findRevealProblem(one, 25)).toBe('badTile');
    expect(findRevealProblem(one, free[1]!)).toBeNull();
    expect(canCashOutMines(one)).toBe(true);
    expect(cashOutMines(one)).toMatchObject({ state: 'cashedOut', multiplierBp: one.multiplierBp });
  });

  it('cashes out on its own at the last step within the cap, with safe tiles still hidden', () => {
    const twelve = startMines('server', 'client', 4, { mines: 12 }, 9900);
    const free = Array.from({ length: MINES_TILES }, (_, k) => k).filter((k) => !twelve.minePositions.includes(k));
    const last = minesLastStep(12, 9900);
    let o = twelve;
    for (const tile of free.slice(0, last - 1)) o = revealTile(o, tile, 9900);
    expect(o.state).toBe('open');
    o = revealTile(o, free[last - 1]!, 9900);
    expect(o).toMatchObject({ state: 'cashedOut', multiplierBp: minesMaxMultiplierBp({ mines: 12 }, 9900) });
    expect(o.revealed.length).toBeLessThan(free.length);
  });

  it('mines every tile equally often and holds the RTP over 25,000 sampled rounds', () => {
    const serverSeed = crypto.randomBytes(32).toString('hex');
    const seen = new Array<number>(MINES_TILES).fill(0);
    const rounds = 25_000;
    // 3 mines, cash out after the tiles 0…3 (any fixed tiles are alike: the mines are uniform).
    const mult = minesMultiplierBp(3, 4, 9800);
    let paid = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const mines = minePositionsFromStream(roundByteStream(serverSeed, 'sample', nonce), 3);
      for (const m of mines) seen[m]!++;
      if (mines.every((m) => m > 3)) paid += mult;
    }
    // Each tile holds a mine 3,000 times on average (s.d. about 52).
    for (const n of seen) expect(Math.abs(n - 3_000)).toBeLessThan(300);
    // One standard error is about 0.53 pp here; 5 of them.
    expect(Math.abs(paid / 10_000 / rounds - minesExactRtp(3, 4, 9800).value)).toBeLessThan(0.0265);
  });
});
