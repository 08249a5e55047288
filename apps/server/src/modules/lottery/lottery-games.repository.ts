import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LotteryPrizeMode, LotteryRegion, LotteryResultSource } from '../../db/tables/lottery';
import type { NextSchedule } from './lottery-schedule';

type Db = Kysely<Database>;

/** A game's limits, minor units. */
export type GameLimits = {
  /** Least and most stake per line. */
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  /** Most a draw may pay on one liability key (a number under a bet type). */
  perKeyMinor: bigint;
  /** Most one ticket may pay. */
  perTicketMinor: bigint;
  /** Most one draw pays in all; over it every win is scaled down alike. */
  perDrawMinor: bigint;
};

export type GameRow = {
  code: string;
  name: string;
  family: string;
  prizeMode: LotteryPrizeMode;
  groupCode: string;
  region: LotteryRegion | null;
  intervalSeconds: number | null;
  drawTime: string | null;
  /** The zone a daily draw's time is in; the operator's when null. */
  drawZone: string | null;
  /** A changed schedule waiting for its first local day (lottery-schedule.ts). */
  nextSchedule: NextSchedule | null;
  closeBeforeSeconds: number;
  resultSource: LotteryResultSource;
  /**
   * The country whose official lottery draw gives the results ('VN'), null for our own draws:
   * a game with one sells bets on a foreign lottery's draw (licence.ts, `lotteryProductClass`).
   */
  resultCountry: string | null;
  paytable: unknown;
  limits: GameLimits;
  status: 'active' | 'paused';
  sortOrder: number;
};

type StoredLimits = { minStake: string; maxStake: string; perKey: string; perTicket: string; perDraw: string };

function limitsToJson(l: GameLimits): string {
  const stored: StoredLimits = {
    minStake: l.minStakeMinor.toString(),
    maxStake: l.maxStakeMinor.toString(),
    perKey: l.perKeyMinor.toString(),
    perTicket: l.perTicketMinor.toString(),
    perDraw: l.perDrawMinor.toString(),
  };
  return JSON.stringify(stored);
}

function limitsFromJson(v: unknown): GameLimits {
  const s = v as StoredLimits;
  return {
    minStakeMinor: BigInt(s.minStake),
    maxStakeMinor: BigInt(s.maxStake),
    perKeyMinor: BigInt(s.perKey),
    perTicketMinor: BigInt(s.perTicket),
    perDrawMinor: BigInt(s.perDraw),
  };
}

const GAME_COLUMNS = [
  'code',
  'name',
  'family',
  'prize_mode',
  'group_code',
  'region',
  'interval_seconds',
  'draw_time',
  'draw_zone',
  'next_interval_seconds',
  'next_draw_time',
  'schedule_from',
  'close_before_seconds',
  'result_source',
  'result_country',
  'paytable',
  'limits',
  'status',
  'sort_order',
] as const;

type GameDbRow = {
  code: string;
  name: string;
  family: string;
  prize_mode: LotteryPrizeMode;
  group_code: string;
  region: LotteryRegion | null;
  interval_seconds: number | null;
  draw_time: string | null;
  draw_zone: string | null;
  next_interval_seconds: number | null;
  next_draw_time: string | null;
  schedule_from: string | null;
  close_before_seconds: number;
  result_source: LotteryResultSource;
  result_country: string | null;
  paytable: unknown;
  limits: unknown;
  status: 'active' | 'paused';
  sort_order: number;
};

function toGame(r: GameDbRow): GameRow {
  return {
    code: r.code,
    name: r.name,
    family: r.family,
    prizeMode: r.prize_mode,
    groupCode: r.group_code,
    region: r.region,
    intervalSeconds: r.interval_seconds,
    drawTime: r.draw_time,
    drawZone: r.draw_zone,
    nextSchedule:
      r.schedule_from === null
        ? null
        : { intervalSeconds: r.next_interval_seconds, drawTime: r.next_draw_time, from: r.schedule_from },
    closeBeforeSeconds: r.close_before_seconds,
    resultSource: r.result_source,
    resultCountry: r.result_country,
    paytable: r.paytable,
    limits: limitsFromJson(r.limits),
    status: r.status,
    sortOrder: r.sort_order,
  };
}

export async function findGames(db: Db): Promise<GameRow[]> {
  const rows = await db
    .selectFrom('lottery_games')
    .select(GAME_COLUMNS)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  return rows.map((r) => toGame(r as GameDbRow));
}

export async function findGame(db: Db, code: string): Promise<GameRow | undefined> {
  const r = await db.selectFrom('lottery_games').select(GAME_COLUMNS).where('code', '=', code).executeTakeFirst();
  return r ? toGame(r as GameDbRow) : undefined;
}

export type GameWrite = Omit<GameRow, 'status' | 'sortOrder' | 'nextSchedule'> & {
  status?: 'active' | 'paused';
  sortOrder?: number;
};

