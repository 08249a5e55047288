import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import { hashServerSeed } from '@wps/shared/provably-fair';
import type { FairState, InhouseRoundSummary, RevealedSeed, RotateSeedResult } from '@wps/shared/schemas/inhouse';
import type { Database } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import {
  findPendingRoundsOfMember,
  hasPendingRound,
  listRecentSettledRounds,
  type RoundRow,
} from './inhouse-rounds.repository';
import {
  findActiveSeed,
  findLastRevealedSeed,
  insertActiveSeed,
  revealSeed,
  updateClientSeed,
  type SeedRow,
} from './inhouse-seeds.repository';

type Db = Kysely<Database>;

/** Rounds shown in the fairness panel (and pending rounds settled before a rotation, per call). */
const RECENT_ROUNDS = 10;

function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = crypto.randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

function newClientSeed(): string {
  return crypto.randomBytes(8).toString('hex');
}

/** The player's active seed, created on first use (a concurrent creation is read back). */
export async function activeSeed(t: Db, memberId: string, lock: boolean): Promise<SeedRow> {
  const found = await findActiveSeed(t, memberId, { lock });
  if (found) return found;
  const created = await insertActiveSeed(t, { memberId, ...newServerSeed(), clientSeed: newClientSeed() });
  if (created) return created;
  const again = await findActiveSeed(t, memberId, { lock });
  if (!again) throw new Error('inhouse: active seed vanished');
  return again;
}

export type InhouseFairContext = {
  db: Db;
  log: Logger;
  now: () => Date;
  money: () => Promise<{ currency: string; scale: number }>;
  /** Finish a pending round through the wallet (inhouse.service.ts); throws when it cannot. */
  settle: (round: RoundRow) => Promise<unknown>;
};

/**
 * The provably-fair side of the in-house games: the commitment, the client seed, rotation and the
 * recent rounds. Nothing here shows a round's outcome, or the seed that decides it, before the
 * round is settled: a player who could see it first could keep the wins and walk
 * away from the losses, e.g. by emptying the wallet before an interrupted bet is retried.
 */
export function createInhouseFair(ctx: InhouseFairContext) {
  const { db, log, now, money, settle } = ctx;

  function summary(r: RoundRow, scale: number): InhouseRoundSummary {
    return {
      roundId: r.roundId,
      game: r.game,
      stake: formatMinor(r.stake, scale),
      stakeMinor: r.stake.toString(),
      payout: formatMinor(r.payout, scale),
      payoutMinor: r.payout.toString(),
      status: r.status,
      outcome: r.outcome,
      params: r.params,
      serverSeedHash: r.serverSeedHash,
      serverSeed: r.revealedServerSeed,
      clientSeed: r.clientSeed,
      nonce: r.nonce,
      rtpBps: r.rtpBps,
      createdAt: r.createdAt.toISOString(),
    };
  }

  function revealed(seed: SeedRow): RevealedSeed {
    return {
      serverSeed: seed.serverSeed,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      lastNonce: seed.nextNonce > 0 ? seed.nextNonce - 1 : null,
      revealedAt: (seed.revealedAt ?? now()).toISOString(),
    };
  }

  /** POST /wps/inhouse/fair: the commitment for the next round, the last revealed seed, recent settled rounds. */
  async function fairState(memberId: string): Promise<FairState> {
    const seed = await activeSeed(db, memberId, false);
    const [previous, rounds, { scale }] = await Promise.all([
      findLastRevealedSeed(db, memberId),
      // Settled only: a pending round's outcome stays hidden, a refused one never played.
      listRecentSettledRounds(db, memberId, RECENT_ROUNDS),
      money(),
    ]);
    return {
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nonce: seed.nextNonce,
      previous: previous ? revealed(previous) : null,
      rounds: rounds.map((r) => summary(r, scale)),
    };
  }

  /** Set the client seed for the following rounds (the server seed and nonce carry on). */
  async function setClientSeed(memberId: string, clientSeed: string): Promise<FairState> {
    await db.transaction().execute(async (t) => {
      const seed = await activeSeed(t, memberId, true);
      await updateClientSeed(t, seed.id, clientSeed);
    });
    return fairState(memberId);
  }

  /**
   * Reveal the active server seed and commit to a new one (nonce 0, same client seed). The seed
   * decides every round played under it, so it is revealed only once they are all settled:
   * pending rounds are settled first (as a retry or the recovery job would), and if one still is
   * not, the rotation is refused with ROUND_IN_PROGRESS and nothing is revealed.
   */
  async function rotateSeed(memberId: string): Promise<RotateSeedResult> {
    for (const round of await findPendingRoundsOfMember(db, memberId, RECENT_ROUNDS)) {
      try {
        await settle(round);
      } catch (err) {
        // A refusal is recorded on the round; anything else leaves it pending and is refused below.
        if (!isAppError(err))
          log.warn({ err, roundId: round.roundId }, 'in-house round not settled before a seed rotation');
      }
    }
    const old = await db.transaction().execute(async (t) => {
      const seed = await activeSeed(t, memberId, true);
      // Under the seed's lock: no round can join this seed until the rotation commits.
      if (await hasPendingRound(t, seed.id)) {
        throw new AppError(
          ErrorCode.ROUND_IN_PROGRESS,
          'A round under this seed is not settled yet; try again in a moment',
        );
      }
      const done = await revealSeed(t, seed.id, now());
      const next = await insertActiveSeed(t, { memberId, ...newServerSeed(), clientSeed: seed.clientSeed });
      if (!next) throw new Error('inhouse: a second active seed appeared under the lock');
      return done;
    });
    return { revealed: revealed(old), current: await fairState(memberId) };
  }

  return { fairState, setClientSeed, rotateSeed };
}
