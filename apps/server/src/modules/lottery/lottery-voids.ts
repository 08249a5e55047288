import { ErrorCode } from '@wps/shared/error-codes';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import { findDraw, type DrawRow } from './lottery-draws.repository';
import type { OperatorActor } from './lottery-results';
import {
  decideVoidRequest,
  findLatestEntryResult,
  findPendingVoidRequest,
  findPendingVoidRequests,
  findVoidRequest,
  insertVoidRequest,
  lockDrawForVoid,
  markVoided,
  setDrawVoidRequest,
  type VoidRequestRow,
} from './lottery-voids.repository';

// Voiding a draw (docs/lottery.md, "Voiding"). A void refunds every ticket, so once a draw's
// result is known (typed in by an operator, or the draw drawn) it is also a way to refund the
// stakes of a draw the house lost. Before that, one operator voids (a machine fault, a wrong
// schedule). After it, the void waits for a different operator, the same four eyes as a typed-in
// result, and the request records the result that was known. While it waits the clock does not
// settle the draw (the request is marked on the draw's row, which the settle lease checks), so
// the approval still finds it voidable; a rejection lets the clock settle it within seconds.
// Everything is decided under the draw's row lock, so a result typed in while a void is asked
// for either came first (the void waits) or after (the draw is already voided).

type Db = Kysely<Database>;

export type VoidsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
};

const VOIDABLE: readonly DrawRow['status'][] = ['scheduled', 'open', 'closed', 'drawn'];

export function createLotteryVoids(ctx: VoidsContext) {
  const { db, audit, now } = ctx;

  /** What the draw's operators already know of its result; undefined while nobody does. */
  async function knownResult(trx: Db, draw: DrawRow): Promise<unknown> {
    if (draw.status === 'drawn') return draw.result;
    return (await findLatestEntryResult(trx, draw.id))?.result;
  }

  /**
   * POST /ops/lottery/draws/:drawId/void. Voided at once while no result is known; otherwise a
   * request waiting for a second operator (LOTTERY_VOID_PENDING when one already waits).
   */
  async function voidDraw(
    actor: OperatorActor,
    drawId: string,
    reason: string,
  ): Promise<{ draw: DrawRow; request: VoidRequestRow | null }> {
    return runInTransaction(db, async (trx) => {
      const draw = await lockDrawForVoid(trx, drawId);
      if (!draw) throw new AppError(ErrorCode.LOTTERY_DRAW_NOT_FOUND, 'No such draw', { drawId });
      if (!VOIDABLE.includes(draw.status) || draw.settleHolder !== null)
        throw new AppError(ErrorCode.LOTTERY_DRAW_STATE, 'This draw can no longer be voided', { status: draw.status });
      const known = await knownResult(trx, draw);
      if (known === undefined || known === null) {
        const voided = (await markVoided(trx, drawId, reason, now()))!;
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.operatorId,
          action: 'lottery.draw_voided',
          subjectType: 'lottery_draw',
          subjectId: drawId,
          reason,
          before: { status: draw.status },
          after: { gameCode: voided.gameCode, numero: voided.numero, resultKnown: false },
        });
        return { draw: voided, request: null };
      }
      if (draw.voidRequestId !== null)
        throw new AppError(ErrorCode.LOTTERY_VOID_PENDING, 'A void of this draw already waits for approval', {
          requestId: draw.voidRequestId,
        });
      const request = await insertVoidRequest(trx, {
        drawId,
        reason,
        knownResult: known,
        requestedBy: actor.operatorId,
        at: now(),
      });
      await setDrawVoidRequest(trx, drawId, request.id);
      await audit.record(trx, {
        actorType: 'operator',
        actorId: actor.operatorId,
        action: 'lottery.void_requested',
        subjectType: 'lottery_draw',
        subjectId: drawId,
        reason,
        before: { status: draw.status },
        after: { gameCode: draw.gameCode, numero: draw.numero, requestId: request.id, knownResult: known },
      });
      return { draw, request };
    });
  }

  /** Approve (the draw is voided, its tickets refunded) or reject a waiting void; never by its requester. */
  async function review(
    actor: OperatorActor,
    requestId: string,
    decision: { approve: boolean; reason?: string | undefined },
  ): Promise<{ request: VoidRequestRow; draw: DrawRow }> {
    const notFound = () =>
      new AppError(ErrorCode.LOTTERY_VOID_REQUEST_NOT_FOUND, 'No such void waiting for approval', { requestId });
    const found = await findVoidRequest(db, requestId);
    if (!found || found.status !== 'pending') throw notFound();
    if (found.requestedBy === actor.operatorId)
      throw new AppError(ErrorCode.LOTTERY_VOID_SAME_OPERATOR, 'Another operator must decide this void', {
        requestId,
      });
    return runInTransaction(db, async (trx) => {
      // The draw's row first, as a void request takes it, so the two never wait on each other.
      const draw = await lockDrawForVoid(trx, found.drawId);
      const at = now();
      const decided = await decideVoidRequest(trx, requestId, {
        status: decision.approve ? 'approved' : 'rejected',
        decidedBy: actor.operatorId,
        reason: decision.reason ?? null,
        at,
      });
      if (!decided || !draw) throw notFound();
      let after: DrawRow | undefined;
      if (decision.approve) {
        after = await markVoided(trx, draw.id, decided.reason, at);
        if (!after)
          throw new AppError(ErrorCode.LOTTERY_DRAW_STATE, 'This draw can no longer be voided', {
            status: draw.status,
          });
      } else {
        await setDrawVoidRequest(trx, draw.id, null);
      }
      await audit.record(trx, {
        actorType: 'operator',
        actorId: actor.operatorId,
        action: decision.approve ? 'lottery.void_approved' : 'lottery.void_rejected',
        subjectType: 'lottery_draw',
        subjectId: draw.id,
        reason: decision.reason ?? decided.reason,
        before: { status: draw.status },
        after: {
          gameCode: draw.gameCode,
          numero: draw.numero,
          requestId,
          requestedBy: decided.requestedBy,
          decidedBy: actor.operatorId,
          voidReason: decided.reason,
          knownResult: decided.knownResult,
        },
      });
      return { request: decided, draw: after ?? (await findDraw(trx, draw.id))! };
    });
  }

  return {
    voidDraw,
    review,
    /** The void waiting on a draw, if any (the draw's page). */
    pendingFor: (drawId: string) => findPendingVoidRequest(db, drawId),
    /** Voids waiting for a second operator (the back office's queue). */
    pending: () => findPendingVoidRequests(db, 200),
  };
}

export type LotteryVoids = ReturnType<typeof createLotteryVoids>;
