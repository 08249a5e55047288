import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import { CRASH_ONE, CRASH_TARGET, crashCapMultiplier } from '@wps/shared/originals/crash';
import { INHOUSE_VASSALAGE } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult, CrashHistory, CrashOwnBet } from '@wps/shared/schemas/inhouse-crash';
import type { Database } from '../../../db/schema';
import { AppError, isAppError } from '../../../http/app-error';
import type { GatewayService } from '../../gateway/gateway.service';
import type { MemberService } from '../../member/member.service';
import type { InhouseSettings } from '../inhouse-settings';
import { stakeSubject, type InhouseLicencePort } from '../inhouse-certificates';
import {
  findBetByKey,
  findBetView,
  findMemberBetInRound,
  finishPlacing,
  insertBet,
  commitWithoutFlush,
  listMemberBets,
  giveStakeBack,
  markBetsSettled,
  takeStake,
} from './crash-bets.repository';
import { findOpenRound, type CrashBetRow } from './crash.repository';
import { decideCashOut } from './crash-step';

// Crash's bets and cash-outs, on whichever instance the player's request arrives. Everything is
// decided under the open round's row lock at the database's clock; the money then moves through
// the seamless wallet by idempotent calls (`${betId}-bet`, `${betId}-win`), so a decision is taken
// once and paid once however many instances or retries touch it.

/** The catalogue's crash game. */
export const CRASH_NODE_ID = 'inhouse-crash';

export type CrashContext = {
  db: Kysely<Database>;
  log: Pick<Logger, 'warn' | 'error'>;
  gateway: Pick<GatewayService, 'seamless'>;
  settings: Pick<InhouseSettings, 'getPlayableGame'>;
  member: Pick<MemberService, 'findMemberBrief'>;
  /** The licence's stake door, asked in the bet's transaction as every in-house round's placement asks it. */
  licence: Pick<InhouseLicencePort, 'ask'>;
};

type PlaceInput = {
  memberId: string;
  nodeId: string;
  stakeMinor: bigint;
  idempotencyKey: string;
  autoCashoutHundredths: number | null;
};

/** A label others see in the live bets: the player's nickname, or the start of the account name. */
function publicName(brief: { account: string; nickname: string | null } | undefined): string {
  if (brief?.nickname) return brief.nickname.slice(0, 32);
  return `${(brief?.account ?? 'player').slice(0, 2)}***`;
}

class KeyTaken extends Error {}

const bettingClosed = () => new AppError(ErrorCode.CRASH_BETTING_CLOSED, 'Betting for this round is closed');

