import type { Kysely } from 'kysely';
import type { CrashBust, CrashMonitor, CrashState } from '@wps/shared/schemas/inhouse-crash';
import type { Database } from '../../../db/schema';
import { listRoundBets, listRoundBetsSince, listRoundResults } from './crash-bets.repository';
import {
  findActiveChain,
  findOpenRound,
  listRecentBusts,
  type ChainRow,
  type CrashBetRow,
  type CrashRoundRow,
} from './crash.repository';

// What every page shows: the round (open, or the last one busted), its live bets, the recent crash
// points with the hashes that prove them, and the chain's commitment. Public: a round's hash and
// crash point appear only once it has busted, and bets carry a display name, never a player id.

const RECENT = 20;

function bust(r: CrashRoundRow): CrashBust {
  return {
    roundNumber: r.roundNumber,
    crashHundredths: r.crashHundredths,
    hash: r.hash,
    rtpBps: r.rtpBps,
    bustedAt: r.bustedAt!.toISOString(),
  };
}

/** The state as pages see it, from the round shown and its bets in id order. */
function stateOf(
  now: Date,
  round: CrashRoundRow | undefined,
  bets: readonly CrashBetRow[],
  recentRounds: CrashRoundRow[],
  chain: ChainRow | undefined,
): CrashState {
  const shown = bets.filter((b) => b.status === 'flying' || b.status === 'cashed' || b.status === 'lost');
  const isBusted = round?.phase === 'busted';
  return {
    serverTime: now.toISOString(),
    chain: chain ? { terminalHash: chain.terminalHash, salt: chain.salt, length: chain.length } : null,
    round: round
      ? {
          roundNumber: round.roundNumber,
          phase: round.phase,
          rtpBps: round.rtpBps,
          bettingEndsAt: round.bettingEndsAt.toISOString(),
          startedAt: round.startedAt?.toISOString() ?? null,
          growthPerMs: round.growthPerMs,
          crashHundredths: isBusted ? round.crashHundredths : null,
          hash: isBusted ? round.hash : null,
          bets: shown.map((b) => ({
            key: b.id,
            nickname: b.nickname,
            stakeMinor: b.stake.toString(),
            status: b.status as 'flying' | 'cashed' | 'lost',
            cashoutHundredths: b.cashoutHundredths,
            payoutMinor: b.payout.toString(),
          })),
          totalStakeMinor: shown.reduce((sum, b) => sum + b.stake, 0n).toString(),
        }
      : null,
    recent: recentRounds.map(bust),
  };
}

/** The whole state, read afresh (the state route, the back office's monitor). */
export async function readCrashState(db: Kysely<Database>): Promise<CrashState> {
  const [{ round: open, now }, recentRounds, chain] = await Promise.all([
    findOpenRound(db),
    listRecentBusts(db, RECENT),
    findActiveChain(db),
  ]);
  const round = open ?? recentRounds[0];
  return stateOf(now, round, round ? await listRoundBets(db, round.id) : [], recentRounds, chain);
}

/**
 * The live stream's reader (crash-live.ts reads every 200 ms while a round is open): the same
 * state as readCrashState, but while the same round stays open only the bets written since the
 * last read are read (listRoundBetsSince: by the writing transaction, against the last read's
 * snapshot, so a bet committed late is never missed), and the recent busts and the chain only
 * when the open round or its phase changed (a bust, a new round, a new chain all change it). The
 * bets are kept by id and shown in id order, as a full read shows them, so every instance's
 * stream carries the same state whenever it read.
 */
export function createCrashStateReader(db: Kysely<Database>): () => Promise<CrashState> {
  let roundKey: string | undefined;
  let recentRounds: CrashRoundRow[] = [];
  let chain: ChainRow | undefined;
  /** The open round whose bets are kept, and the snapshot horizon of their last read. */
  let betsRound: string | undefined;
  let horizon: bigint | undefined;
  const bets = new Map<string, CrashBetRow>();
  let ordered: CrashBetRow[] = [];

  return async () => {
    const { round: open, now } = await findOpenRound(db);
    const key = open ? `${open.id}:${open.phase}` : undefined;
    if (!open || key !== roundKey) {
      [recentRounds, chain] = await Promise.all([listRecentBusts(db, RECENT), findActiveChain(db)]);
      roundKey = key;
    }
    const round = open ?? recentRounds[0];
    if (!round) return stateOf(now, undefined, [], recentRounds, chain);
    // A busted round shown between rounds is read whole, as is a round's first read.
    if (!open || betsRound !== round.id) {
      bets.clear();
      horizon = undefined;
    }
    const read = await listRoundBetsSince(db, round.id, horizon);
    betsRound = open ? round.id : undefined;
    horizon = open ? read.horizon : undefined;
    for (const b of read.bets) bets.set(b.id, b);
    if (read.bets.length > 0 || ordered.length !== bets.size)
      ordered = [...bets.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    return stateOf(now, round, ordered, recentRounds, chain);
  };
}

/** The back office's monitor: the open round's players and stake at risk, and the house's result per recent round. */
export async function readCrashMonitor(db: Kysely<Database>): Promise<CrashMonitor> {
  const [state, results] = await Promise.all([readCrashState(db), listRoundResults(db, 50)]);
  return {
    round: state.round
      ? {
          roundNumber: state.round.roundNumber,
          phase: state.round.phase,
          players: state.round.bets.length,
          atRiskMinor: state.round.bets
            .filter((b) => b.status === 'flying')
            .reduce((sum, b) => sum + BigInt(b.stakeMinor), 0n)
            .toString(),
        }
      : null,
    rounds: results.map((r) => ({
      roundNumber: r.roundNumber,
      crashHundredths: r.crashHundredths,
      players: r.players,
      stakeMinor: r.stakeMinor.toString(),
      payoutMinor: r.payoutMinor.toString(),
      houseResultMinor: (r.stakeMinor - r.payoutMinor).toString(),
    })),
  };
}
