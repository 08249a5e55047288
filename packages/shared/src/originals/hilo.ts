// Hi-Lo: cards are drawn from the seeds; the first is shown and the player calls the next one
// higher-or-same or lower-or-same, may skip a card, and cashes out after at least one correct call.
// A wrong call ends the round with no win. Cards are drawn with replacement (each of the 52 equally
// likely every time), so a call's chance depends only on the card shown, never on what came before.

import { MULTIPLIER_ONE, roundByteStream, uniformBelow } from './originals-common';

export const HILO_CARDS = 52;
export const HILO_RANKS = 13;
export const HILO_PICKS = ['higher', 'lower', 'skip'] as const;
export type HiloPick = (typeof HILO_PICKS)[number];
/** The largest multiplier a round may reach (10,000×): a call that would pass it is refused. */
export const HILO_MAX_MULTIPLIER_BP = 10_000 * MULTIPLIER_ONE;
/** Skips per round: enough to wait for a card to one's taste, not an endless stream. */
export const HILO_MAX_SKIPS = 52;

export type HiloState = 'open' | 'busted' | 'cashedOut';

/**
 * A hi-lo round as stored and shown: `cards` are the cards drawn so far (0…51; the first was
 * shown at the start), `picks[i]` the call made on cards[i] and answered by cards[i + 1].
 */
export type HiloOutcome = {
  cards: number[];
  picks: HiloPick[];
  state: HiloState;
  /** The payout multiplier in 1/10,000ths: the current one while open, 0 when busted. */
  multiplierBp: number;
};

/** A card's rank: 1 (ace, lowest) … 13 (king, highest); the suit (card % 4) never matters. */
export function hiloRank(card: number): number {
  return Math.floor(card / 4) + 1;
}

/**
 * How many of the 13 ranks win a call on a card of rank `rank`. Higher means higher-or-same and
 * lower means lower-or-same, except at the edges, where "or same" would always win: on an ace,
 * higher is strictly higher (12 ranks) and lower is "same" (an ace again, 1 rank); on a king, lower
 * is strictly lower (12) and higher is "same" (1). A skip always "wins" and changes nothing.
 */
export function hiloWinRanks(rank: number, pick: HiloPick): number {
  if (pick === 'skip') return HILO_RANKS;
  if (pick === 'higher') return rank === 1 ? 12 : rank === HILO_RANKS ? 1 : HILO_RANKS + 1 - rank;
  return rank === HILO_RANKS ? 12 : rank === 1 ? 1 : rank;
}

/** Whether a call on rank `from` wins when rank `to` is drawn (see hiloWinRanks for the edges). */
export function isHiloWin(from: number, to: number, pick: HiloPick): boolean {
  if (pick === 'skip') return true;
  if (pick === 'higher') return from === 1 ? to > 1 : from === HILO_RANKS ? to === HILO_RANKS : to >= from;
  return from === HILO_RANKS ? to < HILO_RANKS : from === 1 ? to === 1 : to <= from;
}

/** The i-th card of the byte stream: each an unbiased index below 52 (uniformBelow). */
export function hiloCardsFromStream(nextByte: () => number, count: number): number[] {
  return Array.from({ length: count }, () => uniformBelow(nextByte, HILO_CARDS));
}

/** The round's card at position `index` (0: the first card shown). */
export function hiloCard(serverSeed: string, clientSeed: string, nonce: number, index: number): number {
  return hiloCardsFromStream(roundByteStream(serverSeed, clientSeed, nonce), index + 1)[index]!;
}

/**
 * The multiplier (1/10,000ths) of calls whose winning rank counts were `counts`: RTP × Π 13/count,
 * rounded down once, at the end. Each correct call multiplies the exact value by 1/p (p = count/13,
 * its chance), so the expected return of any way of playing is the RTP, less that one rounding.
 */
