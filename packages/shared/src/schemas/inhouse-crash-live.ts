import type { CrashPublicBet, CrashState } from './inhouse-crash';

// Crash's live stream (GET /wps/inhouse/crash/live) sends a page the whole state once, on connect
// (`state`, with the stream's sequence number), then only what changed: each `tick` carries the
// server's clock and the multiplier at that moment while the round flies, and the round's terms,
// the bets added or changed, the recent busts and the chain's commitment only when they changed
// since the event before. A page applies the ticks in order to the state it was sent and holds the
// same state the server reads (a test holds the two together).

/** The round without its bets: sent whole in a tick when any of it changed. */
export type CrashRoundHeader = Omit<NonNullable<CrashState['round']>, 'bets'>;

/** The `state` event: the whole state and the sequence number of the last tick it includes. */
export type CrashLiveSnapshot = CrashState & { seq: number };

/** The `tick` event. */
export type CrashTick = {
  /**
   * One more than the last tick with changes on this stream's server; a bare tick (no changes)
   * keeps the last one's number, and a page may miss bare ticks.
   */
  seq: number;
  /** The server's clock when the tick was written (ms since 1970): a page's delay is its own clock less this. */
  at: number;
  /** The multiplier at `at` in hundredths while the round flies, else null. */
  m: number | null;
  /** The round's terms when they changed (null: no round). A new round number starts with no bets. */
  round?: CrashRoundHeader | null;
  /** Bets added or changed since the event before, by key. */
  bets?: CrashPublicBet[];
  recent?: CrashState['recent'];
  chain?: CrashState['chain'];
};

/** Bets in the order the server lists them: by key, a growing integer. */
function byKey(a: CrashPublicBet, b: CrashPublicBet): number {
  return a.key.length - b.key.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The state after a tick. */
export function applyCrashTick(state: CrashState, tick: CrashTick): CrashState {
  let round = state.round;
  if (tick.round !== undefined) {
    round =
      tick.round === null
        ? null
        : { ...tick.round, bets: tick.round.roundNumber === state.round?.roundNumber ? state.round.bets : [] };
  }
  if (tick.bets && tick.bets.length > 0 && round) {
    const bets = new Map(round.bets.map((b) => [b.key, b]));
    for (const b of tick.bets) bets.set(b.key, b);
    round = { ...round, bets: [...bets.values()].sort(byKey) };
  }
  return {
    serverTime: new Date(tick.at).toISOString(),
    chain: tick.chain !== undefined ? tick.chain : state.chain,
    round,
    recent: tick.recent ?? state.recent,
  };
}

/** What changed from `before` to `after`, as a tick's optional parts (nothing: an empty object). */
export function diffCrashState(
  before: CrashState | undefined,
  after: CrashState,
): Pick<CrashTick, 'round' | 'bets' | 'recent' | 'chain'> {
  const out: Pick<CrashTick, 'round' | 'bets' | 'recent' | 'chain'> = {};
  const header = (s: CrashState | undefined): CrashRoundHeader | null => {
    if (!s?.round) return null;
    const { bets: _bets, ...rest } = s.round;
    return rest;
  };
  const was = header(before);
  const now = header(after);
  if (JSON.stringify(was) !== JSON.stringify(now) || before === undefined) out.round = now;
  if (after.round) {
    const sameRound = before?.round?.roundNumber === after.round.roundNumber;
    const old = new Map(sameRound ? before!.round!.bets.map((b) => [b.key, JSON.stringify(b)]) : []);
    const changed = after.round.bets.filter((b) => old.get(b.key) !== JSON.stringify(b));
    if (changed.length > 0) out.bets = changed;
  }
  if (JSON.stringify(before?.recent) !== JSON.stringify(after.recent)) out.recent = after.recent;
  if (JSON.stringify(before?.chain) !== JSON.stringify(after.chain)) out.chain = after.chain;
  return out;
}
