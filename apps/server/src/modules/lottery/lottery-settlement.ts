import { ErrorCode } from '@wps/shared/error-codes';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { isAppError } from '../../http/app-error';
import type { Database } from '../../db/schema';
import type { GatewayService } from '../gateway/gateway.service';
import { findDraw, findDrawsToFinish, markFinished, takeSettleLease, type DrawRow } from './lottery-draws.repository';
import { findGame, type GameRow } from './lottery-games.repository';
import { closeUnpaidTickets, findDrawTickets, settleTickets } from './lottery-tickets.repository';
import { lotteryVassalage, type LotteryRules } from './lottery-rules';
import { drawRoundId, ticketTxId } from './lottery-ids';
import { priceDraw } from './lottery-settle-pricing';
import { payWinners } from './lottery-settle-payment';
import { closeLosers, closeRounds, markInPages } from './lottery-settle-closing';

// Finishing a draw (docs/lottery.md, "Settlement"): a drawn draw's tickets are settled, a voided
// draw's refunded, each exactly once. One instance at a time holds a draw (a lease it renews per
// page and batch); every win or refund moves under the ticket's own wallet transaction id, a
// player's round of the draw closes only while open, and a ticket changes status only from open,
// so a pass repeated after a kill -9 pays nobody twice: the wallet answers the
// repeated win with its first answer, the round and ticket updates find them settled.
//
// This file runs a draw to its end; each step is a use case of its own: pricing the tickets at
// the terms each was sold at (lottery-settle-pricing.ts), paying the winners after their caps
// (lottery-settle-payment.ts), closing the players' rounds and marking the tickets
// (lottery-settle-closing.ts).

type Db = Kysely<Database>;

/** Voided tickets refunded per batch. */
export const SETTLE_BATCH = 500;
/** Open tickets read and priced per page, and tickets marked per statement. */
export const PRICE_BATCH = 10_000;
/**
 * Distinct slips of one draw priced set-based (a draw of more is priced page by page) and, page by
 * page, remembered.
 */
const PRICE_CACHE = 100_000;
/** Winners paid per batch; the wallet's group commit sends their wins in few statements. */
export const WIN_BATCH = 2_000;
/** How long a draw's lease holds without renewal (a batch renews it). */
export const SETTLE_LEASE_MS = 30_000;

export type SettlementContext = {
  db: Db;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  rules: LotteryRules;
  seamless: Pick<GatewayService['seamless'], 'winMany' | 'rollback' | 'closeRounds'>;
  now: () => Date;
  /** This process, as the lease holder. */
  instance: string;
  /** How long a lease holds (SETTLE_LEASE_MS); the crash tests shorten it. */
  leaseMs?: number;
  /** Tickets priced and marked per page (PRICE_BATCH) and winners paid per batch (WIN_BATCH); the tests make them small. */
  priceBatch?: number;
  winBatch?: number;
  /** Distinct slips a draw may hold to be priced set-based (PRICE_CACHE); the tests lower it to price page by page. */
  maxSlips?: number;
  /** Called after a batch's wins are paid and before its tickets are marked (the crash tests stop there). */
  afterBatchPaid?: (batch: number) => Promise<void>;
};

/**
 * Leases are about processes, not the calendar: they run on the wall clock even when the
 * lottery's clock is the test clock door's (moved ahead) or a test's.
 */
const wallClock = () => new Date();

