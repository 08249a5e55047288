import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LotteryEntryStatus } from '../../db/tables/lottery';
import { DRAW_COLUMNS, toDraw, type DrawDbRow, type DrawRow } from './lottery-draws.repository';

type Db = Kysely<Database>;

export type VoidRequestRow = {
  id: string;
  drawId: string;
  reason: string;
  knownResult: unknown;
  requestedBy: string;
  requestedAt: Date;
  status: LotteryEntryStatus;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
};

const REQUEST_COLUMNS = [
  'id',
  'draw_id',
  'reason',
  'known_result',
  'requested_by',
  'requested_at',
  'status',
  'decided_by',
  'decided_at',
  'decision_reason',
] as const;

type RequestDbRow = {
  id: string;
  draw_id: string;
  reason: string;
  known_result: unknown;
  requested_by: string;
  requested_at: Date;
  status: LotteryEntryStatus;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
};

function toRequest(r: RequestDbRow): VoidRequestRow {
  return {
    id: String(r.id),
    drawId: String(r.draw_id),
    reason: r.reason,
    knownResult: r.known_result,
    requestedBy: String(r.requested_by),
    requestedAt: r.requested_at,
    status: r.status,
    decidedBy: r.decided_by === null ? null : String(r.decided_by),
    decidedAt: r.decided_at,
    decisionReason: r.decision_reason,
  };
}

/** The draw's row locked for a void: whether a settlement has begun and whether a void already waits. */
export async function lockDrawForVoid(
  trx: Db,
  drawId: string,
): Promise<(DrawRow & { settleHolder: string | null; voidRequestId: string | null }) | undefined> {
  const r = await trx
    .selectFrom('lottery_draws')
    .select([...DRAW_COLUMNS, 'settle_holder', 'void_request_id'])
    .where('id', '=', drawId)
    .forUpdate()
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    ...toDraw(r as DrawDbRow),
    settleHolder: r.settle_holder,
    voidRequestId: r.void_request_id === null ? null : String(r.void_request_id),
  };
}

/** The latest result typed in for the draw, approved, waiting or rejected: each was seen by operators. */
export async function findLatestEntryResult(db: Db, drawId: string): Promise<{ result: unknown } | undefined> {
  return db
    .selectFrom('lottery_result_entries')
    .select('result')
    .where('draw_id', '=', drawId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Void a draw whose settlement has not begun: every ticket is then refunded by the finishing
 * job. A drawn draw can be voided only while no instance has taken it to settle (settle_holder
 * is set by the first lease and kept until the draw is finished), so no win is ever paid on a
 * draw that is then refunded. The row lock orders a void and a first lease: the later one
 * re-reads the row and finds it taken. A waiting void request is let go with it.
 */
export async function markVoided(db: Db, drawId: string, reason: string, now: Date): Promise<DrawRow | undefined> {
  const r = await db
    .updateTable('lottery_draws')
    .set({ status: 'voided', voided_at: now, void_reason: reason, void_request_id: null })
    .where('id', '=', drawId)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['scheduled', 'open', 'closed']),
        eb.and([eb('status', '=', 'drawn'), eb('settle_holder', 'is', null)]),
      ]),
    )
    .returning(DRAW_COLUMNS)
    .executeTakeFirst();
  return r ? toDraw(r as DrawDbRow) : undefined;
}

/** Mark (or clear) the void waiting on a draw; while it is set the clock leaves a drawn draw unsettled. */
export async function setDrawVoidRequest(trx: Db, drawId: string, requestId: string | null): Promise<void> {
  await trx.updateTable('lottery_draws').set({ void_request_id: requestId }).where('id', '=', drawId).execute();
}

export async function insertVoidRequest(
  trx: Db,
  v: { drawId: string; reason: string; knownResult: unknown; requestedBy: string; at: Date },
): Promise<VoidRequestRow> {
  const r = await trx
    .insertInto('lottery_void_requests')
    .values({
      draw_id: v.drawId,
      reason: v.reason,
      known_result: JSON.stringify(v.knownResult),
      requested_by: v.requestedBy,
      requested_at: v.at,
    })
    .returning(REQUEST_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRequest(r as RequestDbRow);
}

export async function findVoidRequest(db: Db, requestId: string): Promise<VoidRequestRow | undefined> {
  const r = await db
    .selectFrom('lottery_void_requests')
    .select(REQUEST_COLUMNS)
    .where('id', '=', requestId)
    .executeTakeFirst();
  return r ? toRequest(r as RequestDbRow) : undefined;
}

export async function findPendingVoidRequest(db: Db, drawId: string): Promise<VoidRequestRow | undefined> {
  const r = await db
    .selectFrom('lottery_void_requests')
    .select(REQUEST_COLUMNS)
    .where('draw_id', '=', drawId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return r ? toRequest(r as RequestDbRow) : undefined;
}

/** Voids waiting for a second operator, oldest first, with their draw's game and numero (the back office's queue). */
export async function findPendingVoidRequests(
  db: Db,
  limit: number,
): Promise<(VoidRequestRow & { gameCode: string; numero: string })[]> {
  const rows = await db
    .selectFrom('lottery_void_requests as v')
    .innerJoin('lottery_draws as d', 'd.id', 'v.draw_id')
    .select(REQUEST_COLUMNS.map((c) => `v.${c}` as const))
    .select(['d.game_code', 'd.numero'])
    .where('v.status', '=', 'pending')
    .orderBy('v.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...toRequest(r as unknown as RequestDbRow), gameCode: r.game_code, numero: r.numero }));
}

/** Decide a waiting request once; undefined when it was not waiting any more. */
export async function decideVoidRequest(
  trx: Db,
  requestId: string,
  d: { status: 'approved' | 'rejected'; decidedBy: string; reason: string | null; at: Date },
): Promise<VoidRequestRow | undefined> {
  const r = await trx
    .updateTable('lottery_void_requests')
    .set({ status: d.status, decided_by: d.decidedBy, decided_at: d.at, decision_reason: d.reason })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .returning(REQUEST_COLUMNS)
    .executeTakeFirst();
  return r ? toRequest(r as RequestDbRow) : undefined;
}
