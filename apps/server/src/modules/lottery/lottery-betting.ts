import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import { isRetryableBatchError, runInTransaction } from '../../db/run-in-transaction';
import { createGroupCommit } from '../../db/group-commit';
import type { Kysely } from 'kysely';
import type { ProductClass } from '@wps/shared/licence';
import type { Database } from '../../db/schema';
import type { DatabaseKind } from '../../db/database';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import { LEDGER_RACE_CODES } from '../ledger/ledger.service';
import type { GatewayService } from '../gateway/gateway.service';
import { findGame, type GameRow } from './lottery-games.repository';
import { findDraw, findDrawByNumero, findOpenDraw, type DrawRow } from './lottery-draws.repository';
import { findTicketByKey, type TicketRow } from './lottery-tickets.repository';
import { writeBatch, type PlaceJob } from './lottery-placement';
import type { LotteryRules } from './lottery-rules';
import type { PlaceInput, SlipSelection } from './lottery-ids';

// Placing a ticket (docs/lottery.md, "Bets"). The slip is checked alone, its draw found, and the
// ticket queued for a placement batch (lottery-placement.ts): one transaction that writes many
// tickets with their liability and takes their stakes through the seamless wallet, so a ticket
// is never written without its stake, nor a stake taken without its ticket. A repeated key
// answers the ticket it placed.

type Db = Kysely<Database>;

export type PlaceOutcome = { ticket: TicketRow; draw: DrawRow; replayed: boolean; balanceMinor: bigint | null };

export type BettingContext = {
  db: Db;
  databaseKind: DatabaseKind;
  rules: LotteryRules;
  seamless: Pick<GatewayService['seamless'], 'prepareBets' | 'applyBetsWithin'>;
  now: () => Date;
  /** Keeps the games in memory while it is live (every change of a game is announced, migration 0319). */
  changeFeed?: Pick<ChangeFeed, 'subscribe' | 'onReset' | 'isLive'>;
  /** Asked first for every ticket: a ticket is play, refused as a game's launch is (a face check due). */
  playGuard?: ((memberId: string) => Promise<void>) | undefined;
  /** The licence's stake door for a ticket on a foreign lottery's draw, asked in the placement's transaction. */
  askStake?: ((trx: Db, memberId: string, product: ProductClass | null) => Promise<void>) | undefined;
};

/** Most tickets in one placement transaction (bounds its statements and lock set). */
const PLACE_BATCH = 32;
/** Placement transactions in flight on PostgreSQL (each takes a house shard of its own). */
const PLACE_IN_FLIGHT = 2;
/** Tries of a batch that lost a race or hit a deadlock before its tickets are answered SERVER_BUSY. */
const PLACE_ATTEMPTS = 5;
/** Draw ids remembered by game and numero before the memory starts over. */
const DRAW_IDS_KEPT = 10_000;

