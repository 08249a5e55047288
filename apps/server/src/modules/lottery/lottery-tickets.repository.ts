import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LotteryTicketStatus } from '../../db/tables/lottery';

type Db = Kysely<Database>;

/** One selection of a ticket as accepted (the slip's line, with the stake after any trim). */
export type TicketSelection = {
  betType: string;
  numbers?: number[] | undefined;
  position?: number | undefined;
  option?: string | undefined;
  lines: number;
  /** The stake of each line, minor units, after any trim to the draw's liability room. */
  stakePerLineMinor: string;
  /** What the player asked per line, when a limit trimmed it. */
  requestedPerLineMinor?: string | undefined;
};

export type TicketRow = {
  id: string;
  drawId: string;
  memberId: string;
  idempotencyKey: string;
  selections: TicketSelection[];
  stakeMinor: bigint;
  maxPayoutMinor: bigint;
  /** The terms it was sold at (migration 0440): its bet types' odds, and the draw's cap then. */
  odds: unknown;
  payoutCapMinor: bigint;
  status: LotteryTicketStatus;
  payoutMinor: bigint | null;
  errorCode: string | null;
  placedAt: Date;
  settledAt: Date | null;
};

const TICKET_COLUMNS = [
  'id',
  'draw_id',
  'member_id',
  'idempotency_key',
  'selections',
  'stake_minor',
  'max_payout_minor',
  'odds',
  'payout_cap_minor',
  'status',
  'payout_minor',
  'error_code',
  'placed_at',
  'settled_at',
] as const;

type TicketDbRow = {
  id: string;
  draw_id: string;
  member_id: string;
  idempotency_key: string;
  selections: unknown;
  stake_minor: string;
  max_payout_minor: string;
  odds: unknown;
  payout_cap_minor: string;
  status: LotteryTicketStatus;
  payout_minor: string | null;
  error_code: string | null;
  placed_at: Date;
  settled_at: Date | null;
};

function toTicket(r: TicketDbRow): TicketRow {
  return {
    id: String(r.id),
    drawId: String(r.draw_id),
    memberId: String(r.member_id),
    idempotencyKey: r.idempotency_key,
    selections: r.selections as TicketSelection[],
    stakeMinor: BigInt(r.stake_minor),
    maxPayoutMinor: BigInt(r.max_payout_minor),
    odds: r.odds,
    payoutCapMinor: BigInt(r.payout_cap_minor),
    status: r.status,
    payoutMinor: r.payout_minor === null ? null : BigInt(r.payout_minor),
    errorCode: r.error_code,
    placedAt: r.placed_at,
    settledAt: r.settled_at,
  };
}

export async function findTicketByKey(
  db: Db,
  memberId: string,
  idempotencyKey: string,
): Promise<TicketRow | undefined> {
  const r = await db
    .selectFrom('lottery_tickets')
    .select(TICKET_COLUMNS)
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return r ? toTicket(r as TicketDbRow) : undefined;
}

export type NewTicket = {
  drawId: string;
  memberId: string;
  idempotencyKey: string;
  selections: TicketSelection[];
  stakeMinor: bigint;
  maxPayoutMinor: bigint;
  /** The odds of its bet types and the game's per-draw limit as the ticket is sold: what it is settled at. */
  odds: unknown;
  payoutCapMinor: bigint;
};

/**
 * Insert a batch's tickets, open, in one statement. A ticket whose member already used its key
 * (a twin placed before, or earlier in the same batch) is not written; the answer maps
 * `<member id>:<key>` to each ticket written.
 */
