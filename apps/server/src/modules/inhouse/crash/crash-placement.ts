import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { CRASH_ONE, CRASH_TARGET } from '@wps/shared/originals/crash';
import { INHOUSE_VASSALAGE } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult } from '@wps/shared/schemas/inhouse-crash';
import type { Database } from '../../../db/schema';
import { createGroupCommit } from '../../../db/group-commit';
import { isRetryableBatchError, runInTransaction } from '../../../db/run-in-transaction';
import { AppError } from '../../../http/app-error';
import type { GatewayService } from '../../gateway/gateway.service';
import type { PreparedBets } from '../../gateway/seamless.types';
import { LEDGER_RACE_CODES } from '../../ledger/ledger.service';
import { createMemberViews } from '../../member/member-views';
import type { InhouseSettings } from '../inhouse-settings';
import { stakeSubject, type InhouseLicencePort } from '../inhouse-certificates';
import { findBetByKey, insertBets, refuseBets, type NewBet } from './crash-bets.repository';
import { lockOpenRound, type CrashBetRow, type CrashRoundRow } from './crash.repository';

// A crash bet, on whichever instance the player's request arrives: written and debited in one
// transaction with the licence's stake door, the way a lottery ticket and its stake commit
// together. Bets arriving together share that transaction (a group commit, as the wallet's own
// batches): one BEGIN, the open round FOR UPDATE (its window, its terms and its stake total, which
// the batch's stakes are checked against in order), one insert that also adds the written stakes
// to the total, one wallet statement (seamless_bet_many, through the wallet's applyBetsWithin)
// and one COMMIT for many players, each bet keeping its own ledger transaction and idempotency key
// (`${betId}-bet`). A bet is therefore never 'placing' once committed: written and debited, or
// written refused with the wallet's code (its stake given back), or not written at all.

export type PlacementContext = {
  db: Kysely<Database>;
  gateway: { seamless: Pick<GatewayService['seamless'], 'prepareBets' | 'applyBetsWithin'> };
  settings: Pick<InhouseSettings, 'getPlayableGame'>;
  licence: Pick<InhouseLicencePort, 'ask'>;
  /** A bet already placed under this key answered again (crash.service.ts). */
  replay: (bet: CrashBetRow, input: PlaceInput) => Promise<CrashBetResult>;
};

export type PlaceInput = {
  memberId: string;
  nodeId: string;
  stakeMinor: bigint;
  idempotencyKey: string;
  autoCashoutHundredths: number | null;
};

/** A bet as submitted to a batch: the batch finds its round. */
type Pending = Omit<NewBet, 'roundId'>;

/** What one bet of a batch became. */
type Written =
  | { kind: 'written'; id: string; createdAt: Date; nickname: string; balanceMinor: bigint; roundNumber: number }
  /** Refused by the wallet: written refused, its stake given back, in the batch's transaction. */
  | { kind: 'refused'; error: AppError }
  /** Refused at the licence's door: not written. */
  | { kind: 'licence'; error: AppError }
  /** No round was betting (or its window ended): not written. */
  | { kind: 'closed' }
  /** The stake could win more than the payout limit per bet, or would pass the round's own: not written. */
  | { kind: 'bet-limit' | 'round-limit'; round: CrashRoundRow }
  /** The player's key or round was already used: not written. */
  | { kind: 'conflict' };

/**
 * The wallet's house shards for bets applied in a caller's transaction (applyBetsWithin's slots):
 * the lottery's two placement batches take 0 and 1, crash's two take 2 and 3, so no batch queues
 * on another's house row. (A round's bets are one per player, so two batches of one round never
 * share a wallet either.)
 */
const CRASH_SLOTS = [2, 3] as const;
/** Most bets written and debited in one transaction. */
const BET_BATCH = 32;
/** Tries of a batch that lost a race or hit a deadlock before its bets are refused as busy. */
const BET_ATTEMPTS = 5;

const bettingClosed = () => new AppError(ErrorCode.CRASH_BETTING_CLOSED, 'Betting for this round is closed');

