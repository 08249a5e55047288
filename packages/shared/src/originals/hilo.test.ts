import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HILO_CARDS,
  HILO_MAX_MULTIPLIER_BP,
  HILO_MAX_SKIPS,
  HILO_RANKS,
  canCashOutHilo,
  findPickProblem,
  hiloCard,
  hiloCardsFromStream,
  hiloMultiplierBp,
  hiloOdds,
  hiloRank,
  hiloWinRanks,
  isHiloWin,
  pickHilo,
  startHilo,
  type HiloOutcome,
  type HiloPick,
} from './hilo';
import { ORIGINALS_RTP_BAND, roundByteStream } from './originals-common';

const RTPS = [ORIGINALS_RTP_BAND.minBps, 9800, ORIGINALS_RTP_BAND.maxBps];
const RANKS = Array.from({ length: HILO_RANKS }, (_, i) => i + 1);

/** Strategies: the call on a rank. The likelier side (ties: higher), or always higher. */
const STRATEGIES: Record<string, (rank: number) => 'higher' | 'lower'> = {
  likelier: (r) => (hiloWinRanks(r, 'higher') >= hiloWinRanks(r, 'lower') ? 'higher' : 'lower'),
  alwaysHigher: () => 'higher',
};

/**
 * The exact return of playing `calls` calls by `strategy` then cashing out, as a fraction: every
 * sequence of calls + 1 ranks (each 1/13) is walked, the payout read from the rules' multiplier of
 * its winning-rank counts, a lost call paying nothing.
 */
function exactReturn(strategy: (rank: number) => 'higher' | 'lower', calls: number, rtp: number): number {
  let paid = 0n;
  const walk = (rank: number, depth: number, counts: number[]) => {
    if (depth === calls) {
      paid += BigInt(hiloMultiplierBp(counts, rtp));
      return;
    }
    const pick = strategy(rank);
    for (const next of RANKS)
      if (isHiloWin(rank, next, pick)) walk(next, depth + 1, [...counts, hiloWinRanks(rank, pick)]);
  };
  for (const first of RANKS) walk(first, 0, []);
  const den = BigInt(HILO_RANKS) ** BigInt(calls + 1) * 10_000n;
  return Number((paid * 10n ** 12n) / den) / 1e12;
}

