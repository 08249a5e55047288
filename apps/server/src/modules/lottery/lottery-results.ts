import { ErrorCode } from '@wps/shared/error-codes';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import { findDraw, markDrawn, type DrawRow } from './lottery-draws.repository';
import { findGame } from './lottery-games.repository';
import {
  findEntry,
  findPendingEntry,
  insertEntry,
  reviewEntry,
  type ResultEntryRow,
} from './lottery-results.repository';
import type { LotteryRules } from './lottery-rules';

// Results from an operator, with four eyes (docs/lottery.md, "Results"): one operator types the
// official result of a draw whose time has come; a different operator approves it, and only then
// does the draw take it (closed → drawn). A rejected entry can be typed again. A feed adapter
// for a real results source would call `enter` as its own operator and leave the approval to a
// person, the same way. Voids are in lottery-voids.ts.

type Db = Kysely<Database>;

export type ResultsContext = {
  db: Db;
  rules: LotteryRules;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
};

export type OperatorActor = { operatorId: string };

export function createLotteryResults(ctx: ResultsContext) {
  const { db, rules, audit, now } = ctx;

  async function requireDraw(drawId: string): Promise<DrawRow> {
    const draw = await findDraw(db, drawId);
    if (!draw) throw new AppError(ErrorCode.LOTTERY_DRAW_NOT_FOUND, 'No such draw', { drawId });
    return draw;
  }

  /** Type in a draw's result; it waits for another operator's approval. */
  async function enter(actor: OperatorActor, drawId: string, result: unknown): Promise<ResultEntryRow> {
    const draw = await requireDraw(drawId);
    const game = (await findGame(db, draw.gameCode))!;
    if (game.resultSource === 'fair')
      throw new AppError(ErrorCode.LOTTERY_DRAW_STATE, 'A fair draw takes its result from its committed seed', {
        drawId,
      });
    if (now() < draw.drawAt)
      throw new AppError(ErrorCode.LOTTERY_DRAW_NOT_DUE, 'The draw time has not come', {
        drawAt: draw.drawAt.toISOString(),
      });
    if (draw.status !== 'closed')
      throw new AppError(ErrorCode.LOTTERY_DRAW_STATE, 'Only a closed draw takes a result', { status: draw.status });
    if (!rules.checkResult(game.family, result))
      throw new AppError(ErrorCode.LOTTERY_RESULT_INVALID, 'This result does not fit the game', {
        family: game.family,
      });
    return runInTransaction(db, async (trx) => {
      if (await findPendingEntry(trx, drawId))
        throw new AppError(ErrorCode.LOTTERY_DRAW_STATE, 'A result for this draw is already waiting for approval', {
          drawId,
        });
      const entry = await insertEntry(trx, { drawId, result, enteredBy: actor.operatorId, at: now() });
      await audit.record(trx, {
        actorType: 'operator',
        actorId: actor.operatorId,
        action: 'lottery.result_entered',
        subjectType: 'lottery_draw',
        subjectId: drawId,
        reason: null,
        before: null,
        after: { gameCode: draw.gameCode, numero: draw.numero, entryId: entry.id, result },
      });
      return entry;
    });
  }

  /** Approve (the draw takes the result) or reject a waiting entry; never by the operator who typed it. */
  async function review(
    actor: OperatorActor,
    entryId: string,
    decision: { approve: boolean; reason?: string | undefined },
  ): Promise<{ entry: ResultEntryRow; draw: DrawRow }> {
    const entry = await findEntry(db, entryId);
    if (!entry || entry.status !== 'pending')
      throw new AppError(ErrorCode.LOTTERY_RESULT_ENTRY_NOT_FOUND, 'No such waiting entry', { entryId });
    if (entry.enteredBy === actor.operatorId)
      throw new AppError(ErrorCode.LOTTERY_RESULT_SAME_OPERATOR, 'Another operator must review this result', {
        entryId,
      });
    return runInTransaction(db, async (trx) => {
      const reviewed = await reviewEntry(trx, entryId, {
        status: decision.approve ? 'approved' : 'rejected',
        reviewedBy: actor.operatorId,
        reason: decision.reason ?? null,
        at: now(),
      });
      if (!reviewed) throw new AppError(ErrorCode.LOTTERY_RESULT_ENTRY_NOT_FOUND, 'No such waiting entry', { entryId });
      if (decision.approve && !(await markDrawn(trx, entry.drawId, entry.result, entry.id, now()))) {
        throw new AppError(ErrorCode.LOTTERY_DRAW_STATE, 'The draw no longer takes a result', { drawId: entry.drawId });
      }
      await audit.record(trx, {
        actorType: 'operator',
        actorId: actor.operatorId,
        action: decision.approve ? 'lottery.result_approved' : 'lottery.result_rejected',
        subjectType: 'lottery_draw',
        subjectId: entry.drawId,
        reason: decision.reason ?? null,
        before: null,
        after: { entryId, enteredBy: entry.enteredBy, result: entry.result },
      });
      return { entry: reviewed, draw: (await findDraw(trx, entry.drawId))! };
    });
  }

  return { enter, review };
}

export type LotteryResults = ReturnType<typeof createLotteryResults>;
