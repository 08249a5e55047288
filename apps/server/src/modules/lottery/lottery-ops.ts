import { ErrorCode } from '@wps/shared/error-codes';
import { lotteryGameHidden, type ProductClass } from '@wps/shared/licence';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import type { LotteryDrawStatus } from '../../db/tables/lottery';
import { findDraw, findDrawsPage, findLastDrawAt, type DrawRow } from './lottery-draws.repository';
import {
  findGame,
  findGames,
  updateGame,
  updateGameStatus,
  type GameLimits,
  type GameRow,
} from './lottery-games.repository';
import { findPendingEntries, findPendingEntry, type ResultEntryRow } from './lottery-results.repository';
import { findGameReport, type GameReportRow } from './lottery-reports.repository';
import { findExposure } from './lottery-exposure.repository';
import { countDrawTickets } from './lottery-tickets.repository';
import type { LotteryRules } from './lottery-rules';
import { scheduleChangeFrom, type NextSchedule } from './lottery-schedule';

// The back office's lottery: games with their paytables, exact house edges and limits (changed
// with an audit entry), draws with the liability per number of an open one, and the results
// waiting for a second operator.

type Db = Kysely<Database>;

export type OpsContext = {
  db: Db;
  rules: LotteryRules;
  audit: Pick<AuditService, 'record'>;
  money: () => Promise<{ currency: string; scale: number }>;
  /** The lottery's clock, and the operator's zone (a changed schedule starts on a local day). */
  now: () => Date;
  timeZone: () => Promise<string>;
  /** Called once a game's change has committed (placement keeps games in memory). */
  onGameChanged?: (code: string) => void;
  /** The product classes the licence in force forbids: the screen marks the games it hides from players. */
  forbidden?: (() => Promise<readonly ProductClass[]>) | undefined;
};

/**
 * A game's settings as the back office sends them. `schedule` is the interval (quick draws) or
 * the time of day (daily draws) wanted; absent, the schedule stays as it is.
 */
export type GamePatch = {
  name: string;
  paytable: unknown;
  limits: GameLimits;
  status: 'active' | 'paused';
  closeBeforeSeconds: number;
  sortOrder: number;
  schedule?: { intervalSeconds?: number | undefined; drawTime?: string | undefined } | undefined;
};

