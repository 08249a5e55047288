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
import {
  findBetByKey,
  findMemberBetInRound,
  giveStakeBack,
  insertBets,
  refuseBets,
  takeStake,
  type NewBet,
} from './crash-bets.repository';
import type { CrashBetRow } from './crash.repository';

// A crash bet, on whichever instance the player's request arrives: the round's stake total taken
// in a statement of its own (takeStake), then the bet written and debited in one transaction with
// the licence's stake door, the way a lottery ticket and its stake commit together. Bets arriving
// together share that transaction (a group commit, as the wallet's own batches): one BEGIN, one
// insert, one wallet statement (seamless_bet_many, through the wallet's applyBetsWithin) and one
// COMMIT for many players, each bet keeping its own ledger transaction and idempotency key
// (`${betId}-bet`). A bet is therefore never 'placing' once committed: written and debited, or
// written refused with the wallet's code, or not written at all.

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

/** What one bet of a batch became. */
type Written =
  | { kind: 'written'; id: string; createdAt: Date; nickname: string; balanceMinor: bigint }
  /** Refused by the wallet: written refused, its stake given back, in the batch's transaction. */
  | { kind: 'refused'; error: AppError }
  /** Refused at the licence's door: not written. */
  | { kind: 'licence'; error: AppError }
  /** The round was no longer betting: not written. */
  | { kind: 'closed' }
  /** The player's key or round was already used: not written. */
  | { kind: 'conflict' };

/**
 * The wallet's house shard for bets applied in a caller's transaction (applyBetsWithin's slot):
 * the lottery's two placement batches take 0 and 1, crash's batches take 2, so neither queues on
 * the other's house row.
 */
const CRASH_SLOT = 2;
/** Most bets written and debited in one transaction. */
const BET_BATCH = 32;
/** Tries of a batch that lost a race or hit a deadlock before its bets are refused as busy. */
const BET_ATTEMPTS = 5;

const bettingClosed = () => new AppError(ErrorCode.CRASH_BETTING_CLOSED, 'Betting for this round is closed');

export function createCrashPlacement(ctx: PlacementContext) {
  const { db, gateway, settings } = ctx;
  const briefs = createMemberViews({ db }).briefs;

  /** One batch's transaction: the door, the rows, the debits, the refusals. Answers in input order. */
  async function writeBets(trx: Kysely<Database>, prepared: PreparedBets, jobs: NewBet[]): Promise<Written[]> {
    const answers: (Written | undefined)[] = jobs.map(() => undefined);
    // The licence first (the bettor; crash's lab certificate where it asks one), in the
    // transaction that moves the stake: refused, the bet is not written.
    const admitted: number[] = [];
    for (const [i, job] of jobs.entries()) {
      try {
        await ctx.licence.ask(trx, 'stake', stakeSubject(job.memberId, job.nodeId));
        admitted.push(i);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        answers[i] = { kind: 'licence', error: err };
      }
    }
    if (admitted.length === 0) return answers as Written[];
    const { written, betting } = await insertBets(
      trx,
      briefs(),
      admitted.map((i) => jobs[i]!),
    );
    const debited = admitted.filter((i) => written.has(jobs[i]!.betId));
    for (const i of admitted)
      if (!written.has(jobs[i]!.betId))
        answers[i] = betting.has(jobs[i]!.roundId) ? { kind: 'conflict' } : { kind: 'closed' };
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
            CRASH_SLOT,
          );
    const refused: { betId: string; errorCode: string }[] = [];
    debited.forEach((i, k) => {
      const result = results[k]!;
      const row = written.get(jobs[i]!.betId)!;
      if (result instanceof AppError) {
        refused.push({ betId: jobs[i]!.betId, errorCode: result.errorCode });
        answers[i] = { kind: 'refused', error: result };
      } else answers[i] = { kind: 'written', ...row, balanceMinor: BigInt(result.balanceMinor) };
    });
    await refuseBets(trx, refused);
    return answers as Written[];
  }

  const batches = createGroupCommit<NewBet, Written>({
    run: async (jobs) => {
      // The players' accounts and the operator's currency, read before the transaction begins.
      const prepared = await gateway.seamless.prepareBets(jobs.map((j) => j.memberId));
      return runInTransaction(db, (trx) => writeBets(trx, prepared, jobs));
    },
    maxBatch: BET_BATCH,
    // One batch at a time: every batch debits against the same house shard.
    maxInFlight: 1,
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
    const { outcome, round } = await takeStake(db, input.stakeMinor, { one: CRASH_ONE, minTarget: CRASH_TARGET.min });
    if (outcome !== 'taken' || !round) {
      // A retried request after the window, or at a limit: the bet it placed is answered again.
      const replayed = await replayByKey(input);
      if (replayed) return replayed;
      if (outcome === 'bet-limit')
        throw stakeRefusal('The stake could win more than the maximum payout', {
          maxPayoutMinor: round!.maxPayoutMinor.toString(),
        });
      if (outcome === 'round-limit')
        throw stakeRefusal('This round takes no more stakes this large', {
          roundMaxPayoutMinor: round!.roundMaxPayoutMinor.toString(),
        });
      throw bettingClosed();
    }
    const placed: NewBet = {
      betId: `cr-${crypto.randomBytes(12).toString('hex')}`,
      roundId: round.id,
      memberId: input.memberId,
      nodeId: input.nodeId,
      idempotencyKey: input.idempotencyKey,
      stake: input.stakeMinor,
      autoCashoutHundredths: input.autoCashoutHundredths,
    };
    // Not written (an error, the door, the window, a used key): the stake goes back to the round's
    // total. (A process that stops before that leaves it taken: the round then takes a little
    // less, never more, than its limit.) A bet the wallet refused gave it back in its transaction.
    const written = await batches.submit(placed).catch(async (err: unknown) => {
      await giveStakeBack(db, round.id, input.stakeMinor);
      throw err;
    });
    if (written.kind !== 'written' && written.kind !== 'refused') await giveStakeBack(db, round.id, input.stakeMinor);
    if (written.kind === 'refused' || written.kind === 'licence') throw written.error;
    if (written.kind === 'closed') throw bettingClosed();
    if (written.kind === 'conflict') {
      // The player's bet in this round under another key, or this key already used.
      const mine = await findMemberBetInRound(db, round.id, input.memberId);
      if (mine && mine.idempotencyKey !== input.idempotencyKey)
        throw new AppError(ErrorCode.CRASH_ALREADY_BET, 'You already have a bet in this round');
      const replayed = await replayByKey(input);
      if (!replayed) throw new Error('crash: bet not found after a conflicting insert');
      return replayed;
    }
    return {
      bet: {
        betId: placed.betId,
        roundNumber: round.roundNumber,
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
