import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import { INHOUSE_VASSALAGE } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult, CrashHistory, CrashOwnBet } from '@wps/shared/schemas/inhouse-crash';
import type { Database } from '../../../db/schema';
import { AppError, isAppError } from '../../../http/app-error';
import type { GatewayService } from '../../gateway/gateway.service';
import type { InhouseSettings } from '../inhouse-settings';
import type { InhouseLicencePort } from '../inhouse-certificates';
import { findBetView, finishPlacing, listMemberBets, markBetsSettled } from './crash-bets.repository';
import type { CrashBetRow } from './crash.repository';
import { decideCashOut } from './crash-step';
import { createCrashPlacement, type PlaceInput } from './crash-placement';

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
  /** The licence's stake door, asked in the bet's transaction as every in-house round's placement asks it. */
  licence: Pick<InhouseLicencePort, 'ask'>;
};

export function createCrashService(ctx: CrashContext) {
  const { db, log, gateway, settings } = ctx;

  /**
   * The player's bet as answered. `flyingRound`: the number of its round, known to be open (no
   * crash point to show), so nothing is read; otherwise the round is read with the bet.
   */
  async function ownView(bet: CrashBetRow, flyingRound?: number): Promise<CrashOwnBet> {
    const { roundNumber, crashHundredths } =
      flyingRound === undefined
        ? await findBetView(db, bet.betId)
        : { roundNumber: flyingRound, crashHundredths: null };
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

  async function answer(
    bet: CrashBetRow,
    balanceMinor: bigint | null,
    replayed: boolean,
    flyingRound?: number,
  ): Promise<CrashBetResult> {
    const balance = balanceMinor ?? BigInt((await gateway.seamless.balance(bet.memberId)).balanceMinor);
    return { bet: await ownView(bet, flyingRound), balanceMinor: balance.toString(), replayed };
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
    // A cash-out decided now was decided in a flying round, whose number the decision read.
    return answer(bet, isRepeat ? null : balance, isRepeat, isRepeat ? undefined : decided.roundNumber);
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

  const { placeBet } = createCrashPlacement({ db, gateway, settings, licence: ctx.licence, replay: replayBet });

  return { placeBet, cashOut, history, debit, pay, payMany };
}

export type CrashService = ReturnType<typeof createCrashService>;