export function createLotterySettlement(ctx: SettlementContext) {
  const { db, log, rules, seamless, now, instance } = ctx;
  const leaseMs = ctx.leaseMs ?? SETTLE_LEASE_MS;
  const priceBatch = ctx.priceBatch ?? PRICE_BATCH;
  const winBatch = ctx.winBatch ?? WIN_BATCH;
  const maxSlips = ctx.maxSlips ?? PRICE_CACHE;

  const lease = (draw: DrawRow) => takeSettleLease(db, draw.id, instance, wallClock(), leaseMs);

  /** What every step of finishing this draw shares: the database, the lease on the draw, the batch sizes. */
  function passOf(draw: DrawRow, game: GameRow) {
    return {
      db,
      rules,
      seamless,
      lease: () => lease(draw),
      vassalage: lotteryVassalage(game.prizeMode),
      priceBatch,
      winBatch,
      maxSlips,
      cacheSize: PRICE_CACHE,
      afterBatchPaid: ctx.afterBatchPaid,
    };
  }

  /**
   * Settling a drawn draw, set-based (docs/lottery.md, "Settlement at scale"), in four steps:
   * 1. price: the winners (id, player, gross, cap) and the players, from the draw's distinct
   *    slips, each at the odds its tickets were sold at;
   * 2. fix the draw's gross from the winners', and pay each winner after the cap it was sold
   *    under, in batches through the wallet's bulk wins (set-based in the database), each under
   *    its own `lt-<ticket>-win`, into the player's round of the draw;
   * 3. close the players' rounds of the draw;
   * 4. mark the winners won, then every ticket still open lost, a page per statement.
   * Nothing is marked before every round is closed, and no loser before every winner, so a pass
   * repeated after a kill -9 finds every ticket it has not marked, and every player whose round
   * may still be open: the wallet answers a repeated win with its first answer, a closed round and
   * a marked ticket stay as they are.
   */
  async function settleDrawn(draw: DrawRow, game: GameRow, phases: Record<string, number>): Promise<number> {
    let mark = performance.now();
    const phase = (name: string) => {
      const at = performance.now();
      phases[name] = Math.round(at - mark);
      mark = at;
    };
    const pass = passOf(draw, game);
    const found = await priceDraw(pass, draw, game);
    if (found === null) return 0;
    const { winners, members } = found;
    phase('priceMs');
    const paid = await payWinners(pass, draw, winners);
    if (paid === null) return 0;
    phase('payMs');
    if (!(await closeRounds(pass, draw, pass.vassalage, members))) return 0;
    phase('closeMs');
    const at = now();
    if (!(await markInPages(pass, paid.length, (from, to) => settleTickets(db, paid.slice(from, to), at)))) return 0;
    const lost = await closeLosers(pass, draw, at);
    if (lost === null) return 0;
    await markFinished(db, draw.id, now());
    phase('markMs');
    return winners.length + lost;
  }

  /**
   * Refunding a voided draw: every open ticket's stake rolled back under its own
   * `lt-<ticket>-void`, then the players' rounds closed, then the tickets marked refunded (the
   * same order as settlement, for the same reason).
   */
  async function refundVoided(draw: DrawRow, game: GameRow): Promise<number> {
    const pass = passOf(draw, game);
    const { vassalage } = pass;
    const refunded: number[] = [];
    const members = new Set<string>();
    for (let after = '0'; ; ) {
      if (!(await lease(draw))) return 0;
      const batch = await findDrawTickets(db, draw.id, ['open'], after, SETTLE_BATCH);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map(async (t) => {
          // A rollback before its bet leaves a tombstone: a late bet of this ticket is then refused.
          await seamless
            .rollback({
              vassalage,
              memberId: t.memberId,
              transactionId: ticketTxId(t.id, 'void'),
              roundId: drawRoundId(draw.id, t.memberId),
              betTransactionId: ticketTxId(t.id, 'bet'),
            })
            .catch((err: unknown) => {
              // Nothing to refund: the bet never reached the wallet (or it was cancelled already).
              if (
                !(
                  isAppError(err) &&
                  (err.errorCode === ErrorCode.BET_NOT_FOUND || err.errorCode === ErrorCode.BET_CANCELLED)
                )
              )
                throw err;
            });
        }),
      );
      for (const t of batch) {
        members.add(t.memberId);
        refunded.push(Number(t.id));
      }
      after = batch[batch.length - 1]!.id;
    }
    if (!(await closeRounds(pass, draw, vassalage, members))) return 0;
    const at = now();
    if (
      !(await markInPages(pass, refunded.length, (from, to) =>
        closeUnpaidTickets(db, refunded.slice(from, to), 'refunded', at),
      ))
    )
      return 0;
    await markFinished(db, draw.id, now());
    return refunded.length;
  }

  /** Finish one draw if this instance can take it: settle it, or refund it when voided. */
  async function finishDraw(drawId: string): Promise<number> {
    if (!(await takeSettleLease(db, drawId, instance, wallClock(), leaseMs))) return 0;
    const draw = (await findDraw(db, drawId))!;
    const game = (await findGame(db, draw.gameCode))!;
    // How long each step took (ms), in the log: where a slow settlement spends its time.
    const phases: Record<string, number> = {};
    const done = draw.status === 'voided' ? await refundVoided(draw, game) : await settleDrawn(draw, game, phases);
    log.info(
      { drawId, game: game.code, numero: draw.numero, status: draw.status, tickets: done, phases },
      draw.status === 'voided' ? 'lottery draw refunded' : 'lottery draw settled',
    );
    return done;
  }

  /** Every drawn or voided draw nobody is finishing, oldest first. */
  async function finishDue(): Promise<number> {
    let done = 0;
    for (const draw of await findDrawsToFinish(db, wallClock(), 20)) done += await finishDraw(draw.id);
    return done;
  }

  return { finishDraw, finishDue };
}

export type LotterySettlement = ReturnType<typeof createLotterySettlement>;
