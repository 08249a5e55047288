import type { Kysely } from 'kysely';
import type { CrashBust, CrashMonitor, CrashState } from '@wps/shared/schemas/inhouse-crash';
import type { Database } from '../../../db/schema';
import { listRoundBets, listRoundResults } from './crash-bets.repository';
import { findActiveChain, findOpenRound, listRecentBusts, type CrashRoundRow } from './crash.repository';

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

export async function readCrashState(db: Kysely<Database>): Promise<CrashState> {
  const [{ round: open, now }, recentRounds, chain] = await Promise.all([
    findOpenRound(db),
    listRecentBusts(db, RECENT),
    findActiveChain(db),
  ]);
  const round = open ?? recentRounds[0];
  const bets = round ? await listRoundBets(db, round.id) : [];
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