describe('hi-lo', () => {
  it('counts the winning ranks of each call, with "same" at the ace and the king', () => {
    for (const from of RANKS)
      for (const pick of ['higher', 'lower', 'skip'] as HiloPick[])
        expect(RANKS.filter((to) => isHiloWin(from, to, pick)).length).toBe(hiloWinRanks(from, pick));
    expect([hiloWinRanks(1, 'higher'), hiloWinRanks(1, 'lower')]).toEqual([12, 1]);
    expect([hiloWinRanks(13, 'higher'), hiloWinRanks(13, 'lower')]).toEqual([1, 12]);
    expect([hiloWinRanks(7, 'higher'), hiloWinRanks(7, 'lower')]).toEqual([7, 7]);
    expect([hiloRank(0), hiloRank(3), hiloRank(4), hiloRank(51)]).toEqual([1, 1, 2, 13]);
  });

  it('returns each RTP setting, less at most 0.01 pp, for two strategies cashing out after 1 to 3 calls', () => {
    for (const strategy of Object.values(STRATEGIES))
      for (const calls of [1, 2, 3])
        for (const rtp of RTPS) {
          const value = exactReturn(strategy, calls, rtp);
          expect(value).toBeLessThanOrEqual(rtp / 10_000);
          expect(value).toBeGreaterThanOrEqual(rtp / 10_000 - 0.0001);
        }
  });

  it('draws cards with replacement from the byte stream, the same for the same seeds', () => {
    const cards = hiloCardsFromStream(roundByteStream('server', 'client', 4), 60);
    expect(cards).toEqual(hiloCardsFromStream(roundByteStream('server', 'client', 4), 60));
    expect(cards.every((c) => c >= 0 && c < HILO_CARDS)).toBe(true);
    expect(hiloCard('server', 'client', 4, 17)).toBe(cards[17]);
    // 208 is the limit for 52: 210 is skipped, then 60 → 60 % 52 = 8.
    const bytes = [210, 60];
    let i = 0;
    expect(hiloCardsFromStream(() => bytes[i++]!, 1)).toEqual([8]);
  });

  it('plays a round: the odds before each call, a skip, a cash-out only after a correct call, a wrong call busts', () => {
    const o: HiloOutcome = { cards: [24], picks: [], state: 'open', multiplierBp: 9900 }; // a 7
    expect(canCashOutHilo(o)).toBe(false);
    expect(hiloOdds(o, 'higher', 9900)).toEqual({ winRanks: 7, multiplierBp: hiloMultiplierBp([7], 9900) });
    const skipped = pickHilo(o, 'skip', 0, 9900); // an ace
    expect(skipped).toMatchObject({ cards: [24, 0], picks: ['skip'], state: 'open', multiplierBp: 9900 });
    expect(canCashOutHilo(skipped)).toBe(false);
    const won = pickHilo(skipped, 'higher', 48, 9900); // a king: higher than the ace
    expect(won).toMatchObject({ state: 'open', multiplierBp: hiloMultiplierBp([12], 9900) });
    expect(canCashOutHilo(won)).toBe(true);
    expect(pickHilo(won, 'higher', 0, 9900)).toMatchObject({ state: 'busted', multiplierBp: 0 });
    expect(findPickProblem({ ...won, state: 'busted' }, 'higher', 9900)).toBe('notOpen');
    const skips: HiloOutcome = { ...o, picks: new Array<HiloPick>(HILO_MAX_SKIPS).fill('skip') };
    expect(findPickProblem(skips, 'skip', 9900)).toBe('tooManySkips');
    // Past 10,000× a call is refused: the player cashes out.
    const high: HiloOutcome = {
      cards: [0, 0, 0, 0],
      picks: ['lower', 'lower', 'lower'],
      state: 'open',
      multiplierBp: 0,
    };
    expect(hiloMultiplierBp([1, 1, 1], 9900)).toBeLessThan(HILO_MAX_MULTIPLIER_BP);
    expect(hiloOdds(high, 'lower', 9900).multiplierBp).toBeGreaterThan(HILO_MAX_MULTIPLIER_BP);
    expect(findPickProblem(high, 'lower', 9900)).toBe('capReached');
    expect(findPickProblem(high, 'higher', 9900)).toBeNull();
    expect(startHilo('server', 'client', 4, 9700)).toEqual({
      cards: [cards0()],
      picks: [],
      state: 'open',
      multiplierBp: 9700,
    });
  });

  it('deals every rank equally often and holds the RTP over 25,000 sampled rounds', () => {
    const serverSeed = crypto.randomBytes(32).toString('hex');
    const seen = new Array<number>(HILO_RANKS + 1).fill(0);
    const rounds = 25_000;
    let paid = 0;
    // The likelier side, cashing out after two calls.
    for (let nonce = 0; nonce < rounds; nonce++) {
      const [a, b, c] = hiloCardsFromStream(roundByteStream(serverSeed, 'sample', nonce), 3).map(hiloRank);
      for (const r of [a!, b!, c!]) seen[r]!++;
      const p1 = STRATEGIES.likelier!(a!);
      const p2 = STRATEGIES.likelier!(b!);
      if (isHiloWin(a!, b!, p1) && isHiloWin(b!, c!, p2))
        paid += hiloMultiplierBp([hiloWinRanks(a!, p1), hiloWinRanks(b!, p2)], 9800);
    }
    // Each rank is dealt 5,769 times on average (s.d. about 73).
    for (const r of RANKS) expect(Math.abs(seen[r]! - (rounds * 3) / 13)).toBeLessThan(400);
    // One standard error is about 0.57 pp here; 5 of them.
    expect(Math.abs(paid / 10_000 / rounds - exactReturn(STRATEGIES.likelier!, 2, 9800))).toBeLessThan(0.0285);
  });
});

function cards0(): number {
  return hiloCard('server', 'client', 4, 0);
}
