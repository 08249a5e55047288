import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import { INHOUSE_VASSALAGE } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult, CrashHistory, CrashOwnBet } from '@wps/shared/schemas/inhouse-crash';
import type { Database } from '../../../db/schema';
import { createGroupCommit } from '../../../db/group-commit';
import { AppError, isAppError } from '../../../http/app-error';
import type { GatewayService } from '../../gateway/gateway.service';
import type { InhouseSettings } from '../inhouse-settings';
import type { InhouseLicencePort } from '../inhouse-certificates';
import { findBetView, finishPlacing, listMemberBets, markBetsSettled } from './crash-bets.repository';
import type { CrashBetRow } from './crash.repository';
import { decideCashOuts, type CashOutDecision } from './crash-step';
import { createCrashPlacement, type PlaceInput } from './crash-placement';

// Crash's bets and cash-outs, on whichever instance the player's request arrives. Everything is
// decided under the open round's row lock at the database's clock; the money then moves through
// the seamless wallet by idempotent calls (`${betId}-bet`, `${betId}-win`), so a decision is taken
// once and paid once however many instances or retries touch it.

/**
 * Most cash-outs decided in one transaction. The requests that arrive while a batch is deciding
 * wait for the next one (one at a time per instance: every batch takes the round's lock), so at
 * 1,000 cash-outs a second each batch holds the few milliseconds' worth that came in meanwhile.
 */
const CASHOUT_BATCH = 256;
/** Most cash-outs paid together: their wins through the wallet's group commit, one settled mark. */
const PAY_BATCH = 256;

/** A decided bet's payment: done or left to the driver, and the balance after a cashed bet's win. */
export type Paid = { paid: boolean; balanceMinor: bigint | null };

/** The catalogue's crash game. */
export const CRASH_NODE_ID = 'inhouse-crash';

export type CrashContext = {
  db: Kysely<Database>;
  log: Pick<Logger, 'warn' | 'error'>;
  gateway: {
    seamless: Pick<
      GatewayService['seamless'],
      'bet' | 'win' | 'winMany' | 'closeRounds' | 'balance' | 'prepareBets' | 'applyBetsWithin'
    >;
  };
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

  /**
   * A cashed bet's win, idempotent by `${betId}-win`. It leaves the bet's gateway round open, and
   * settleRounds closes it, as the lottery pays its winners: the wallet writes such wins
   * set-based (seamless_win_many's plain path), where a win that closes its round goes through
   * seamless_apply one at a time. A lost bet moves no money: its round is only closed.
   */
  const winOf = (bet: CrashBetRow, roundClosed = false) => ({
    vassalage: INHOUSE_VASSALAGE,
    memberId: bet.memberId,
    transactionId: `${bet.betId}-win`,
    roundId: bet.betId,
    betTransactionId: `${bet.betId}-bet`,
    amountMinor: bet.payout,
    roundClosed,
  });

  /** Close decided bets' gateway rounds (no money moves; a round already closed stays as it is) and mark the bets settled. */
  async function settleRounds(bets: CrashBetRow[]): Promise<void> {
    await gateway.seamless.closeRounds({
      vassalage: INHOUSE_VASSALAGE,
      rounds: bets.map((b) => ({ roundId: b.betId, memberId: b.memberId })),
    });
    await markBetsSettled(
      db,
      bets.map((b) => b.betId),
    );
  }

  /**
   * One cashed bet's win alone (a batch's fallback). A bet decided before its win left the round
   * open was paid by a win that closed it: a retry then sends that request again, which the
   * wallet answers as the replay it is, not as a different use of the same id.
   */
  async function winAlone(bet: CrashBetRow): Promise<bigint> {
    try {
      return BigInt((await gateway.seamless.win(winOf(bet))).balanceMinor);
    } catch (err) {
      if (!isAppError(err) || err.errorCode !== ErrorCode.DUPLICATE_TRANSACTION) throw err;
      return BigInt((await gateway.seamless.win(winOf(bet, true))).balanceMinor);
    }
  }

  /** Pay one decided bet: its win (a cashed bet), its gateway round closed, marked settled. Idempotent. */
  async function pay(bet: CrashBetRow): Promise<Paid> {
    const balanceMinor = bet.payout > 0n ? await winAlone(bet) : null;
    await settleRounds([bet]);
    return { paid: true, balanceMinor };
  }

  /**
   * Cash-outs being paid as they are decided, together (payMany: the wallet's bulk group commit,
   * one settled mark). A win that fails is answered as unpaid: the driver pays it on its next turn.
   */
  const payments = createGroupCommit<CrashBetRow, Paid>({
    run: (bets) => payMany(bets),
    maxBatch: PAY_BATCH,
    maxInFlight: 2,
  });

  /** The cash-outs arriving together, decided at one moment of the database's clock (crash-step.ts). */
  const decisions = createGroupCommit<string, CashOutDecision>({
    run: (memberIds) => decideCashOuts(db, memberIds),
    maxBatch: CASHOUT_BATCH,
    maxInFlight: 1,
  });

  /**
   * Pay many decided bets at once (a bust's settlement, the cash-outs arriving together): the
   * cashed bets' wins through the wallet's bulk group commit, then one statement closes every
   * bet's gateway round and one marks them settled. A batch the wallet refuses in part is paid
   * again bet by bet (the wins' ids make repeats harmless), so one bad bet never holds the others.
   * Answers, per bet, whether it was paid (else the driver's next turn retries it) and the
   * player's balance after its win.
   */
  async function payMany(bets: CrashBetRow[]): Promise<Paid[]> {
    try {
      const won = bets.filter((b) => b.payout > 0n);
      const results = won.length === 0 ? [] : await gateway.seamless.winMany(won.map((b) => winOf(b)));
      await settleRounds(bets);
      const balances = new Map(won.map((b, i) => [b.betId, BigInt(results[i]!.balanceMinor)]));
      return bets.map((b) => ({ paid: true, balanceMinor: balances.get(b.betId) ?? null }));
    } catch (err) {
      log.warn({ err, bets: bets.length }, 'crash: a batch payment failed; paying bet by bet');
    }
    const paid: Paid[] = [];
    for (const bet of bets) {
      paid.push(
        await pay(bet).catch((err: unknown): Paid => {
          log.error({ err, betId: bet.betId }, 'crash: payment failed; retried next turn');
          return { paid: false, balanceMinor: null };
        }),
      );
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
    const decided = await decisions.submit(memberId);
    if (decided.isBusted) throw new AppError(ErrorCode.CRASH_ROUND_BUSTED, 'The round crashed before the cash-out');
    // Not in the flying round: the player's latest bet says why.
    const bet = decided.bet ?? (await listMemberBets(db, memberId, 1))[0];
    if (bet?.status === 'lost')
      throw new AppError(ErrorCode.CRASH_ROUND_BUSTED, 'The round crashed before the cash-out');
    if (bet?.status !== 'cashed') throw new AppError(ErrorCode.CRASH_NO_BET, 'You have no bet flying in this round');
    // Paying again is harmless (the win's id): a repeated cash-out also finishes a payment left
    // undone. A payment that fails is the driver's on its next turn; the answer still shows the bet.
    const { balanceMinor: balance } = await payments.submit(bet);
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