export async function insertTickets(trx: Db, tickets: NewTicket[], now: Date): Promise<Map<string, TicketRow>> {
  if (tickets.length === 0) return new Map();
  const rows = await trx
    .insertInto('lottery_tickets')
    .values(
      tickets.map((t) => ({
        draw_id: t.drawId,
        member_id: t.memberId,
        idempotency_key: t.idempotencyKey,
        selections: JSON.stringify(t.selections),
        stake_minor: t.stakeMinor.toString(),
        max_payout_minor: t.maxPayoutMinor.toString(),
        odds: JSON.stringify(t.odds),
        payout_cap_minor: t.payoutCapMinor.toString(),
        status: 'open' as const,
        placed_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returning(TICKET_COLUMNS)
    .execute();
  return new Map(rows.map((r) => [`${r.member_id}:${r.idempotency_key}`, toTicket(r as TicketDbRow)]));
}

/** Tickets whose stakes the wallet refused, in the batch that wrote them: refused, with the wallet's code. */
export async function refuseTickets(trx: Db, refused: { id: string; errorCode: string }[]): Promise<void> {
  if (refused.length === 0) return;
  const values = sql.join(refused.map((r) => sql`(${r.id}::bigint, ${r.errorCode}::text)`));
  await sql`
    UPDATE lottery_tickets t SET status = 'refused', error_code = v.code
    FROM (VALUES ${values}) AS v(id, code) WHERE t.id = v.id AND t.status = 'open'`.execute(trx);
}

/** Settle many tickets at once (a settlement batch): each to won or lost with its payout. */
export async function settleTickets(db: Db, settled: { id: string; payoutMinor: bigint }[], now: Date): Promise<void> {
  if (settled.length === 0) return;
  const values = sql.join(settled.map((s) => sql`(${s.id}::bigint, ${s.payoutMinor.toString()}::bigint)`));
  await sql`
    UPDATE lottery_tickets t SET
      status = CASE WHEN v.payout > 0 THEN 'won' ELSE 'lost' END,
      payout_minor = v.payout,
      settled_at = ${now}
    FROM (VALUES ${values}) AS v(id, payout)
    WHERE t.id = v.id AND t.status = 'open'`.execute(db);
}

/**
 * Many open tickets closed with nothing paid: `lost` (a settled draw's losers) or `refunded` (a
 * voided draw's tickets). Returns how many this call moved; a ticket moved before stays as it is.
 */
export async function closeUnpaidTickets(
  db: Db,
  ids: readonly number[],
  status: 'lost' | 'refunded',
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await sql`
    UPDATE lottery_tickets SET status = ${status}, payout_minor = 0, settled_at = ${now}
    WHERE id = ANY(${sql.val(ids)}::bigint[]) AND status = 'open'`.execute(db);
  return Number(r.numAffectedRows ?? 0n);
}

/**
 * What settlement reads of an open ticket to price it, no more than it needs for a million of
 * them: its selections and odds as the database's text, which is both what a pricing cache is
 * keyed by (a draw's tickets repeat a few thousand slips, sold at a few odds) and parsed only on a
 * miss; and the cap it was sold under.
 */
export type TicketToPrice = {
  id: string;
  memberId: string;
  selectionsText: string;
  oddsText: string;
  capMinor: bigint;
};

/** A page of a draw's open tickets, in id order after `afterId`: what settlement prices. */
export async function findTicketsToPrice(
  db: Db,
  drawId: string,
  afterId: string,
  limit: number,
): Promise<TicketToPrice[]> {
  const { rows } = await sql<{ id: string; member_id: string; selections: string; odds: string; cap: string }>`
    SELECT t.id::text AS id, t.member_id::text AS member_id, t.selections::text AS selections, t.odds::text AS odds,
      t.payout_cap_minor::text AS cap
    FROM lottery_tickets AS t
    WHERE t.draw_id = ${drawId}::bigint AND t.status = 'open' AND t.id > ${afterId}::bigint
    ORDER BY t.id LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    memberId: r.member_id,
    selectionsText: r.selections,
    oddsText: r.odds,
    capMinor: BigInt(r.cap),
  }));
}

/** A slip and the odds it was sold at, as the database's text: what settlement prices once. */
export type PricedSlip = { slip: string; odds: string };

/**
 * The distinct slips among a draw's open tickets with the odds each was sold at, as the
 * database's text, at most `limit` of them: settlement prices each once and asks the database
 * for the tickets of the winning ones.
 */
export async function findDrawSlips(db: Db, drawId: string, limit: number): Promise<PricedSlip[]> {
  const { rows } = await sql<PricedSlip>`
    SELECT s.selections::text AS slip, s.odds::text AS odds
    FROM (SELECT t.selections, t.odds FROM lottery_tickets AS t WHERE t.draw_id = ${drawId}::bigint AND t.status = 'open' GROUP BY t.selections, t.odds LIMIT ${limit}) AS s`.execute(
    db,
  );
  return rows;
}

/**
 * The open tickets of a draw holding one of these slips at its odds (as findDrawSlips gave them),
 * each with its slip's gross and the cap it was sold under.
 */
export async function findTicketsOfSlips(
  db: Db,
  drawId: string,
  slips: (PricedSlip & { grossMinor: bigint })[],
): Promise<{ id: string; memberId: string; grossMinor: bigint; capMinor: bigint }[]> {
  if (slips.length === 0) return [];
  const { rows } = await sql<{ id: string; member_id: string; gross: string; cap: string }>`
    SELECT t.id::text AS id, t.member_id::text AS member_id, w.gross::text AS gross, t.payout_cap_minor::text AS cap
    FROM lottery_tickets AS t
    JOIN unnest(${sql.val(slips.map((s) => s.slip))}::jsonb[], ${sql.val(slips.map((s) => s.odds))}::jsonb[],
      ${sql.val(slips.map((s) => s.grossMinor.toString()))}::bigint[]) AS w(slip, odds, gross)
      ON t.selections = w.slip AND t.odds = w.odds
    WHERE t.draw_id = ${drawId}::bigint AND t.status = 'open'
    ORDER BY t.id`.execute(db);
  return rows.map((r) => ({ id: r.id, memberId: r.member_id, grossMinor: BigInt(r.gross), capMinor: BigInt(r.cap) }));
}

/** The players holding open tickets on a draw. */
export async function findDrawPlayers(db: Db, drawId: string): Promise<string[]> {
  const { rows } = await sql<{ member_id: string }>`
    SELECT DISTINCT t.member_id::text AS member_id FROM lottery_tickets AS t WHERE t.draw_id = ${drawId}::bigint AND t.status = 'open'`.execute(
    db,
  );
  return rows.map((r) => r.member_id);
}

/** The lowest and highest id of a draw's open tickets, or null when none is open. */
export async function findOpenTicketSpan(db: Db, drawId: string): Promise<{ from: bigint; to: bigint } | null> {
  const { rows } = await sql<{ lo: string | null; hi: string | null }>`
    SELECT min(t.id)::text AS lo, max(t.id)::text AS hi FROM lottery_tickets AS t WHERE t.draw_id = ${drawId}::bigint AND t.status = 'open'`.execute(
    db,
  );
  const r = rows[0];
  return r?.lo && r.hi ? { from: BigInt(r.lo), to: BigInt(r.hi) } : null;
}

/**
 * Every open ticket of a draw with an id in [fromId, toId] closed with nothing paid: once a
 * draw's winners are marked, its open tickets are its losers. Returns how many it moved.
 */
export async function closeOpenTicketsInRange(
  db: Db,
  drawId: string,
  fromId: bigint,
  toId: bigint,
  status: 'lost' | 'refunded',
  now: Date,
): Promise<number> {
  const r = await sql`
    UPDATE lottery_tickets SET status = ${status}, payout_minor = 0, settled_at = ${now}
    WHERE draw_id = ${drawId}::bigint AND id BETWEEN ${fromId.toString()}::bigint AND ${toId.toString()}::bigint AND status = 'open'`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0n);
}

/** A draw's tickets in a status, in id order after `afterId` (settlement and refund batches). */
export async function findDrawTickets(
  db: Db,
  drawId: string,
  statuses: LotteryTicketStatus[],
  afterId: string,
  limit: number,
): Promise<TicketRow[]> {
  const rows = await db
    .selectFrom('lottery_tickets')
    .select(TICKET_COLUMNS)
    .where('draw_id', '=', drawId)
    .where('status', 'in', statuses)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => toTicket(r as TicketDbRow));
}

/** A member's tickets, newest first; `open` lists those still waiting, else the settled ones. */
export async function findMemberTickets(
  db: Db,
  memberId: string,
  open: boolean,
  beforeId: string | null,
  limit: number,
): Promise<(TicketRow & { gameCode: string; numero: string })[]> {
  let q = db
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .select(TICKET_COLUMNS.map((c) => `t.${c}` as const))
    .select(['d.game_code', 'd.numero'])
    .where('t.member_id', '=', memberId)
    .where('t.status', open ? '=' : '<>', 'open')
    .orderBy('t.id', 'desc')
    .limit(limit);
  if (beforeId !== null) q = q.where('t.id', '<', beforeId);
  const rows = await q.execute();
  return rows.map((r) => ({ ...toTicket(r as unknown as TicketDbRow), gameCode: r.game_code, numero: r.numero }));
}

/** A draw's tickets counted by status, with their stakes. */
export async function countDrawTickets(
  db: Db,
  drawId: string,
): Promise<Record<string, { count: number; stakeMinor: bigint }>> {
  const rows = await sql<{ status: string; n: string; stake: string }>`
    SELECT status, count(*) AS n, coalesce(sum(stake_minor), 0) AS stake FROM lottery_tickets WHERE draw_id = ${drawId} GROUP BY status`.execute(
    db,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.status, { count: Number(r.n), stakeMinor: BigInt(r.stake) }]));
}
