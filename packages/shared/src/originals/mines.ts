// Mines: a 5×5 grid hides 1–24 mines. The player stakes, reveals tiles one by one and cashes out
// whenever at least one tile is safe; a mine ends the round with no win. The mines are placed by
// the seeds before the first tile, so every reveal only reads a position already fixed. The house
// edge sits in the multiplier, so every cash-out step returns the round's RTP.

import { MULTIPLIER_ONE, choose, roundByteStream, uniformBelow } from './originals-common';

export const MINES_TILES = 25;
export const MINES_COUNT = { min: 1, max: 24 } as const;

export type MinesParams = { mines: number };

/** Where a round stands: open (tiles may still be revealed), busted (a mine) or cashed out. */
export type MinesState = 'open' | 'busted' | 'cashedOut';

/**
 * A mines round as stored: the mine positions (0…24, row by row, ascending) are fixed at the start;
 * `revealed` lists the tiles in the order the player revealed them, the last one a mine when busted.
 */
export type MinesOutcome = {
  mines: number;
  minePositions: number[];
  revealed: number[];
  state: MinesState;
  /** The payout multiplier in 1/10,000ths: the current step's while open, 0 when busted. */
  multiplierBp: number;
};

/**
 * The mines in the order the byte stream places them: a partial Fisher–Yates shuffle of the tiles
 * 0…24. Step i (0 … mines−1) takes an unbiased index below 25 − i (uniformBelow) and swaps that
 * tile into place i; the first `mines` tiles of the shuffle are the mines. (So a round's first m
 * mines are the same whatever the count beyond m: the RTP bench reads every count from one shuffle.)
 */
export function mineOrderFromStream(nextByte: () => number, mines: number): number[] {
  const pool = Array.from({ length: MINES_TILES }, (_, i) => i);
  for (let i = 0; i < mines; i++) {
    const j = i + uniformBelow(nextByte, MINES_TILES - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, mines);
}

/** The mine positions from the byte stream (mineOrderFromStream), ascending. */
export function minePositionsFromStream(nextByte: () => number, mines: number): number[] {
  return mineOrderFromStream(nextByte, mines).sort((a, b) => a - b);
}

/** The mine positions of a round. */
export function minePositions(serverSeed: string, clientSeed: string, nonce: number, mines: number): number[] {
  return minePositionsFromStream(roundByteStream(serverSeed, clientSeed, nonce), mines);
}

/**
 * The multiplier (1/10,000ths) after `safe` safe reveals with `mines` mines: RTP × C(25, k) /
 * C(25 − m, k), rounded down. C(25 − m, k) / C(25, k) is the chance that k tiles are all safe, so
 * cashing out at any fixed step returns the RTP less the rounding (under 1/10,000th of the stake).
 * At k = 0 it is the RTP itself (the value a round left open is closed at; the player cannot cash
 * out before a safe tile).
 */
export function minesMultiplierBp(mines: number, safe: number, rtpBps: number): number {
  return Number((BigInt(rtpBps) * choose(MINES_TILES, safe)) / choose(MINES_TILES - mines, safe));
}

/**
 * The most a round may multiply its stake (10,000×, as hi-lo). Without it, the payout limit held on
 * the last step would make many mines unplayable: 12 mines to the last tile pay 5,148,297×, which
 * held the stake to 19 minor units under the default limit. With it, a round cashes out on its own
 * at the last step within the cap, and the stake is held only by cap × stake ≤ the payout limit.
 */
export const MINES_MAX_MULTIPLIER_BP = 10_000 * MULTIPLIER_ONE;

/** The last step (safe tiles) a round may reach: every safe tile, or the last one within the cap. */
export function minesLastStep(mines: number, rtpBps: number): number {
  let safe = MINES_TILES - mines;
  while (safe > 1 && minesMultiplierBp(mines, safe, rtpBps) > MINES_MAX_MULTIPLIER_BP) safe--;
  return safe;
}

/** The largest multiplier of a round, at its last step (minesLastStep), for the payout limit. */
export function minesMaxMultiplierBp(params: MinesParams, rtpBps: number): number {
  return minesMultiplierBp(params.mines, minesLastStep(params.mines, rtpBps), rtpBps);
}

/** The exact RTP of cashing out after `safe` reveals: P(all safe) × multiplier, as a fraction and a number. */
export function minesExactRtp(
  mines: number,
  safe: number,
  rtpBps: number,
): { numerator: bigint; denominator: bigint; value: number } {
  const numerator = choose(MINES_TILES - mines, safe) * BigInt(minesMultiplierBp(mines, safe, rtpBps));
  const denominator = choose(MINES_TILES, safe) * BigInt(MULTIPLIER_ONE);
  return { numerator, denominator, value: Number((numerator * 10n ** 12n) / denominator) / 1e12 };
}

/** Whether a mine count is allowed. */
export function isValidMinesCount(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MINES_COUNT.min && mines <= MINES_COUNT.max;
}

/** A new round's state: the mines placed, nothing revealed, the multiplier at step 0. */
export function startMines(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: MinesParams,
  rtpBps: number,
): MinesOutcome {
  return {
    mines: params.mines,
    minePositions: minePositions(serverSeed, clientSeed, nonce, params.mines),
    revealed: [],
    state: 'open',
    multiplierBp: minesMultiplierBp(params.mines, 0, rtpBps),
  };
}

/** Why a reveal cannot be made, or null when it can. */
export function findRevealProblem(o: MinesOutcome, tile: number): 'notOpen' | 'badTile' | 'alreadyRevealed' | null {
  if (o.state !== 'open') return 'notOpen';
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES) return 'badTile';
  if (o.revealed.includes(tile)) return 'alreadyRevealed';
  return null;
}

