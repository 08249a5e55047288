import { ErrorCode } from '@wps/shared/error-codes';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { isAppError } from '../../http/app-error';
import type { Database } from '../../db/schema';
import type { GatewayService } from '../gateway/gateway.service';
import {
  findDraw,
  findDrawsToFinish,
  fixPayoutCap,
  markFinished,
  takeSettleLease,
  type DrawRow,
} from './lottery-draws.repository';
import { findGame, type GameRow } from './lottery-games.repository';
import {
  closeOpenTicketsInRange,
  closeUnpaidTickets,
  findDrawPlayers,
  findDrawSlips,
  findDrawTickets,
  findOpenTicketSpan,
  findTicketsOfSlips,
  findTicketsToPrice,
  settleTickets,
  type TicketRow,
} from './lottery-tickets.repository';
import { lotteryVassalage, type LotteryRules } from './lottery-rules';
import { drawRoundId, ticketTxId } from './lottery-ids';
import { compareIds } from '../../db/ids';

// Finishing a draw (docs/lottery.md, "Settlement"): a drawn draw's tickets are settled, a voided
// draw's refunded, each exactly once. One instance at a time holds a draw (a lease it renews per
// page and batch); every win or refund moves under the ticket's own wallet transaction id, a
// player's round of the draw closes only while open, and a ticket changes status only from open,
// so a pass repeated after a kill -9 pays nobody twice: the wallet answers the
// repeated win with its first answer, the round and ticket updates find them settled.

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
/** Players' rounds closed per statement once a draw's wins are paid. */
const ROUND_CLOSE_BATCH = 5_000;
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

/** The win a ticket is paid after the draw's cap: scaled by cap / gross when the gross is over it. */
export function cappedPayout(payout: bigint, cap: bigint | null, gross: bigint): bigint {
  if (cap === null || gross <= cap || gross === 0n) return payout;
  return (payout * cap) / gross;
}

/** A winning ticket found by the pricing pass: what it pays before the draw's cap. */
type Winner = { id: string; memberId: string; grossMinor: bigint };
/** What pricing finds: the winners, and every player holding an open ticket (whose round closes). */
type Priced = { winners: Winner[]; members: Set<string> };

