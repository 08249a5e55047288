import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LotteryDrawStatus } from '../../db/tables/lottery';
import type { PlannedDraw } from './lottery-schedule';

type Db = Kysely<Database>;

export type DrawRow = {
  id: string;
  gameCode: string;
  numero: string;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
  status: LotteryDrawStatus;
  serverSeed: string | null;
  serverSeedHash: string | null;
  result: unknown;
  drawnAt: Date | null;
  settledAt: Date | null;
  voidedAt: Date | null;
  voidReason: string | null;
  payoutCapMinor: bigint | null;
  grossPayoutMinor: bigint | null;
  ticketCount: number;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

export const DRAW_COLUMNS = [
  'id',
  'game_code',
  'numero',
  'opens_at',
  'closes_at',
  'draw_at',
  'status',
  'server_seed',
  'server_seed_hash',
  'result',
  'drawn_at',
  'settled_at',
  'voided_at',
  'void_reason',
  'payout_cap_minor',
  'gross_payout_minor',
  'ticket_count',
  'stake_minor',
  'payout_minor',
] as const;

export type DrawDbRow = {
  id: string;
  game_code: string;
  numero: string;
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  status: LotteryDrawStatus;
  server_seed: string | null;
  server_seed_hash: string | null;
  result: unknown;
  drawn_at: Date | null;
  settled_at: Date | null;
  voided_at: Date | null;
  void_reason: string | null;
  payout_cap_minor: string | null;
  gross_payout_minor: string | null;
  ticket_count: number;
  stake_minor: string;
  payout_minor: string;
};

export function toDraw(r: DrawDbRow): DrawRow {
  return {
    id: String(r.id),
    gameCode: r.game_code,
    numero: r.numero,
    opensAt: r.opens_at,
    closesAt: r.closes_at,
    drawAt: r.draw_at,
    status: r.status,
    serverSeed: r.server_seed,
    serverSeedHash: r.server_seed_hash,
    result: r.result,
    drawnAt: r.drawn_at,
    settledAt: r.settled_at,
    voidedAt: r.voided_at,
    voidReason: r.void_reason,
    payoutCapMinor: r.payout_cap_minor === null ? null : BigInt(r.payout_cap_minor),
    grossPayoutMinor: r.gross_payout_minor === null ? null : BigInt(r.gross_payout_minor),
    ticketCount: Number(r.ticket_count),
    stakeMinor: BigInt(r.stake_minor),
    payoutMinor: BigInt(r.payout_minor),
  };
}

export type NewDraw = PlannedDraw & { gameCode: string; serverSeed: string | null; serverSeedHash: string | null };

/** Write planned draws that do not exist yet; a draw another instance wrote first is kept. */
export async function insertMissingDraws(db: Db, draws: NewDraw[]): Promise<number> {
  if (draws.length === 0) return 0;
  const rows = await db
    .insertInto('lottery_draws')
    .values(
      draws.map((d) => ({
        game_code: d.gameCode,
        numero: d.numero,
        opens_at: d.opensAt,
        closes_at: d.closesAt,
        draw_at: d.drawAt,
        server_seed: d.serverSeed,
        server_seed_hash: d.serverSeedHash,
      })),
    )
    .onConflict((oc) => oc.columns(['game_code', 'numero']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/** The numeros a game already has from `from` on (the draw job skips writing those). */
export async function findNumerosFrom(db: Db, gameCode: string, from: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom('lottery_draws')
    .select('numero')
    .where('game_code', '=', gameCode)
    .where('draw_at', '>=', from)
    .execute();
  return new Set(rows.map((r) => r.numero));
}

/**
 * Move every draw whose time came to its next state: scheduled → open at opens_at, open →
 * closed at the cut-off. Each move is one conditional UPDATE, so instances racing move a draw
 * once. Returns the draws closed now.
 */
export async function advanceDraws(db: Db, now: Date): Promise<{ opened: number; closed: string[] }> {
  const opened = await db
    .updateTable('lottery_draws')
    .set({ status: 'open' })
    .where('status', '=', 'scheduled')
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .executeTakeFirst();
  const closed = await db
    .updateTable('lottery_draws')
    .set({ status: 'closed' })
    .where('status', 'in', ['scheduled', 'open'])
    .where('closes_at', '<=', now)
    .returning('id')
    .execute();
  return { opened: Number(opened.numUpdatedRows), closed: closed.map((r) => String(r.id)) };
}

/** Closed draws whose draw time has come, oldest first, with their game's result source. */
export async function findDueDraws(
  db: Db,
  now: Date,
  limit: number,
): Promise<(DrawRow & { resultSource: string; family: string })[]> {
  const rows = await db
    .selectFrom('lottery_draws as d')
    .innerJoin('lottery_games as g', 'g.code', 'd.game_code')
    .select(DRAW_COLUMNS.map((c) => `d.${c}` as const))
    .select(['g.result_source', 'g.family'])
    .where('d.status', '=', 'closed')
    .where('d.draw_at', '<=', now)
    .orderBy('d.draw_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...toDraw(r as DrawDbRow), resultSource: r.result_source, family: r.family }));
}

/** Record a draw's result once: closed → drawn. False when another instance (or a void) got there first. */
export async function markDrawn(
  db: Db,
  drawId: string,
  result: unknown,
  entryId: string | null,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('lottery_draws')
    .set({ status: 'drawn', result: JSON.stringify(result), result_entry_id: entryId, drawn_at: now })
    .where('id', '=', drawId)
    .where('status', '=', 'closed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function findDraw(db: Db, drawId: string): Promise<DrawRow | undefined> {
  const r = await db.selectFrom('lottery_draws').select(DRAW_COLUMNS).where('id', '=', drawId).executeTakeFirst();
  return r ? toDraw(r as DrawDbRow) : undefined;
}

export async function findDrawByNumero(db: Db, gameCode: string, numero: string): Promise<DrawRow | undefined> {
  const r = await db
    .selectFrom('lottery_draws')
    .select(DRAW_COLUMNS)
    .where('game_code', '=', gameCode)
    .where('numero', '=', numero)
    .executeTakeFirst();
  return r ? toDraw(r as DrawDbRow) : undefined;
}

/** The draw a game is taking bets for at `now` (betting open, cut-off not reached). */
export async function findOpenDraw(db: Db, gameCode: string, now: Date): Promise<DrawRow | undefined> {
  const r = await db
    .selectFrom('lottery_draws')
    .select(DRAW_COLUMNS)
    .where('game_code', '=', gameCode)
    .where('status', 'in', ['scheduled', 'open'])
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .orderBy('draw_at')
    .limit(1)
    .executeTakeFirst();
  return r ? toDraw(r as DrawDbRow) : undefined;
}

/** The draw each of several games is taking bets for at `now`, in one statement (the lobby's menus). */
export async function findOpenDraws(db: Db, gameCodes: string[], now: Date): Promise<Map<string, DrawRow>> {
  if (gameCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('lottery_draws')
    .select(DRAW_COLUMNS)
    .where('game_code', 'in', gameCodes)
    .where('status', 'in', ['scheduled', 'open'])
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .orderBy('game_code')
    .orderBy('draw_at')
    .execute();
  const open = new Map<string, DrawRow>();
  for (const r of rows) if (!open.has(r.game_code)) open.set(r.game_code, toDraw(r as DrawDbRow));
  return open;
}

/** The draw rows of a batch of placements, locked in id order (FOR SHARE: batches run side by side, a close or void waits). */
export async function lockDrawsForBet(trx: Db, drawIds: string[]): Promise<Map<string, DrawRow>> {
  if (drawIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('lottery_draws')
    .select(DRAW_COLUMNS)
    .where('id', 'in', drawIds)
    .orderBy('id')
    .forShare()
    .execute();
  return new Map(rows.map((r) => [String(r.id), toDraw(r as DrawDbRow)]));
}

/** A game's latest decided draws (drawn, settled), newest first. */
export async function findRecentResults(db: Db, gameCode: string, limit: number): Promise<DrawRow[]> {
  const rows = await db
    .selectFrom('lottery_draws')
    .select(DRAW_COLUMNS)
    .where('game_code', '=', gameCode)
    .where('status', 'in', ['drawn', 'settled'])
    .orderBy('draw_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => toDraw(r as DrawDbRow));
}

/**
 * When the clock next has something to do: the earliest opening, cut-off or fair draw time still
 * ahead of a draw, or a draw to finish (now, or when another instance's lease on it runs out). An
 * operator's draw waits for its approved result, which is no time. Null when nothing is planned.
 */
export async function findNextDrawEventAt(db: Db, now: Date): Promise<Date | null> {
  const { rows } = await sql<{ next_at: Date | null }>`
    SELECT least(
      (SELECT min(opens_at) FROM lottery_draws WHERE status = 'scheduled'),
      (SELECT min(closes_at) FROM lottery_draws WHERE status IN ('scheduled', 'open')),
      (SELECT min(d.draw_at) FROM lottery_draws AS d JOIN lottery_games AS g ON g.code = d.game_code
        WHERE d.status = 'closed' AND g.result_source = 'fair'),
      (SELECT min(coalesce(settle_lease_until, ${now})) FROM lottery_draws
        WHERE (status = 'drawn' AND void_request_id IS NULL) OR (status = 'voided' AND settled_at IS NULL))) AS next_at`.execute(
    db,
  );
  const at = rows[0]?.next_at;
  return at ? new Date(at) : null;
}

/**
 * A draw the clock finishes: a drawn one, unless a void of it waits for a second operator (the
 * draw stays voidable until that decision; lottery-voids.ts), or a voided one not yet refunded.
 */
const isToFinish = (eb: ExpressionBuilder<Database, 'lottery_draws'>) =>
  eb.or([
    eb.and([eb('status', '=', 'drawn'), eb('void_request_id', 'is', null)]),
    eb.and([eb('status', '=', 'voided'), eb('settled_at', 'is', null)]),
  ]);

/** Drawn draws (unless a void waits for its second operator) or voided ones, with tickets still to settle or refund. */
export async function findDrawsToFinish(db: Db, now: Date, limit: number): Promise<DrawRow[]> {
  const rows = await db
    .selectFrom('lottery_draws')
    .select(DRAW_COLUMNS)
    .where(isToFinish)
    .where((eb) => eb.or([eb('settle_lease_until', 'is', null), eb('settle_lease_until', '<', now)]))
    .orderBy('draw_at')
    .limit(limit)
    .execute();
  return rows.map((r) => toDraw(r as DrawDbRow));
}

/**
 * Take (or renew) the lease on finishing a draw. Only one instance holds it; an instance killed
 * mid-way stops renewing and another takes the draw over once the lease ran out.
 */
export async function takeSettleLease(
  db: Db,
  drawId: string,
  holder: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const r = await db
    .updateTable('lottery_draws')
    .set({ settle_holder: holder, settle_lease_until: new Date(now.getTime() + leaseMs) })
    .where('id', '=', drawId)
    .where(isToFinish)
    .where((eb) =>
      eb.or([
        eb('settle_lease_until', 'is', null),
        eb('settle_lease_until', '<', now),
        eb('settle_holder', '=', holder),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Fix a draw's payout cap and gross before its first win is paid; kept if already fixed. */
export async function fixPayoutCap(db: Db, drawId: string, capMinor: bigint | null, grossMinor: bigint): Promise<void> {
  await db
    .updateTable('lottery_draws')
    .set({
      payout_cap_minor: capMinor === null ? null : capMinor.toString(),
      gross_payout_minor: grossMinor.toString(),
    })
    .where('id', '=', drawId)
    .where('gross_payout_minor', 'is', null)
    .execute();
}

/** The draw is finished: its totals from its tickets, and the lease let go. */
export async function markFinished(db: Db, drawId: string, now: Date): Promise<void> {
  await sql`
    UPDATE lottery_draws d SET
      status = CASE WHEN d.status = 'drawn' THEN 'settled' ELSE d.status END,
      settled_at = ${now},
      settle_holder = NULL,
      settle_lease_until = NULL,
      ticket_count = t.n,
      stake_minor = t.stake,
      payout_minor = t.payout
    FROM (
      SELECT count(*)::int AS n, coalesce(sum(stake_minor), 0) AS stake, coalesce(sum(payout_minor), 0) AS payout
      FROM lottery_tickets WHERE draw_id = ${drawId} AND status IN ('won', 'lost', 'refunded')
    ) t
    WHERE d.id = ${drawId} AND d.settled_at IS NULL`.execute(db);
}

/** Draws newest first by game and status, one page of keyset paging (the back office's list). */
export async function findDrawsPage(
  db: Db,
  q: {
    gameCode?: string | undefined;
    status?: LotteryDrawStatus | undefined;
    before?: string | undefined;
    limit: number;
  },
): Promise<DrawRow[]> {
  let query = db.selectFrom('lottery_draws').select(DRAW_COLUMNS).orderBy('id', 'desc').limit(q.limit);
  if (q.gameCode) query = query.where('game_code', '=', q.gameCode);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.before) query = query.where('id', '<', q.before);
  return (await query.execute()).map((r) => toDraw(r as DrawDbRow));
}

/** When the game's latest draw written so far is (null: none yet). */
export async function findLastDrawAt(db: Db, code: string): Promise<Date | null> {
  const r = await db
    .selectFrom('lottery_draws')
    .select((eb) => eb.fn.max('draw_at').as('last'))
    .where('game_code', '=', code)
    .executeTakeFirst();
  return r?.last ? new Date(r.last as Date | string) : null;
}