/**
 * Reveal a tile (findRevealProblem must be null): a mine busts the round (multiplier 0); the last
 * step (the last safe tile, or the last within the cap, minesLastStep) cashes out on its own, since
 * nothing more may be risked.
 */
export function revealTile(o: MinesOutcome, tile: number, rtpBps: number): MinesOutcome {
  const revealed = [...o.revealed, tile];
  if (o.minePositions.includes(tile)) return { ...o, revealed, state: 'busted', multiplierBp: 0 };
  const multiplierBp = minesMultiplierBp(o.mines, revealed.length, rtpBps);
  const state: MinesState = revealed.length >= minesLastStep(o.mines, rtpBps) ? 'cashedOut' : 'open';
  return { ...o, revealed, state, multiplierBp };
}

/** Whether the player may cash out now: open with at least one safe tile. */
export function canCashOutMines(o: MinesOutcome): boolean {
  return o.state === 'open' && o.revealed.length > 0;
}

/** Close an open round at its current multiplier (a cash-out, or a round left open that expires). */
export function cashOutMines(o: MinesOutcome): MinesOutcome {
  return { ...o, state: 'cashedOut' };
}

/**
 * What the player may see: while the round is open, everything but the mines; once it is over,
 * the mines too (the server seed that placed them stays hidden until the seed is rotated).
 */
export function publicMines(o: MinesOutcome): Record<string, unknown> {
  if (o.state === 'open') return { mines: o.mines, revealed: o.revealed, state: o.state, multiplierBp: o.multiplierBp };
  return o;
}

/** A tile not yet revealed, chosen by `random` in [0, 1): the page's "reveal a random tile". */
export function pickRandomTile(revealed: readonly number[], random: number): number {
  const free = Array.from({ length: MINES_TILES }, (_, i) => i).filter((t) => !revealed.includes(t));
  return free[Math.min(free.length - 1, Math.floor(random * free.length))]!;
}

/**
 * A settled round replayed from its seeds and the tiles revealed in order (how a player checks
 * it): the same mines, the same steps, and a round not busted ends cashed out at its last step.
 */
export function replayMines(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: MinesParams,
  revealed: readonly number[],
  rtpBps: number,
): MinesOutcome {
  let o = startMines(serverSeed, clientSeed, nonce, params, rtpBps);
  for (const tile of revealed) if (o.state === 'open') o = revealTile(o, tile, rtpBps);
  return o.state === 'open' ? cashOutMines(o) : o;
}