export function createLotteryBetting(ctx: BettingContext) {
  const { db, rules, seamless, now } = ctx;

  const batches = createGroupCommit<PlaceJob, Awaited<ReturnType<typeof writeBatch>>[number]>({
    run: async (jobs, slot) => {
      // The players' accounts and the operator's currency, read before the transaction begins.
      const prepared = await seamless.prepareBets(jobs.map((j) => j.input.memberId));
      return runInTransaction(db, (trx) =>
        writeBatch({ trx, rules, seamless, prepared, slot, now: now(), askStake: ctx.askStake }, jobs),
      );
    },
    maxBatch: PLACE_BATCH,
    maxInFlight: ctx.databaseKind === 'pglite' ? 1 : PLACE_IN_FLIGHT,
    recover: { isRetryable: (err) => isRetryableBatchError(err, LEDGER_RACE_CODES), attempts: PLACE_ATTEMPTS },
  });

  // Every ticket names its game, and usually its draw by numero: both are read from memory when
  // they can be, sparing two queries per ticket (docs/lottery.md, "Placement at load"). A game is
  // kept only while the change feed is live, and dropped when any instance changes it (a change
  // read meanwhile is not kept: `generation` moved). A numero's draw id never changes (draws are
  // never deleted), so it is kept without the feed; the batch locks the draw and checks its status
  // and cut-off under that lock whatever is remembered here.
  const games = new Map<string, GameRow>();
  let generation = 0;
  ctx.changeFeed?.subscribe(CHANGE_CHANNELS.lotteryGameChange, (code) => {
    generation++;
    games.delete(code);
  });
  ctx.changeFeed?.onReset(() => {
    generation++;
    games.clear();
  });
  const drawIds = new Map<string, string>();

  async function readGame(code: string): Promise<GameRow | undefined> {
    const live = ctx.changeFeed?.isLive === true;
    const kept = live ? games.get(code) : undefined;
    if (kept) return kept;
    const before = generation;
    const game = await findGame(db, code);
    if (game && live && generation === before) games.set(code, game);
    return game;
  }

  async function drawIdOf(gameCode: string, numero: string): Promise<string | undefined> {
    const key = `${gameCode}\u0000${numero}`;
    const kept = drawIds.get(key);
    if (kept) return kept;
    const draw = await findDrawByNumero(db, gameCode, numero);
    if (!draw) return undefined;
    if (drawIds.size >= DRAW_IDS_KEPT) drawIds.clear();
    drawIds.set(key, draw.id);
    return draw.id;
  }

  async function requireGame(code: string): Promise<GameRow> {
    const game = await readGame(code);
    if (!game) throw new AppError(ErrorCode.LOTTERY_GAME_NOT_FOUND, 'No such lottery game', { gameCode: code });
    if (game.status !== 'active')
      throw new AppError(ErrorCode.LOTTERY_GAME_PAUSED, 'This game is paused', { gameCode: code });
    return game;
  }

  /** Check every selection alone (bet type, picks, stake) before anything is locked. */
  function checkSlip(game: GameRow, selections: SlipSelection[]): number[] {
    return selections.map((sel, index) => {
      const checked = rules.check(game.family, sel);
      if (!checked.ok)
        throw new AppError(ErrorCode.LOTTERY_SELECTION_INVALID, 'A selection is not valid', {
          index,
          reason: checked.reason,
        });
      const { minStakeMinor, maxStakeMinor } = game.limits;
      if (sel.stakePerLineMinor < minStakeMinor || sel.stakePerLineMinor > maxStakeMinor) {
        throw new AppError(ErrorCode.LOTTERY_STAKE_INVALID, 'A stake per line is out of range', {
          index,
          minStakeMinor: minStakeMinor.toString(),
          maxStakeMinor: maxStakeMinor.toString(),
        });
      }
      return checked.lines;
    });
  }

  function sameSlip(ticket: TicketRow, input: PlaceInput): boolean {
    if (ticket.selections.length !== input.selections.length) return false;
    return ticket.selections.every((s, i) => {
      const sel = input.selections[i]!;
      const asked = s.requestedPerLineMinor ?? s.stakePerLineMinor;
      return (
        s.betType === sel.betType &&
        JSON.stringify(s.numbers ?? null) === JSON.stringify(sel.numbers ?? null) &&
        (s.position ?? null) === (sel.position ?? null) &&
        (s.option ?? null) === (sel.option ?? null) &&
        asked === sel.stakePerLineMinor.toString()
      );
    });
  }

  /** A repeated idempotency key: the same ticket, its refusal, or a refusal when the slip differs. */
  async function replay(existing: TicketRow, input: PlaceInput): Promise<PlaceOutcome> {
    const draw = (await findDraw(db, existing.drawId))!;
    if (!sameSlip(existing, input) || (input.numero !== undefined && input.numero !== draw.numero)) {
      throw new AppError(
        ErrorCode.DUPLICATE_TRANSACTION,
        'This idempotency key was already used for a different slip',
        { idempotencyKey: input.idempotencyKey },
      );
    }
    if (existing.status === 'refused') {
      throw new AppError(
        (existing.errorCode as ErrorCode | null) ?? ErrorCode.INSUFFICIENT_FUNDS,
        'This ticket was refused by the wallet',
        { ticketId: existing.id },
      );
    }
    return { ticket: existing, draw, replayed: true, balanceMinor: null };
  }

  /** POST /lgw/tickets: place a ticket on a game's open draw. */
  async function place(input: PlaceInput): Promise<PlaceOutcome> {
    await ctx.playGuard?.(input.memberId);
    const game = await requireGame(input.gameCode);
    const lines = checkSlip(game, input.selections);
    const drawId =
      input.numero !== undefined
        ? await drawIdOf(game.code, input.numero)
        : (await findOpenDraw(db, game.code, now()))?.id;
    const answer = drawId ? await batches.submit({ input, game, lines, drawId }) : { twin: true as const };
    if ('ok' in answer) return { ...answer.ok, replayed: false };
    // The wallet refused the stake of the ticket this call wrote: its own answer, with what it
    // carries (the balance, the bonus's maximum and the round's stake so far); a retry of the key
    // replays the refused ticket below.
    if ('error' in answer && answer.byWallet) throw answer.error;
    // A key used before (a retry, a double-click, the twin in the same batch) answers its ticket,
    // even once its draw has closed; only a new key gets the refusal.
    const existing = await findTicketByKey(db, input.memberId, input.idempotencyKey);
    if (existing) return replay(existing, input);
    if ('error' in answer) throw answer.error;
    if (input.numero !== undefined)
      throw new AppError(ErrorCode.LOTTERY_DRAW_NOT_FOUND, 'No such draw', { numero: input.numero });
    throw new AppError(ErrorCode.LOTTERY_DRAW_CLOSED, 'No draw of this game is taking bets now', {
      gameCode: game.code,
    });
  }

  return { place, requireGame };
}

export type LotteryBetting = ReturnType<typeof createLotteryBetting>;