/** Write the games that do not exist yet (the demo seed); existing games keep the operator's settings. */
export async function insertMissingGames(db: Db, games: GameWrite[]): Promise<number> {
  if (games.length === 0) return 0;
  const rows = await db
    .insertInto('lottery_games')
    .values(
      games.map((g) => ({
        code: g.code,
        name: g.name,
        family: g.family,
        prize_mode: g.prizeMode,
        group_code: g.groupCode,
        region: g.region,
        interval_seconds: g.intervalSeconds,
        draw_time: g.drawTime,
        draw_zone: g.drawZone,
        close_before_seconds: g.closeBeforeSeconds,
        result_source: g.resultSource,
        result_country: g.resultCountry,
        paytable: JSON.stringify(g.paytable),
        limits: limitsToJson(g.limits),
        ...(g.status ? { status: g.status } : {}),
        ...(g.sortOrder !== undefined ? { sort_order: g.sortOrder } : {}),
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .execute();
  return rows.length;
}

/**
 * Change a game's settings (the back office); the family and code never change. `nextSchedule`
 * is the changed schedule waiting for its first day (null: none waits).
 */
export async function updateGame(
  db: Db,
  code: string,
  patch: {
    name: string;
    paytable: unknown;
    limits: GameLimits;
    status: 'active' | 'paused';
    closeBeforeSeconds: number;
    sortOrder: number;
    nextSchedule: NextSchedule | null;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('lottery_games')
    .set({
      name: patch.name,
      paytable: JSON.stringify(patch.paytable),
      limits: limitsToJson(patch.limits),
      status: patch.status,
      close_before_seconds: patch.closeBeforeSeconds,
      sort_order: patch.sortOrder,
      next_interval_seconds: patch.nextSchedule?.intervalSeconds ?? null,
      next_draw_time: patch.nextSchedule?.drawTime ?? null,
      schedule_from: patch.nextSchedule?.from ?? null,
      updated_at: new Date(),
    })
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Open or pause a game alone (lottery-ops.ts, setGameStatus); true when it exists. */
export async function updateGameStatus(db: Db, code: string, status: 'active' | 'paused'): Promise<boolean> {
  const r = await db
    .updateTable('lottery_games')
    .set({ status, updated_at: new Date() })
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The games open for sale whose results are another country's official draw: a switch to a
 * licence that forbids them lists them.
 */
export async function findActiveForeignGames(db: Db): Promise<{ code: string; name: string; resultCountry: string }[]> {
  const rows = await db
    .selectFrom('lottery_games')
    .select(['code', 'name', 'result_country'])
    .where('status', '=', 'active')
    .where('result_country', 'is not', null)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, resultCountry: r.result_country! }));
}

/**
 * A waiting schedule made the game's own once its first day has come. Conditional on the same
 * waiting schedule, so instances doing it together, or an operator's change meanwhile, leave one
 * answer.
 */
export async function adoptNextSchedule(db: Db, code: string, from: string): Promise<boolean> {
  const r = await db
    .updateTable('lottery_games')
    .set({
      interval_seconds: sql<number | null>`next_interval_seconds`,
      draw_time: sql<string | null>`next_draw_time`,
      next_interval_seconds: null,
      next_draw_time: null,
      schedule_from: null,
      updated_at: new Date(),
    })
    .where('code', '=', code)
    .where('schedule_from', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Games by tickets placed since `since`, most first (the popular list). */
export async function findPopularCodes(
  db: Db,
  since: Date,
  limit: number,
): Promise<{ code: string; tickets: number }[]> {
  const rows = await sql<{ code: string; tickets: string }>`
    SELECT d.game_code AS code, count(*) AS tickets
    FROM lottery_tickets t JOIN lottery_draws d ON d.id = t.draw_id
    WHERE t.placed_at >= ${since} AND t.status <> 'refused'
    GROUP BY d.game_code ORDER BY count(*) DESC, d.game_code LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => ({ code: r.code, tickets: Number(r.tickets) }));
}

/** The games a member bet on, most recent first. */
export async function findRecentCodes(db: Db, memberId: string, limit: number): Promise<string[]> {
  const rows = await sql<{ code: string }>`
    SELECT d.game_code AS code, max(t.id) AS last
    FROM lottery_tickets t JOIN lottery_draws d ON d.id = t.draw_id
    WHERE t.member_id = ${memberId}
    GROUP BY d.game_code ORDER BY max(t.id) DESC LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => r.code);
}

export async function findFavouriteCodes(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('lottery_favourites')
    .select('game_code')
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.game_code);
}

export async function setFavourite(db: Db, memberId: string, code: string, on: boolean): Promise<void> {
  if (on) {
    await db
      .insertInto('lottery_favourites')
      .values({ member_id: memberId, game_code: code })
      .onConflict((oc) => oc.columns(['member_id', 'game_code']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('lottery_favourites').where('member_id', '=', memberId).where('game_code', '=', code).execute();
  }
}