export function createCrashPlacement(ctx: PlacementContext) {
  const { db, gateway, settings } = ctx;
  const briefs = createMemberViews({ db }).briefs;

  /**
   * The round's limits on a batch's stakes, in the batch's order: a stake that could win more than
   * the payout limit per bet at 1.01× is refused, and so is one that would take the round's stakes
   * past what it could pay if all won at 1.01×. Returns the admitted bets that fit.
   */
  function withinLimits(round: CrashRoundRow, jobs: Pending[], admitted: number[], answers: (Written | undefined)[]) {
    const one = BigInt(CRASH_ONE);
    const minTarget = BigInt(CRASH_TARGET.min);
    const roundCap = (round.roundMaxPayoutMinor * one) / minTarget;
    let staked = round.stakedMinor;
    const fit: number[] = [];
    for (const i of admitted) {
      const stake = jobs[i]!.stake;
      if ((round.maxPayoutMinor * one) / stake < minTarget) answers[i] = { kind: 'bet-limit', round };
      else if (staked + stake > roundCap) answers[i] = { kind: 'round-limit', round };
      else {
        staked += stake;
        fit.push(i);
      }
    }
    return fit;
  }

  /**
   * One batch's transaction: the door, the open round locked and its limits, the rows, the
   * debits, the refusals. Answers in input order.
   */
  async function writeBets(
    trx: Kysely<Database>,
    prepared: PreparedBets,
    pending: Pending[],
    slot: number,
  ): Promise<Written[]> {
    const answers: (Written | undefined)[] = pending.map(() => undefined);
    // The licence first (the bettor; crash's lab certificate where it asks one), in the
    // transaction that moves the stake: refused, the bet is not written.
    const admitted: number[] = [];
    for (const [i, job] of pending.entries()) {
      try {
        await ctx.licence.ask(trx, 'stake', stakeSubject(job.memberId, job.nodeId));
        admitted.push(i);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        answers[i] = { kind: 'licence', error: err };
      }
    }
    if (admitted.length === 0) return answers as Written[];
    // The open round FOR UPDATE until the commit: its stake total is this batch's to add to, and
    // the driver's start of the flight waits for the batch. Its window is checked by the insert,
    // at the database's clock once the lock is held.
    const round = await lockOpenRound(trx, 'update');
    if (round?.phase !== 'betting') {
      for (const i of admitted) answers[i] = { kind: 'closed' };
      return answers as Written[];
    }
    const jobs: NewBet[] = pending.map((p) => ({ ...p, roundId: round.id }));
    const fit = withinLimits(round, pending, admitted, answers);
    if (fit.length === 0) return answers as Written[];
    const { written, betting } = await insertBets(
      trx,
      briefs(),
      fit.map((i) => jobs[i]!),
    );
    const debited = fit.filter((i) => written.has(jobs[i]!.betId));
    for (const i of fit)
      if (!written.has(jobs[i]!.betId)) answers[i] = betting.has(round.id) ? { kind: 'conflict' } : { kind: 'closed' };
    const results =
      debited.length === 0
        ? []
        : await gateway.seamless.applyBetsWithin(
            trx,
            prepared,
            debited.map((i) => {
              const job = jobs[i]!;
              return {
                vassalage: INHOUSE_VASSALAGE,
                memberId: job.memberId,
                transactionId: `${job.betId}-bet`,
                roundId: job.betId,
                gameId: job.nodeId,
                amountMinor: job.stake,
              };
            }),
            slot,
          );
    const refused: { betId: string; errorCode: string }[] = [];
    debited.forEach((i, k) => {
      const result = results[k]!;
      const row = written.get(jobs[i]!.betId)!;
      if (result instanceof AppError) {
        refused.push({ betId: jobs[i]!.betId, errorCode: result.errorCode });
        answers[i] = { kind: 'refused', error: result };
      } else
        answers[i] = {
          kind: 'written',
          ...row,
          balanceMinor: BigInt(result.balanceMinor),
          roundNumber: round.roundNumber,
        };
    });
    await refuseBets(trx, refused);
    return answers as Written[];
  }

  const batches = createGroupCommit<Pending, Written>({
    run: async (jobs, inFlight) => {
      // The players' accounts and the operator's currency, read before the transaction begins.
      const prepared = await gateway.seamless.prepareBets(jobs.map((j) => j.memberId));
      return runInTransaction(db, (trx) => writeBets(trx, prepared, jobs, CRASH_SLOTS[inFlight]!));
    },
    maxBatch: BET_BATCH,
    // Two batches at once, each on its own house shard: one prepares and writes while the other
    // waits on its commit.
    maxInFlight: CRASH_SLOTS.length,
    recover: { isRetryable: (err) => isRetryableBatchError(err, LEDGER_RACE_CODES), attempts: BET_ATTEMPTS },
  });

  /** The bet under this key, answered again; undefined when there is none. */
  async function replayByKey(input: PlaceInput): Promise<CrashBetResult | undefined> {
    const bet = await findBetByKey(db, input.memberId, input.idempotencyKey);
    return bet ? ctx.replay(bet, input) : undefined;
  }

  function stakeRefusal(message: string, value: Record<string, unknown>): AppError {
    return new AppError(ErrorCode.STAKE_INVALID, message, value);
  }

  /**
   * POST /wps/inhouse/crash/bet: a bet in the round's betting window, one per player per round.
   * The stake rules are the game's (catalogue minimum, operator maximum, a whole step), and a stake
   * must be able to win at 1.01× within the round's payout limit per bet; the round's own limit
   * caps the stakes it takes (they could all win at 1.01×). A key used before answers its bet
   * (found when the insert meets it, or when the round refuses the stake).
   */
  async function placeBet(input: PlaceInput): Promise<CrashBetResult> {
    const { rules } = await settings.getPlayableGame(input.nodeId, 'crash');
    if (input.stakeMinor < rules.min || input.stakeMinor > rules.max || input.stakeMinor % rules.step !== 0n)
      throw stakeRefusal('The stake is below the minimum, above the maximum or not a whole step', {
        minStakeMinor: rules.min.toString(),
        maxStakeMinor: rules.max.toString(),
        stakeStepMinor: rules.step.toString(),
      });
    const placed: Pending = {
      betId: `cr-${crypto.randomBytes(12).toString('hex')}`,
      memberId: input.memberId,
      nodeId: input.nodeId,
      idempotencyKey: input.idempotencyKey,
      stake: input.stakeMinor,
      autoCashoutHundredths: input.autoCashoutHundredths,
    };
    const written = await batches.submit(placed);
    if (written.kind === 'refused' || written.kind === 'licence') throw written.error;
    if (written.kind !== 'written' && written.kind !== 'conflict') {
      // A retried request after the window, or at a limit: the bet it placed is answered again.
      const replayed = await replayByKey(input);
      if (replayed) return replayed;
      if (written.kind === 'bet-limit')
        throw stakeRefusal('The stake could win more than the maximum payout', {
          maxPayoutMinor: written.round.maxPayoutMinor.toString(),
        });
      if (written.kind === 'round-limit')
        throw stakeRefusal('This round takes no more stakes this large', {
          roundMaxPayoutMinor: written.round.roundMaxPayoutMinor.toString(),
        });
      throw bettingClosed();
    }
    if (written.kind === 'conflict') {
      // The player's bet in this round under another key, or this key already used.
      const replayed = await replayByKey(input);
      if (replayed) return replayed;
      throw new AppError(ErrorCode.CRASH_ALREADY_BET, 'You already have a bet in this round');
    }
    return {
      bet: {
        betId: placed.betId,
        roundNumber: written.roundNumber,
        stakeMinor: placed.stake.toString(),
        autoCashoutHundredths: placed.autoCashoutHundredths,
        status: 'flying',
        cashoutHundredths: null,
        payoutMinor: '0',
        // A bet is taken only while its round is betting: no crash point is shown yet.
        crashHundredths: null,
        createdAt: written.createdAt.toISOString(),
      },
      balanceMinor: written.balanceMinor.toString(),
      replayed: false,
    };
  }

  return { placeBet };
}