export function hiloMultiplierBp(counts: readonly number[], rtpBps: number): number {
  let num = BigInt(rtpBps);
  let den = 1n;
  for (const c of counts) {
    num *= BigInt(HILO_RANKS);
    den *= BigInt(c);
  }
  return Number(num / den);
}

/** The winning rank counts of a round's correct calls so far (skips leave the multiplier alone). */
function callCounts(o: HiloOutcome): number[] {
  return o.picks.flatMap((p, i) => (p === 'skip' ? [] : [hiloWinRanks(hiloRank(o.cards[i]!), p)]));
}

/** The chance (in 13ths) and the multiplier a call would pay if it wins, shown before the call. */
export function hiloOdds(o: HiloOutcome, pick: Exclude<HiloPick, 'skip'>, rtpBps: number) {
  const winRanks = hiloWinRanks(hiloRank(o.cards[o.cards.length - 1]!), pick);
  return { winRanks, multiplierBp: hiloMultiplierBp([...callCounts(o), winRanks], rtpBps) };
}

/** The first card is shown; no call yet, the multiplier is the RTP itself (the value of closing now). */
export function startHilo(serverSeed: string, clientSeed: string, nonce: number, rtpBps: number): HiloOutcome {
  return { cards: [hiloCard(serverSeed, clientSeed, nonce, 0)], picks: [], state: 'open', multiplierBp: rtpBps };
}

/** Why a call cannot be made, or null when it can. */
export function findPickProblem(
  o: HiloOutcome,
  pick: HiloPick,
  rtpBps: number,
): 'notOpen' | 'tooManySkips' | 'capReached' | null {
  if (o.state !== 'open') return 'notOpen';
  if (pick === 'skip') return o.picks.filter((p) => p === 'skip').length >= HILO_MAX_SKIPS ? 'tooManySkips' : null;
  return hiloOdds(o, pick, rtpBps).multiplierBp > HILO_MAX_MULTIPLIER_BP ? 'capReached' : null;
}

/** Make a call (findPickProblem must be null) against the next card of the stream, `next`. */
export function pickHilo(o: HiloOutcome, pick: HiloPick, next: number, rtpBps: number): HiloOutcome {
  const from = hiloRank(o.cards[o.cards.length - 1]!);
  const cards = [...o.cards, next];
  const picks = [...o.picks, pick];
  if (!isHiloWin(from, hiloRank(next), pick)) return { cards, picks, state: 'busted', multiplierBp: 0 };
  const won = { cards, picks, state: 'open' as const, multiplierBp: o.multiplierBp };
  return { ...won, multiplierBp: hiloMultiplierBp(callCounts(won), rtpBps) };
}

/** Whether the player may cash out now: open with at least one correct call (a skip is no call). */
export function canCashOutHilo(o: HiloOutcome): boolean {
  return o.state === 'open' && o.picks.some((p) => p !== 'skip');
}

/** Close an open round at its current multiplier (a cash-out, or a round left open that expires). */
export function cashOutHilo(o: HiloOutcome): HiloOutcome {
  return { ...o, state: 'cashedOut' };
}

/**
 * The stake limit's multiplier: no round pays more than HILO_MAX_MULTIPLIER_BP (a call beyond it
 * is refused), so stake × it must stay within the maximum payout.
 */
export function hiloMaxMultiplierBp(): number {
  return HILO_MAX_MULTIPLIER_BP;
}

/**
 * A settled round replayed from its seeds and the calls made in order (how a player checks it):
 * the same cards, the same multiplier, and a round not busted ends cashed out.
 */
export function replayHilo(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  picks: readonly HiloPick[],
  rtpBps: number,
): HiloOutcome {
  let o = startHilo(serverSeed, clientSeed, nonce, rtpBps);
  for (const pick of picks)
    if (o.state === 'open') o = pickHilo(o, pick, hiloCard(serverSeed, clientSeed, nonce, o.cards.length), rtpBps);
  return o.state === 'open' ? cashOutHilo(o) : o;
}