export function createLotteryOps(ctx: OpsContext) {
  const { db, rules, audit } = ctx;

  /** A game for the back office, with its house edges and whether the licence in force hides it from players. */
  function gameView(g: GameRow, forbidden: readonly ProductClass[]) {
    return {
      ...g,
      edges: rules.edges(g.family, g.paytable),
      hiddenByLicence: lotteryGameHidden(g, forbidden),
    };
  }

  const forbiddenNow = async (): Promise<readonly ProductClass[]> => (await ctx.forbidden?.()) ?? [];

  async function games() {
    const forbidden = await forbiddenNow();
    return (await findGames(db)).map((g) => gameView(g, forbidden));
  }

  async function requireGame(code: string): Promise<GameRow> {
    const game = await findGame(db, code);
    if (!game) throw new AppError(ErrorCode.LOTTERY_GAME_NOT_FOUND, 'No such lottery game', { gameCode: code });
    return game;
  }

  /** Change a game's settings; the paytable is checked against its family, the limits against each other. */
  async function changeGame(operatorId: string, code: string, patch: GamePatch, reason: string) {
    const game = await requireGame(code);
    if (!rules.checkPaytable(game.family, patch.paytable))
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'The paytable does not fit the game', { field: 'paytable' });
    const l = patch.limits;
    if (
      l.minStakeMinor <= 0n ||
      l.maxStakeMinor < l.minStakeMinor ||
      l.perKeyMinor <= 0n ||
      l.perTicketMinor <= 0n ||
      l.perDrawMinor < l.perTicketMinor
    ) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'The limits contradict each other', { field: 'limits' });
    }
    const nextSchedule = await scheduleChange(game, patch.schedule);
    for (const interval of [game.intervalSeconds, nextSchedule?.intervalSeconds ?? null]) {
      if (interval !== null && patch.closeBeforeSeconds >= interval) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Betting must close within the draw interval', {
          field: 'closeBeforeSeconds',
        });
      }
    }
    const { schedule: _asked, ...settings } = patch;
    await runInTransaction(db, async (trx) => {
      await updateGame(trx, code, { ...settings, nextSchedule });
      await audit.record(trx, {
        actorType: 'operator',
        actorId: operatorId,
        action: 'lottery.game_changed',
        subjectType: 'lottery_game',
        subjectId: code,
        reason,
        before: {
          name: game.name,
          paytable: game.paytable,
          limits: game.limits,
          status: game.status,
          closeBeforeSeconds: game.closeBeforeSeconds,
          sortOrder: game.sortOrder,
          intervalSeconds: game.intervalSeconds,
          drawTime: game.drawTime,
          nextSchedule: game.nextSchedule,
        },
        after: { ...settings, nextSchedule },
      });
    });
    ctx.onGameChanged?.(code);
    return gameView((await findGame(db, code))!, await forbiddenNow());
  }

  /**
   * Open or pause a game alone, audited: the tests' licence fixture pauses what a licence forbids
   * before switching to it, as an operator does (the back office pauses through changeGame).
   */
  async function setGameStatus(
    actor: { actorType: AuditActorType; actorId: string | null },
    code: string,
    status: 'active' | 'paused',
    reason: string,
  ): Promise<void> {
    const game = await requireGame(code);
    if (game.status === status) return;
    await runInTransaction(db, async (trx) => {
      await updateGameStatus(trx, code, status);
      await audit.record(trx, {
        ...actor,
        action: 'lottery.game_changed',
        subjectType: 'lottery_game',
        subjectId: code,
        reason,
        before: { status: game.status },
        after: { status },
      });
    });
    ctx.onGameChanged?.(code);
  }

  /**
   * The schedule waiting after this change (lottery-schedule.ts, NextSchedule): none when the one
   * asked for is the game's own; the one already waiting when it is asked for again (its first day
   * stays); else the new one, from the first local day no draw can have been planned on yet. An
   * interval for a daily game, or a time of day for a quick one, is refused.
   */
  async function scheduleChange(game: GameRow, asked: GamePatch['schedule']): Promise<NextSchedule | null> {
    if (!asked || (asked.intervalSeconds === undefined && asked.drawTime === undefined)) return game.nextSchedule;
    const quick = game.intervalSeconds !== null;
    if (
      quick
        ? asked.intervalSeconds === undefined || asked.drawTime !== undefined
        : asked.drawTime === undefined || asked.intervalSeconds !== undefined
    ) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        quick ? 'A quick draw is scheduled by its interval' : 'A daily draw is scheduled by its time of day',
        { field: 'schedule' },
      );
    }
    const wanted = quick
      ? { intervalSeconds: asked.intervalSeconds!, drawTime: null }
      : { intervalSeconds: null, drawTime: asked.drawTime! };
    if (wanted.intervalSeconds === game.intervalSeconds && wanted.drawTime === game.drawTime) return null;
    const waiting = game.nextSchedule;
    if (waiting && waiting.intervalSeconds === wanted.intervalSeconds && waiting.drawTime === wanted.drawTime)
      return waiting;
    const zone = game.drawZone ?? (await ctx.timeZone());
    return { ...wanted, from: scheduleChangeFrom(game, ctx.now(), await findLastDrawAt(db, game.code), zone) };
  }

  /** Draws newest first, by game and status. */
  async function draws(q: {
    gameCode?: string | undefined;
    status?: LotteryDrawStatus | undefined;
    before?: string | undefined;
    size: number;
  }): Promise<{ list: DrawRow[]; next: string | null }> {
    const rows = await findDrawsPage(db, {
      gameCode: q.gameCode,
      status: q.status,
      before: q.before,
      limit: q.size + 1,
    });
    const list = rows.slice(0, q.size);
    return { list, next: rows.length > q.size ? list[list.length - 1]!.id : null };
  }

  /** One draw: its liability per key (largest first), tickets by status and the entry waiting for approval. */
  async function draw(drawId: string): Promise<{
    draw: DrawRow;
    exposure: { key: string; payoutMinor: bigint }[];
    tickets: Record<string, { count: number; stakeMinor: bigint }>;
    pendingEntry: ResultEntryRow | null;
  }> {
    const d = await findDraw(db, drawId);
    if (!d) throw new AppError(ErrorCode.LOTTERY_DRAW_NOT_FOUND, 'No such draw', { drawId });
    const [exposure, counts, pendingEntry] = await Promise.all([
      findExposure(db, drawId, 50),
      countDrawTickets(db, drawId),
      findPendingEntry(db, drawId),
    ]);
    return { draw: d, exposure, tickets: counts, pendingEntry: pendingEntry ?? null };
  }

  async function pendingEntries(): Promise<(ResultEntryRow & { gameCode: string; numero: string })[]> {
    return findPendingEntries(db, 100);
  }

  /** Per game, the draws finished in [from, to) with their tickets, stakes, payouts and gross gaming revenue. */
  async function report(q: {
    from: Date;
    to: Date;
    gameCode?: string | undefined;
  }): Promise<(GameReportRow & { ggrMinor: bigint })[]> {
    return (await findGameReport(db, q)).map((r) => ({ ...r, ggrMinor: r.stakeMinor - r.payoutMinor }));
  }

  return { games, changeGame, setGameStatus, draws, draw, pendingEntries, report };
}

export type LotteryOps = ReturnType<typeof createLotteryOps>;
