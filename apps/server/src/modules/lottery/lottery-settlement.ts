import { ErrorCode } from '@wps/shared/error-codes';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { isAppError } from '../../http/app-error';
import type { Database } from '../../db/schema';
import type { GatewayService } from '../gateway/gateway.service';
import { findDraw, findDrawsToFinish, fixPayoutCap, markFinished, takeSettleLease, type DrawRow } from './lottery-draws.repository';
import { findGame, type GameRow } from './lottery-games.repository';
import { findDrawTickets, findStalePending, moveTicket, settleTickets, type TicketRow } from './lottery-tickets.repository';
import { lotteryVassalage, type LotteryRules } from './lottery-rules';
import { ticketRoundId, type LotteryBetting } from './lottery-betting';

// Finishing a draw (docs/lottery.md, "Settlement"): a drawn draw's tickets are settled, a voided
// draw's refunded, each exactly once. One instance at a time holds a draw (a lease it renews per
// batch); every ticket's money moves under the ticket's own wallet transaction id, and a ticket
// changes status only from open, so a batch repeated after a kill -9 pays nobody twice: the
// wallet answers the repeated win with its first answer and the ticket update finds it settled.

type Db = Kysely<Database>;

/** Tickets read and paid per batch; the wallet's group commit sends their wins in few statements. */
export const SETTLE_BATCH = 500;
/** How long a draw's lease holds without renewal (a batch renews it). */
export const SETTLE_LEASE_MS = 30_000;
/** A pending ticket this old lost its request; the draw job finishes its stake. */
export const PENDING_STALE_MS = 30_000;

export type SettlementContext = {
  db: Db;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  rules: LotteryRules;
  seamless: Pick<GatewayService['seamless'], 'win' | 'rollback'>;
  betting: Pick<LotteryBetting, 'stakeTicket'>;
  now: () => Date;
  /** This process, as the lease holder. */
  instance: string;
  /** How long a lease holds (SETTLE_LEASE_MS); the crash tests shorten it. */
  leaseMs?: number;
  /** Called after a batch's wins are paid and before its tickets are marked (the crash tests stop there). */
  afterBatchPaid?: (batch: number) => Promise<void>;
};

/**
 * Leases are about processes, not the calendar: they run on the wall clock even when the
 * lottery's clock is the test clock door's (moved ahead) or a test's.
 */
const wallClock = () => new Date();

/** The win a ticket is paid after the draw's cap: scaled by cap / gross when the gross is over it. */
export function cappedPayout(payout: bigint, cap: bigint | null, gross: bigint): bigint {
  if (cap === null || gross <= cap || gross === 0n) return payout;
  return (payout * cap) / gross;
}

