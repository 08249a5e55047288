import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import {
  canCashOutHilo,
  cashOutHilo,
  findPickProblem,
  hiloCard,
  pickHilo,
  startHilo,
  type HiloOutcome,
  type HiloPick,
} from '@wps/shared/originals/hilo';
import {
  canCashOutMines,
  cashOutMines,
  findRevealProblem,
  publicMines,
  revealTile,
  startMines,
  type MinesOutcome,
} from '@wps/shared/originals/mines';
import { payoutAt } from '@wps/shared/originals/originals-common';
import { INHOUSE_VASSALAGE } from '@wps/shared/schemas/inhouse';
import type { SteppedKind, SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import type { Database } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import type { GatewayService } from '../gateway/gateway.service';
import { canonicalJson, type RoundParams } from './inhouse-games';
import type { PlaceInput, PlaceRound } from './inhouse-placement';
import { findRoundByKey, finishRound, type RoundRow } from './inhouse-rounds.repository';
import {
  findKeyOrUnfinishedRound,
  findOpenRoundsBefore,
  findUnfinishedRound,
  getServerSeed,
  lockRound,
  openRound,
  saveRoundStep,
} from './inhouse-steps.repository';

// The multi-step originals (mines, hi-lo): a round is started with its stake, moved one step per
// call and closed busted or cashed out. What happens if the process dies between any two steps:
// - after the round row is written, before the bet: the row is pending with an open state; a
//   retry of the start (same key), the next start, or the recovery job places the bet (idempotent
//   by its transaction id) and opens it;
// - after the bet, before the row is marked open: the same, the bet's replay changes nothing;
// - after a step that ended the round, before the win: the row is pending with its payout fixed;
//   the recovery job (or the next start) pays the win, idempotent by its transaction id.
// Every step and cash-out reads and writes the round under its row lock (lockRound), so a double
// cash-out or a reveal racing a cash-out ends the round once and pays at most once.

type Db = Kysely<Database>;

/** A round left open this long is closed at its current multiplier (docs/decisions.md). */
export const OPEN_ROUND_EXPIRY_MS = 24 * 60 * 60 * 1000;

export type SteppedContext = {
  db: Db;
  log: Logger;
  now: () => Date;
  gateway: Pick<GatewayService, 'seamless'>;
  /** The one place every in-house round is placed (inhouse-placement.ts). */
  placeRound: PlaceRound;
  money: () => Promise<{ currency: string; scale: number }>;
};

export type StartInput = PlaceInput & { game: SteppedKind };

/** A step of a round: a mines tile, a hi-lo call, or the cash-out. */
export type StepMove = { kind: 'reveal'; tile: number } | { kind: 'pick'; pick: HiloPick } | { kind: 'cashOut' };

type State = { state: 'open' | 'busted' | 'cashedOut'; multiplierBp: number };

function stateOf(round: RoundRow): State {
  return round.outcome as unknown as State;
}

function refuseMove(reason: string): AppError {
  return new AppError(ErrorCode.MOVE_INVALID, `This move is not allowed: ${reason}`, { reason });
}

/** A locked round's next state after `move`; throws MOVE_INVALID when the rules refuse it. */
async function nextState(t: Db, round: RoundRow, move: StepMove): Promise<State & Record<string, unknown>> {
  const rtp = round.rtpBps ?? 0;
  if (round.game === 'mines') {
    const o = round.outcome as unknown as MinesOutcome;
    if (move.kind === 'cashOut') {
      if (!canCashOutMines(o)) throw refuseMove('nothingToCashOut');
      return cashOutMines(o);
    }
    if (move.kind !== 'reveal') throw refuseMove('wrongMove');
    const problem = findRevealProblem(o, move.tile);
    if (problem) throw refuseMove(problem);
    return revealTile(o, move.tile, rtp);
  }
  const o = round.outcome as unknown as HiloOutcome;
  if (move.kind === 'cashOut') {
    if (!canCashOutHilo(o)) throw refuseMove('nothingToCashOut');
    return cashOutHilo(o);
  }
  if (move.kind !== 'pick') throw refuseMove('wrongMove');
  const problem = findPickProblem(o, move.pick, rtp);
  if (problem) throw refuseMove(problem);
  const serverSeed = await getServerSeed(t, round.seedId);
  return pickHilo(o, move.pick, hiloCard(serverSeed, round.clientSeed, round.nonce, o.cards.length), rtp);
}

/** Mines, hi-lo: start, step, cash out, resume, and finish interrupted or abandoned rounds. */
export function createInhouseSteps(ctx: SteppedContext) {
  const { db, log, now, gateway, placeRound, money } = ctx;

  async function view(round: RoundRow, balanceMinor: bigint, replayed: boolean): Promise<SteppedRound> {
    const { currency, scale } = await money();
    const s = stateOf(round);
    return {
      roundId: round.roundId,
      game: round.game,
      stake: formatMinor(round.stake, scale),
      stakeMinor: round.stake.toString(),
      payout: formatMinor(round.payout, scale),
      payoutMinor: round.payout.toString(),
      currency,
      balance: formatMinor(balanceMinor, scale),
      balanceMinor: balanceMinor.toString(),
      // An open mines round never shows its mines.
      outcome: round.game === 'mines' ? publicMines(round.outcome as unknown as MinesOutcome) : round.outcome,
      serverSeedHash: round.serverSeedHash,
      serverSeed: round.revealedServerSeed,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
      rtpBps: round.rtpBps,
      replayed,
      status: s.state === 'open' ? 'open' : 'settled',
      multiplierBp: s.multiplierBp,
    };
  }

  async function balanceOf(memberId: string): Promise<bigint> {
    return BigInt((await gateway.seamless.balance(memberId)).balanceMinor);
  }

  /** The stake's bet, then the round opens for its steps. A refused bet marks the round refused. */
  async function placeBet(round: RoundRow): Promise<bigint> {
    try {
      const bet = await gateway.seamless.bet({
        vassalage: INHOUSE_VASSALAGE,
        memberId: round.memberId,
        transactionId: `${round.roundId}-bet`,
        roundId: round.roundId,
        gameId: round.nodeId,
        amountMinor: round.stake,
      });
      await openRound(db, round.roundId);
      return BigInt(bet.balanceMinor);
    } catch (err) {
      if (isAppError(err) && err.errorCode !== ErrorCode.INTERNAL_ERROR)
        await finishRound(db, round.roundId, 'refused', err.errorCode, now());
      throw err;
    }
  }

  /** The win (0 when busted) that closes a round whose last step fixed its payout. */
  async function payWin(round: RoundRow): Promise<bigint> {
    const win = await gateway.seamless.win({
      vassalage: INHOUSE_VASSALAGE,
      memberId: round.memberId,
      transactionId: `${round.roundId}-win`,
      roundId: round.roundId,
      betTransactionId: `${round.roundId}-bet`,
      amountMinor: round.payout,
      roundClosed: true,
    });
    await finishRound(db, round.roundId, 'settled', null, now());
    return BigInt(win.balanceMinor);
  }

  /**
   * Finish a pending round's money: one still in its opening state gets its bet (and opens), one
   * whose last step ended it gets its win. Used by the recovery job and a seed rotation too.
   */
  async function settleStepped(round: RoundRow): Promise<{ balanceMinor: bigint }> {
    if (round.status !== 'pending') return { balanceMinor: await balanceOf(round.memberId) };
    const balanceMinor = stateOf(round).state === 'open' ? await placeBet(round) : await payWin(round);
    return { balanceMinor };
  }

  async function roundOpenError(memberId: string, round: RoundRow): Promise<AppError> {
    return new AppError(ErrorCode.ROUND_OPEN, 'A round of this game is still open: resume it', {
      round: await view(round, await balanceOf(memberId), true),
    });
  }

  /** A round's first state from its seeds: the mines placed, or the first card shown. */
  function firstState(
    game: SteppedKind,
    seeds: { serverSeed: string; clientSeed: string; nonce: number },
    params: RoundParams,
    rtpBps: number,
  ) {
    return game === 'mines'
      ? startMines(seeds.serverSeed, seeds.clientSeed, seeds.nonce, { mines: Number(params.mines) }, rtpBps)
      : startHilo(seeds.serverSeed, seeds.clientSeed, seeds.nonce, rtpBps);
  }

  /**
   * Start a round: one unfinished round per player and game (ROUND_OPEN with it otherwise), placed
   * as every in-house round is (the stake rules, the licence's stake door, the state fixed from the
   * seeds under the next nonce at the RTP in force now: inhouse-placement.ts), then the bet. Only a
   * new round asks the door: the steps and the cash-out of a round already open go on whatever the
   * licence says now, so no stake is left trapped (docs/compliance.md).
   */
  async function start(input: StartInput): Promise<SteppedRound> {
    // The repeated start and the unfinished round, in one read.
    const found = await findKeyOrUnfinishedRound(db, input.memberId, input.idempotencyKey, input.game);
    if (found.byKey) return replayStart(found.byKey, input);

    let unfinished = found.unfinished;
    if (unfinished?.status === 'pending') {
      await settleStepped(unfinished);
      unfinished = await findUnfinishedRound(db, input.memberId, input.game);
    }
    if (unfinished) throw await roundOpenError(input.memberId, unfinished);

    const placed = await placeRound(input, (seeds, rtpBps) => ({
      outcome: firstState(input.game, seeds, input.params, rtpBps) as unknown as Record<string, unknown>,
      payout: 0n,
    }));
    if (placed.kind === 'roundOpen') {
      const other = await findUnfinishedRound(db, input.memberId, input.game);
      if (other) throw await roundOpenError(input.memberId, other);
      throw new AppError(ErrorCode.ROUND_IN_PROGRESS, 'Another round of this game was just finished; try again');
    }
    const { round } = placed;
    if (placed.kind === 'keyTaken') return replayStart(round, input);
    const balanceMinor = await placeBet(round);
    return view({ ...round, status: 'open' }, balanceMinor, false);
  }

  /** A start repeated with its key: the same round, its bet placed if that was interrupted. */
  async function replayStart(round: RoundRow, input: StartInput): Promise<SteppedRound> {
    const same =
      round.game === input.game &&
      round.nodeId === input.nodeId &&
      round.stake === input.stakeMinor &&
      canonicalJson(round.params) === canonicalJson(input.params);
    if (!same)
      throw new AppError(
        ErrorCode.DUPLICATE_TRANSACTION,
        'This idempotency key was already used for a different round',
        {
          idempotencyKey: input.idempotencyKey,
        },
      );
    if (round.status === 'refused')
      throw new AppError(
        (round.errorCode as ErrorCode | null) ?? ErrorCode.INSUFFICIENT_FUNDS,
        'This round was refused by the wallet',
        {
          roundId: round.roundId,
        },
      );
    const { balanceMinor } = await settleStepped(round);
    const fresh = await findRoundByKey(db, input.memberId, input.idempotencyKey);
    return view(fresh ?? round, balanceMinor, true);
  }

  /**
   * One step of the player's open round of `game` (a tile, a call, or the cash-out), decided and
   * written under the round's row lock; a step that ends the round is then paid (its win).
   * ROUND_NOT_OPEN for a round that is over or not the player's, MOVE_INVALID for a refused move.
   */
  async function step(memberId: string, game: SteppedKind, roundId: string, move: StepMove): Promise<SteppedRound> {
    const after = await db.transaction().execute(async (t) => {
      const round = await lockRound(t, memberId, roundId);
      if (!round || round.game !== game || round.status !== 'open')
        throw new AppError(ErrorCode.ROUND_NOT_OPEN, 'This round is not open', { roundId });
      const next = await nextState(t, round, move);
      const isOver = next.state !== 'open';
      const payout = next.state === 'cashedOut' ? payoutAt(round.stake, next.multiplierBp) : 0n;
      await saveRoundStep(t, roundId, { outcome: next, payout, isOver });
      return { ...round, outcome: next, payout, status: isOver ? ('pending' as const) : ('open' as const) };
    });
    const balanceMinor = after.status === 'pending' ? await payWin(after) : await balanceOf(memberId);
    return view(after, balanceMinor, false);
  }

  /** POST /wps/inhouse/round: the player's open round of the game, to resume it; null when none. */
  async function findOpenRound(memberId: string, game: SteppedKind): Promise<SteppedRound | null> {
    let round = await findUnfinishedRound(db, memberId, game);
    // Closing (its win interrupted): pay it now; it is then over and no longer to resume.
    if (round?.status === 'pending' && stateOf(round).state !== 'open') {
      await payWin(round);
      round = undefined;
    }
    if (!round || round.status !== 'open') return null;
    return view(round, await balanceOf(memberId), true);
  }

  /**
   * Close the rounds left open since before `before` at their current multiplier, as a cash-out
   * would (at no step yet that is the RTP itself: stake × RTP comes back, the expected return of
   * playing on). Returns how many were closed.
   */
  async function closeAbandonedRounds(
    before: Date = new Date(now().getTime() - OPEN_ROUND_EXPIRY_MS),
  ): Promise<number> {
    let done = 0;
    for (const found of await findOpenRoundsBefore(db, before, 100)) {
      try {
        const closed = await db.transaction().execute(async (t) => {
          const round = await lockRound(t, found.memberId, found.roundId);
          if (!round || round.status !== 'open') return null;
          const o = round.outcome as unknown as MinesOutcome & HiloOutcome;
          const next = round.game === 'mines' ? cashOutMines(o) : cashOutHilo(o);
          const payout = payoutAt(round.stake, next.multiplierBp);
          await saveRoundStep(t, round.roundId, { outcome: next, payout, isOver: true });
          return { ...round, outcome: next as unknown as Record<string, unknown>, payout, status: 'pending' as const };
        });
        if (closed) {
          await payWin(closed);
          done++;
        }
      } catch (err) {
        log.error({ err, roundId: found.roundId }, 'in-house open round not closed');
      }
    }
    return done;
  }

  return { start, step, findOpenRound, settleStepped, closeAbandonedRounds };
}

export type InhouseSteps = ReturnType<typeof createInhouseSteps>;