export function createCrashService(ctx: CrashContext) {
  const { db, log, gateway, settings } = ctx;

  async function ownView(bet: CrashBetRow): Promise<CrashOwnBet> {
    const { roundNumber, crashHundredths } = await findBetView(db, bet.betId);
    return {
      betId: bet.betId,
      roundNumber,
      stakeMinor: bet.stake.toString(),
      autoCashoutHundredths: bet.autoCashoutHundredths,
      status: bet.status,
      cashoutHundredths: bet.cashoutHundredths,
      payoutMinor: bet.payout.toString(),
      crashHundredths,
      createdAt: bet.createdAt.toISOString(),
    };
  }

  async function answer(bet: CrashBetRow, balanceMinor: bigint | null, replayed: boolean): Promise<CrashBetResult> {
    const balance = balanceMinor ?? BigInt((await gateway.seamless.balance(bet.memberId)).balanceMinor);
    return { bet: await ownView(bet), balanceMinor: balance.toString(), replayed };
  }

  /**
   * Debit a placing bet's stake (the same seamless bet, limits and licence door as every in-house
   * round). Idempotent by its transaction id: the player's request and the driver finishing an
   * interrupted one may both call it. A refusal marks the bet refused and is thrown.
   */
  async function debit(bet: CrashBetRow): Promise<bigint> {
    try {
      const r = await gateway.seamless.bet({
        vassalage: INHOUSE_VASSALAGE,
        memberId: bet.memberId,
        transactionId: `${bet.betId}-bet`,
        roundId: bet.betId,
        gameId: bet.nodeId,
        amountMinor: bet.stake,
      });
      await finishPlacing(db, bet.betId, { status: 'flying' });
      return BigInt(r.balanceMinor);
    } catch (err) {
      if (isAppError(err) && err.errorCode !== ErrorCode.INTERNAL_ERROR)
        await finishPlacing(db, bet.betId, { status: 'refused', errorCode: err.errorCode });
      throw err;
    }
  }

  /** A decided bet's win (0 for a lost one), closing its gateway round; idempotent by `${betId}-win`. */
  const winOf = (bet: CrashBetRow) => ({
    vassalage: INHOUSE_VASSALAGE,
    memberId: bet.memberId,
    transactionId: `${bet.betId}-win`,
    roundId: bet.betId,
    betTransactionId: `${bet.betId}-bet`,
    amountMinor: bet.payout,
    roundClosed: true,
  });

  /** Pay a decided bet: its win (0 for a lost one) closes its gateway round. Idempotent by `${betId}-win`. */
  async function pay(bet: CrashBetRow): Promise<bigint> {
    const r = await gateway.seamless.win(winOf(bet));
    await markBetsSettled(db, [bet.betId]);
    return BigInt(r.balanceMinor);
  }

  /**
   * Pay many decided bets at once (the driver's settlement after a bust): their wins (0 for a lost
   * bet) through the wallet's bulk group commit, then one statement marks them settled. A batch the
   * wallet refuses in part is paid again bet by bet (the wins' ids make repeats harmless), so one
   * bad bet never holds the others. Returns how many were paid.
   */
  async function payMany(bets: CrashBetRow[]): Promise<number> {
    try {
      await gateway.seamless.winMany(bets.map(winOf));
      await markBetsSettled(
        db,
        bets.map((b) => b.betId),
      );
      return bets.length;
    } catch (err) {
      log.warn({ err, bets: bets.length }, 'crash: a batch payment failed; paying bet by bet');
    }
    let paid = 0;
    for (const bet of bets) {
      try {
        await pay(bet);
        paid++;
      } catch (err) {
        log.error({ err, betId: bet.betId }, 'crash: payment failed; retried next turn');
      }
    }
    return paid;
  }

  function stakeRefusal(message: string, value: Record<string, unknown>): AppError {
    return new AppError(ErrorCode.STAKE_INVALID, message, value);
  }

  async function replayBet(bet: CrashBetRow, input: PlaceInput): Promise<CrashBetResult> {
    if (bet.stake !== input.stakeMinor || bet.autoCashoutHundredths !== input.autoCashoutHundredths)
      throw new AppError(ErrorCode.DUPLICATE_TRANSACTION, 'This idempotency key was already used for a different bet', {
        idempotencyKey: input.idempotencyKey,
      });
    if (bet.status === 'refused')
      throw new AppError((bet.errorCode as ErrorCode | null) ?? ErrorCode.INSUFFICIENT_FUNDS, 'This bet was refused', {
        betId: bet.betId,
      });
    if (bet.status === 'placing') {
      // Interrupted between the row and the debit: the same idempotent debit finishes it.
      const balance = await debit(bet);
      return answer({ ...bet, status: 'flying' }, balance, true);
    }
    return answer(bet, null, true);
  }

  /**
   * POST /wps/inhouse/crash/bet: a bet in the round's betting window, one per player per round.
   * The stake rules are the game's (catalogue minimum, operator maximum, a whole step), and a stake
   * must be able to win at 1.01× within the round's payout limit per bet; the round's own limit
   * caps the stakes it takes (they could all win at 1.01×). Decided under the round's lock.
   */
  async function placeBet(input: PlaceInput): Promise<CrashBetResult> {
    const existing = await findBetByKey(db, input.memberId, input.idempotencyKey);
    if (existing) return replayBet(existing, input);
    const { rules } = await settings.getPlayableGame(input.nodeId, 'crash');
    if (input.stakeMinor < rules.min || input.stakeMinor > rules.max || input.stakeMinor % rules.step !== 0n)
      throw stakeRefusal('The stake is below the minimum, above the maximum or not a whole step', {
        minStakeMinor: rules.min.toString(),
        maxStakeMinor: rules.max.toString(),
        stakeStepMinor: rules.step.toString(),
      });
    const nickname = publicName(await ctx.member.findMemberBrief(input.memberId));
    const betId = `cr-${crypto.randomBytes(12).toString('hex')}`;

    // The round's terms, read without a lock: most refusals need nothing more.
    const open = await findOpenRound(db);
    const round = open.round;
    if (!round || round.phase !== 'betting' || open.now >= round.bettingEndsAt) throw bettingClosed();
    if (crashCapMultiplier(input.stakeMinor, round.maxPayoutMinor) < CRASH_TARGET.min)
      throw stakeRefusal('The stake could win more than the maximum payout', {
        maxPayoutMinor: round.maxPayoutMinor.toString(),
      });
    // The round's stake limit (every bet could win at 1.01×) and its window, in one statement of
    // its own before the bet's transaction: bets never queue on the round's row across a round trip.
    const taken = await takeStake(
      db,
      round.id,
      input.stakeMinor,
      (round.roundMaxPayoutMinor * BigInt(CRASH_ONE)) / BigInt(CRASH_TARGET.min),
    );
    if (taken === 'closed') throw bettingClosed();
    if (taken === 'round-limit')
      throw stakeRefusal('This round takes no more stakes this large', {
        roundMaxPayoutMinor: round.roundMaxPayoutMinor.toString(),
      });

    // The bet as written, and as its row reads once written.
    const placed = {
      betId,
      roundId: round.id,
      memberId: input.memberId,
      nodeId: input.nodeId,
      nickname,
      idempotencyKey: input.idempotencyKey,
      stake: input.stakeMinor,
      autoCashoutHundredths: input.autoCashoutHundredths,
    };
    const inserted = await db
      .transaction()
      .execute(async (t) => {
        await commitWithoutFlush(t);
        // The licence first (the bettor; crash's lab certificate where it asks one), in the
        // transaction that writes the bet: refused, nothing is written. A bet already flying is
        // cashed out and paid whatever the licence says now.
        await ctx.licence.ask(t, 'stake', stakeSubject(input.memberId, input.nodeId));
        // The round still betting, held against the flight's start until the commit (the driver
        // starts it under FOR UPDATE, then waits for this bet's debit); not against other bets.
        const locked = await findOpenRound(t, { lock: 'key-share' });
        if (locked.round?.id !== round.id || locked.round.phase !== 'betting') throw bettingClosed();
        const outcome = await insertBet(t, placed);
        if (outcome === 'conflict') {
          // The player's bet in this round under another key, or this key already used.
          const mine = await findMemberBetInRound(t, round.id, input.memberId);
          if (mine && mine.idempotencyKey !== input.idempotencyKey)
            throw new AppError(ErrorCode.CRASH_ALREADY_BET, 'You already have a bet in this round');
          throw new KeyTaken();
        }
        return outcome;
      })
      .catch(async (err: unknown) => {
        // Not written: the stake goes back to the round's total. (A process that stops right
        // here leaves it taken: the round then takes a little less, never more, than its limit.)
        await giveStakeBack(db, round.id, input.stakeMinor);
        if (err instanceof KeyTaken) return undefined;
        throw err;
      });
    if (!inserted) {
      // A concurrent request with the same key won (one bet per player and round).
      const bet = await findBetByKey(db, input.memberId, input.idempotencyKey);
      if (!bet) throw new Error('crash: bet not found after a conflicting insert');
      return replayBet(bet, input);
    }
    const bet: CrashBetRow = {
      id: inserted.id,
      ...placed,
      status: 'placing',
      errorCode: null,
      cashoutHundredths: null,
      payout: 0n,
      settledAt: null,
      createdAt: inserted.createdAt,
    };
    const balance = await debit(bet);
    return answer({ ...bet, status: 'flying' }, balance, false);
  }

  /**
   * POST /wps/inhouse/crash/cashout: cash the player's flying bet out at the multiplier of this
   * moment (the database's clock under the round's lock). The flight is first advanced to this
   * moment, so an automatic cash-out or a payout limit reached earlier stands, and a cash-out
   * after the multiplier passed the crash point is refused (CRASH_ROUND_BUSTED) with the bust recorded.
   * A second cash-out answers the first (paid once); how it is decided: crash-step.ts.
   */
  async function cashOut(memberId: string): Promise<CrashBetResult> {
    const decided = await decideCashOut(db, memberId);
    if (decided.isBusted) throw new AppError(ErrorCode.CRASH_ROUND_BUSTED, 'The round crashed before the cash-out');
    // Not in the flying round: the player's latest bet says why.
    const bet = decided.bet ?? (await listMemberBets(db, memberId, 1))[0];
    if (bet?.status === 'lost')
      throw new AppError(ErrorCode.CRASH_ROUND_BUSTED, 'The round crashed before the cash-out');
    if (bet?.status !== 'cashed') throw new AppError(ErrorCode.CRASH_NO_BET, 'You have no bet flying in this round');
    // Paying again is harmless (the win's id): a repeated cash-out also finishes a payment left undone.
    const balance = await pay(bet).catch((err: unknown) => {
      // Decided and recorded: the driver pays it on its next turn; the answer still shows it.
      log.warn({ err, betId: bet.betId }, 'crash: cash-out payment left to the driver');
      return null;
    });
    const isRepeat = decided.bet === undefined || decided.isRepeat;
    // A repeat's win is the wallet's replay, whose balance is the first answer's: show today's.
    return answer(bet, isRepeat ? null : balance, isRepeat);
  }

  /** POST /wps/inhouse/crash/history: the player's latest bets. */
  async function history(memberId: string): Promise<CrashHistory> {
    const bets = await listMemberBets(db, memberId, 30);
    return {
      bets: bets.map((b) => ({
        betId: b.betId,
        roundNumber: b.roundNumber,
        stakeMinor: b.stake.toString(),
        autoCashoutHundredths: b.autoCashoutHundredths,
        status: b.status,
        cashoutHundredths: b.cashoutHundredths,
        payoutMinor: b.payout.toString(),
        crashHundredths: b.crashHundredths,
        createdAt: b.createdAt.toISOString(),
      })),
    };
  }

  return { placeBet, cashOut, history, debit, pay, payMany };
}

export type CrashService = ReturnType<typeof createCrashService>;