export function createLotterySettlement(ctx: SettlementContext) {
  const { db, log, rules, seamless, betting, now, instance } = ctx;
  const leaseMs = ctx.leaseMs ?? SETTLE_LEASE_MS;

  function ticketPayout(game: GameRow, draw: DrawRow, t: TicketRow): bigint {
    let sum = 0n;
    for (const sel of t.selections) sum += rules.payout(game.family, sel, draw.result, game.paytable, BigInt(sel.stakePerLineMinor));
    return sum;
  }

  /** Pending tickets of the draw: their stakes are taken (or refused) before anything is paid. */
  async function resolvePending(draw: DrawRow, game: GameRow): Promise<void> {
    for (let after = '0'; ; ) {
      const pending = await findDrawTickets(db, draw.id, ['pending'], after, SETTLE_BATCH);
      if (pending.length === 0) return;
      for (const t of pending) {
        await betting.stakeTicket(t, game).catch((err: unknown) => {
          if (!isAppError(err)) throw err;
        });
      }
      after = pending[pending.length - 1]!.id;
    }
  }

  /** The draw's gross payout before its cap, fixed once on the draw before the first win. */
  async function fixCap(draw: DrawRow, game: GameRow): Promise<{ cap: bigint | null; gross: bigint }> {
    if (draw.grossPayoutMinor !== null) return { cap: draw.payoutCapMinor, gross: draw.grossPayoutMinor };
    let gross = 0n;
    for (let after = '0'; ; ) {
      const batch = await findDrawTickets(db, draw.id, ['open', 'won', 'lost'], after, SETTLE_BATCH * 4);
      if (batch.length === 0) break;
      for (const t of batch) gross += ticketPayout(game, draw, t);
      after = batch[batch.length - 1]!.id;
    }
    await fixPayoutCap(db, draw.id, game.limits.perDrawMinor, gross);
    const fixed = (await findDraw(db, draw.id))!;
    return { cap: fixed.payoutCapMinor, gross: fixed.grossPayoutMinor ?? gross };
  }

  async function settleDrawn(draw: DrawRow, game: GameRow): Promise<number> {
    await resolvePending(draw, game);
    const { cap, gross } = await fixCap(draw, game);
    const vassalage = lotteryVassalage(game.prizeMode);
    let settled = 0;
    for (let batchNo = 1; ; batchNo++) {
      if (!(await takeSettleLease(db, draw.id, instance, wallClock(), leaseMs))) return settled;
      const batch = await findDrawTickets(db, draw.id, ['open'], '0', SETTLE_BATCH);
      if (batch.length === 0) break;
      const paid = await Promise.all(
        batch.map(async (t) => {
          const payout = cappedPayout(ticketPayout(game, draw, t), cap, gross);
          await seamless.win({
            vassalage,
            memberId: t.memberId,
            transactionId: `${ticketRoundId(t.id)}-win`,
            roundId: ticketRoundId(t.id),
            betTransactionId: `${ticketRoundId(t.id)}-bet`,
            amountMinor: payout,
            roundClosed: true,
          });
          return { id: t.id, payoutMinor: payout };
        }),
      );
      await ctx.afterBatchPaid?.(batchNo);
      await settleTickets(db, paid, now());
      settled += paid.length;
    }
    await markFinished(db, draw.id, now());
    return settled;
  }

  async function refundVoided(draw: DrawRow, game: GameRow): Promise<number> {
    const vassalage = lotteryVassalage(game.prizeMode);
    let refunded = 0;
    for (;;) {
      if (!(await takeSettleLease(db, draw.id, instance, wallClock(), leaseMs))) return refunded;
      const batch = await findDrawTickets(db, draw.id, ['pending', 'open'], '0', SETTLE_BATCH);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map(async (t) => {
          // A rollback before its bet leaves a tombstone: a late bet of this ticket is then refused.
          await seamless.rollback({
            vassalage,
            memberId: t.memberId,
            transactionId: `${ticketRoundId(t.id)}-void`,
            roundId: ticketRoundId(t.id),
            betTransactionId: `${ticketRoundId(t.id)}-bet`,
          }).catch((err: unknown) => {
            // Nothing to refund: the bet never reached the wallet (or it was cancelled already).
            if (!(isAppError(err) && (err.errorCode === ErrorCode.BET_NOT_FOUND || err.errorCode === ErrorCode.BET_CANCELLED))) throw err;
          });
          await moveTicket(db, t.id, ['pending', 'open'], { status: 'refunded', payoutMinor: 0n, settledAt: now() });
        }),
      );
      refunded += batch.length;
    }
    await markFinished(db, draw.id, now());
    return refunded;
  }

  /** Finish one draw if this instance can take it: settle it, or refund it when voided. */
  async function finishDraw(drawId: string): Promise<number> {
    if (!(await takeSettleLease(db, drawId, instance, wallClock(), leaseMs))) return 0;
    const draw = (await findDraw(db, drawId))!;
    const game = (await findGame(db, draw.gameCode))!;
    const done = draw.status === 'voided' ? await refundVoided(draw, game) : await settleDrawn(draw, game);
    log.info({ drawId, game: game.code, numero: draw.numero, status: draw.status, tickets: done }, draw.status === 'voided' ? 'lottery draw refunded' : 'lottery draw settled');
    return done;
  }

  /** Every drawn or voided draw nobody is finishing, oldest first. */
  async function finishDue(): Promise<number> {
    let done = 0;
    for (const draw of await findDrawsToFinish(db, wallClock(), 20)) done += await finishDraw(draw.id);
    return done;
  }

  /** Pending tickets whose request died: their stakes taken or refused now. */
  async function resolveStalePending(): Promise<number> {
    const stale = await findStalePending(db, new Date(now().getTime() - PENDING_STALE_MS), 200);
    for (const t of stale) {
      const draw = await findDraw(db, t.drawId);
      // A voided draw's refund takes its pending tickets (a tombstone refuses their late bets).
      if (!draw || draw.status === 'voided' || draw.settledAt !== null) continue;
      const game = await findGame(db, draw.gameCode);
      if (!game) continue;
      await betting.stakeTicket(t, game).catch((err: unknown) => {
        if (!isAppError(err)) log.warn({ err, ticketId: t.id }, 'lottery: a pending ticket could not be staked yet');
      });
    }
    return stale.length;
  }

  return { finishDraw, finishDue, resolveStalePending };
}

export type LotterySettlement = ReturnType<typeof createLotterySettlement>;
