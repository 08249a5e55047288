import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LotteryEntryStatus } from '../../db/tables/lottery';
import { DRAW_COLUMNS, toDraw, type DrawDbRow, type DrawRow } from './lottery-draws.repository';

type Db = Kysely<Database>;

export type ResultEntryRow = {
  id: string;
  drawId: string;
  result: unknown;
  enteredBy: string;
  enteredAt: Date;
  status: LotteryEntryStatus;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  reason: string | null;
};

const ENTRY_COLUMNS = [
  'id',
  'draw_id',
  'result',
  'entered_by',
  'entered_at',
  'status',
  'reviewed_by',
  'reviewed_at',
  'reason',
] as const;

type EntryDbRow = {
  id: string;
  draw_id: string;
  result: unknown;
  entered_by: string;
  entered_at: Date;
  status: LotteryEntryStatus;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  reason: string | null;
};

function toEntry(r: EntryDbRow): ResultEntryRow {
  return {
    id: String(r.id),
    drawId: String(r.draw_id),
    result: r.result,
    enteredBy: String(r.entered_by),
    enteredAt: r.entered_at,
    status: r.status,
    reviewedBy: r.reviewed_by === null ? null : String(r.reviewed_by),
    reviewedAt: r.reviewed_at,
    reason: r.reason,
  };
}

export async function findEntry(db: Db, entryId: string): Promise<ResultEntryRow | undefined> {
  const r = await db
    .selectFrom('lottery_result_entries')
    .select(ENTRY_COLUMNS)
    .where('id', '=', entryId)
    .executeTakeFirst();
  return r ? toEntry(r as EntryDbRow) : undefined;
}

export async function findPendingEntry(db: Db, drawId: string): Promise<ResultEntryRow | undefined> {
  const r = await db
    .selectFrom('lottery_result_entries')
    .select(ENTRY_COLUMNS)
    .where('draw_id', '=', drawId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return r ? toEntry(r as EntryDbRow) : undefined;
}

/** Entries waiting for a second operator, oldest first, with their draw's game and numero (the back office's queue). */
export async function findPendingEntries(
  db: Db,
  limit: number,
): Promise<(ResultEntryRow & { gameCode: string; numero: string })[]> {
  const rows = await db
    .selectFrom('lottery_result_entries as e')
    .innerJoin('lottery_draws as d', 'd.id', 'e.draw_id')
    .select(ENTRY_COLUMNS.map((c) => `e.${c}` as const))
    .select(['d.game_code', 'd.numero'])
    .where('e.status', '=', 'pending')
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...toEntry(r as unknown as EntryDbRow), gameCode: r.game_code, numero: r.numero }));
}

export async function insertEntry(
  trx: Db,
  e: { drawId: string; result: unknown; enteredBy: string; at: Date },
): Promise<ResultEntryRow> {
  const r = await trx
    .insertInto('lottery_result_entries')
    .values({ draw_id: e.drawId, result: JSON.stringify(e.result), entered_by: e.enteredBy, entered_at: e.at })
    .returning(ENTRY_COLUMNS)
    .executeTakeFirstOrThrow();
  return toEntry(r as EntryDbRow);
}

/** Review a waiting entry once; undefined when it was not waiting any more. */
export async function reviewEntry(
  trx: Db,
  entryId: string,
  r: { status: 'approved' | 'rejected'; reviewedBy: string; reason: string | null; at: Date },
): Promise<ResultEntryRow | undefined> {
  const row = await trx
    .updateTable('lottery_result_entries')
    .set({ status: r.status, reviewed_by: r.reviewedBy, reviewed_at: r.at, reason: r.reason })
    .where('id', '=', entryId)
    .where('status', '=', 'pending')
    .returning(ENTRY_COLUMNS)
    .executeTakeFirst();
  return row ? toEntry(row as EntryDbRow) : undefined;
}

/**
 * Each game's latest decided draw (drawn or settled), by game code: the lobby's cards show it.
 * One statement for the whole lobby, each game's row found by its (game_code, draw_at) index
 * rather than by reading every decided draw of every game.
 */
export async function findLastResults(db: Db, gameCodes: readonly string[]): Promise<Map<string, DrawRow>> {
  if (gameCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('lottery_games as g')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('lottery_draws')
          .select(DRAW_COLUMNS)
          .whereRef('lottery_draws.game_code', '=', 'g.code')
          .where('lottery_draws.status', 'in', ['drawn', 'settled'])
          .orderBy('lottery_draws.draw_at', 'desc')
          .limit(1)
          .as('d'),
      (join) => join.onTrue(),
    )
    .selectAll('d')
    .where('g.code', 'in', [...gameCodes])
    .execute();
  return new Map(rows.map((r) => [r.game_code, toDraw(r as unknown as DrawDbRow)]));
}