export function createLotterySettlement(ctx: SettlementContext) {
  const { db, log, rules, seamless, now, instance } = ctx;
  const leaseMs = ctx.leaseMs ?? SETTLE_LEASE_MS;
  const priceBatch = ctx.priceBatch ?? PRICE_BATCH;
  const winBatch = ctx.winBatch ?? WIN_BATCH;
  const maxSlips = ctx.maxSlips ?? PRICE_CACHE;

  function ticketPayout(game: GameRow, draw: DrawRow, t: Pick<TicketRow, 'selections'>): bigint {
    let sum = 0n;
    for (const sel of t.selections)
      sum += rules.payout(game.family, sel, draw.result, game.paytable, BigInt(sel.stakePerLineMinor));
    return sum;
  }

  /**
   * The draw's gross payout before its cap, fixed once on the draw before the first win. No win
   * is paid before it is fixed, so while it is not, every winning ticket is still open and
   * `winners` (every open ticket that wins) is the whole gross.
   */
  async function fixCap(
    draw: DrawRow,
    game: GameRow,
    winners: Winner[],
  ): Promise<{ cap: bigint | null; gross: bigint }> {
    if (draw.grossPayoutMinor !== null) return { cap: draw.payoutCapMinor, gross: draw.grossPayoutMinor };
    let gross = 0n;
    for (const w of winners) gross += w.grossMinor;
    await fixPayoutCap(db, draw.id, game.limits.perDrawMinor, gross);
    const fixed = (await findDraw(db, draw.id))!;
    return { cap: fixed.payoutCapMinor, gross: fixed.grossPayoutMinor ?? gross };
  }

  const lease = (draw: DrawRow) => takeSettleLease(db, draw.id, instance, wallClock(), leaseMs);

  /**
   * The players' rounds of the draw closed, a page of players at a time (no money moves). Called
   * once every win is paid and before any ticket is marked: a kill before the end leaves every
   * ticket as it was, so the next pass finds the same players again.
   */
  async function closeRounds(draw: DrawRow, vassalage: string, members: Set<string>): Promise<boolean> {
    const all = [...members];
    for (let i = 0; i < all.length; i += ROUND_CLOSE_BATCH) {
      if (!(await lease(draw))) return false;
      await seamless.closeRounds({
        vassalage,
        rounds: all.slice(i, i + ROUND_CLOSE_BATCH).map((m) => ({ roundId: drawRoundId(draw.id, m), memberId: m })),
      });
    }
    return true;
  }

  /**
   * Tickets moved to their outcome in pages of [from, to) over `count` (list positions, or ids
   * past a draw's first), two statements in flight (the database takes one core each).
   */
  async function markInPages(
    draw: DrawRow,
    count: number,
    mark: (from: number, to: number) => Promise<unknown>,
  ): Promise<boolean> {
    for (let i = 0; i < count; i += priceBatch * 2) {
      if (!(await lease(draw))) return false;
      const pages: Promise<unknown>[] = [];
      for (let j = i; j < Math.min(count, i + priceBatch * 2); j += priceBatch)
        pages.push(mark(j, Math.min(count, j + priceBatch)));
      await Promise.all(pages);
    }
    return true;
  }

  /**
   * The losers marked: once every winner is, a drawn draw's open tickets are its losers, closed
   * by ranges of ids (no list of a million ids to send), two statements in flight.
   */
  async function closeLosers(draw: DrawRow, at: Date): Promise<number | null> {
    const span = await findOpenTicketSpan(db, draw.id);
    if (span === null) return 0;
    let closed = 0;
    const done = await markInPages(draw, Number(span.to - span.from) + 1, async (from, to) => {
      // Two ranges are in flight: `closed += await …` would add to the count read before the wait.
      const n = await closeOpenTicketsInRange(
        db,
        draw.id,
        span.from + BigInt(from),
        span.from + BigInt(to) - 1n,
        'lost',
        at,
      );
      closed += n;
    });
    return done ? closed : null;
  }

  /**
   * Pricing, set-based: the draw's distinct slips priced once each, the winning slips' tickets
   * found by the database, the players read alongside. Null when the draw holds more distinct
   * slips than `maxSlips`: `pricePages` then reads the tickets, with bounded memory.
   */
  async function priceBySlips(draw: DrawRow, game: GameRow): Promise<Priced | null> {
    const players = findDrawPlayers(db, draw.id);
    // Awaited below; marked handled now so an error of the slips' read is the one thrown.
    players.catch(() => undefined);
    const slips = await findDrawSlips(db, draw.id, maxSlips + 1);
    if (slips.length > maxSlips) return null;
    const winning = slips.flatMap((slip) => {
      const grossMinor = ticketPayout(game, draw, { selections: JSON.parse(slip) as TicketRow['selections'] });
      return grossMinor > 0n ? [{ slip, grossMinor }] : [];
    });
    const winners = await findTicketsOfSlips(db, draw.id, winning);
    return { winners, members: new Set(await players) };
  }

  /**
   * Pricing a page of tickets at a time, for a draw of too many distinct slips to hold: every open
   * ticket read once, the next page read while this one is priced (the database and this process
   * each take a core), each slip priced once while the cache has room. Null when the lease is lost.
   */
  async function pricePages(draw: DrawRow, game: GameRow): Promise<Priced | null> {
    const winners: Winner[] = [];
    const members = new Set<string>();
    const prices = new Map<string, bigint>();
    const price = (text: string): bigint => {
      let gross = prices.get(text);
      if (gross === undefined) {
        gross = ticketPayout(game, draw, { selections: JSON.parse(text) as TicketRow['selections'] });
        if (prices.size < PRICE_CACHE) prices.set(text, gross);
      }
      return gross;
    };
    let next = lease(draw).then((held) => (held ? findTicketsToPrice(db, draw.id, '0', priceBatch) : null));
    for (;;) {
      const page = await next;
      if (page === null) return null;
      if (page.length === 0) return { winners, members };
      const after = page[page.length - 1]!.id;
      next = lease(draw).then((held) => (held ? findTicketsToPrice(db, draw.id, after, priceBatch) : null));
      // Awaited on the next turn; marked handled now so a pricing error here is the one thrown.
      next.catch(() => undefined);
      for (const t of page) {
        members.add(t.memberId);
        const grossMinor = price(t.selectionsText);
        if (grossMinor > 0n) winners.push({ id: t.id, memberId: t.memberId, grossMinor });
      }
    }
  }

  /**
   * Settling a drawn draw, set-based (docs/lottery.md, "Settlement at scale"), in four steps:
   * 1. price: the winners (id, player, gross) and the players, from the draw's distinct slips;
   * 2. fix the cap from the winners' gross, and pay the winners in batches through the wallet's
   *    bulk wins (set-based in the database), each under its own `lt-<ticket>-win`, into the
   *    player's round of the draw;
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
    const vassalage = lotteryVassalage(game.prizeMode);
    if (!(await lease(draw))) return 0;
    const found = (await priceBySlips(draw, game)) ?? (await pricePages(draw, game));
    if (found === null) return 0;
    const { winners, members } = found;
    phase('priceMs');
    const { cap, gross } = await fixCap(draw, game, winners);
    // In player order: the wallet's batches then share no player but at their edges, so the two
    // in flight do not wait on each other's wallet locks.
    const priced = winners
      .map((w) => ({ ...w, payoutMinor: cappedPayout(w.grossMinor, cap, gross) }))
      .sort((a, b) => compareIds(a.memberId, b.memberId) || compareIds(a.id, b.id));
    for (let i = 0, batchNo = 1; i < priced.length; i += winBatch, batchNo++) {
      if (!(await lease(draw))) return 0;
      // A win the cap scales down to nothing is a loss: no win row.
      const paid = priced.slice(i, i + winBatch).filter((w) => w.payoutMinor > 0n);
      await seamless.winMany(
        paid.map((w) => ({
          vassalage,
          memberId: w.memberId,
          transactionId: ticketTxId(w.id, 'win'),
          roundId: drawRoundId(draw.id, w.memberId),
          betTransactionId: ticketTxId(w.id, 'bet'),
          amountMinor: w.payoutMinor,
          roundClosed: false,
        })),
      );
      await ctx.afterBatchPaid?.(batchNo);
    }
    phase('payMs');
    if (!(await closeRounds(draw, vassalage, members))) return 0;
    phase('closeMs');
    const at = now();
    if (!(await markInPages(draw, priced.length, (from, to) => settleTickets(db, priced.slice(from, to), at))))
      return 0;
    const lost = await closeLosers(draw, at);
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
    const vassalage = lotteryVassalage(game.prizeMode);
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
    if (!(await closeRounds(draw, vassalage, members))) return 0;
    const at = now();
    if (
      !(await markInPages(draw, refunded.length, (from, to) =>
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
