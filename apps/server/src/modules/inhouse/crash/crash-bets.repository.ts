import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { toBet, type CrashBetRow } from './crash.repository';

// Crash's SQL for its bets (migration 0720): written and moved under the round's row lock, which
// the callers hold (crash.repository.ts findOpenRound with lock).

type Db = Kysely<Database>;

export async function listRoundBets(db: Db, roundId: string): Promise<CrashBetRow[]> {
  const rows = await db.selectFrom('crash_bets').selectAll().where('round_id', '=', roundId).orderBy('id').execute();
  return rows.map((r) => toBet(r as never));
}

export async function findBetByKey(db: Db, memberId: string, key: string): Promise<CrashBetRow | undefined> {
  const r = await db
    .selectFrom('crash_bets')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return r ? toBet(r as never) : undefined;
}

/**
 * A new bet, 'placing', when the round's stakes (placing or flying) with it stay within
 * `maxStakedMinor`: checked in the insert itself, so the round's lock is held for one statement.
 * 'conflict': the player already used the key or already bet in the round.
 */
export async function insertBet(
  db: Db,
  b: {
    betId: string;
    roundId: string;
    memberId: string;
    nodeId: string;
    nickname: string;
    idempotencyKey: string;
    stake: bigint;
    autoCashoutHundredths: number | null;
  },
  maxStakedMinor: bigint,
): Promise<'inserted' | 'conflict' | 'round-limit'> {
  const within = sql<boolean>`(
    SELECT coalesce(sum(stake), 0) FROM crash_bets WHERE round_id = ${b.roundId}::bigint AND status IN ('placing', 'flying')
  ) + ${b.stake.toString()}::bigint <= ${maxStakedMinor.toString()}::bigint`;
  const { rows } = await sql<{ inserted: number; within: boolean }>`
    WITH ins AS (
      INSERT INTO crash_bets (bet_id, round_id, member_id, node_id, nickname, idempotency_key, stake, auto_cashout_hundredths)
      SELECT ${b.betId}::text, ${b.roundId}::bigint, ${b.memberId}::bigint, ${b.nodeId}::text, ${b.nickname}::text,
        ${b.idempotencyKey}::text, ${b.stake.toString()}::bigint, ${b.autoCashoutHundredths}::integer
      WHERE ${within}
      ON CONFLICT DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*) FROM ins)::int AS inserted, ${within} AS within`.execute(db);
  const r = rows[0]!;
  if (r.inserted === 1) return 'inserted';
  return r.within ? 'conflict' : 'round-limit';
}

/** A placing bet's debit went through (flying) or was refused with the wallet's code. Only placing bets move. */
export async function finishPlacing(
  db: Db,
  betId: string,
  outcome: { status: 'flying' } | { status: 'refused'; errorCode: string },
): Promise<void> {
  const placing = db.updateTable('crash_bets').where('bet_id', '=', betId).where('status', '=', 'placing');
  if (outcome.status === 'flying') await placing.set({ status: 'flying' }).execute();
  else
    await placing
      .set({ status: 'refused', error_code: outcome.errorCode, settled_at: sql<Date>`clock_timestamp()` })
      .execute();
}

/** Cash a flying bet out at a multiplier; false when it was no longer flying. */
export async function cashBet(db: Db, betId: string, hundredths: number, payout: bigint): Promise<boolean> {
  const r = await db
    .updateTable('crash_bets')
    .set({
      status: 'cashed',
      cashout_hundredths: hundredths,
      payout: payout.toString(),
      cashed_at: sql<Date>`clock_timestamp()`,
    })
    .where('bet_id', '=', betId)
    .where('status', '=', 'flying')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Cash many flying bets out in one statement (a flight step's automatic and limit cash-outs). */
export async function cashBets(
  db: Db,
  cashOuts: readonly { betId: string; cashoutHundredths: number; payout: bigint }[],
): Promise<void> {
  if (cashOuts.length === 0) return;
  const rows = JSON.stringify(cashOuts.map((c) => ({ b: c.betId, h: c.cashoutHundredths, p: c.payout.toString() })));
  await sql`
    UPDATE crash_bets AS c
    SET status = 'cashed', cashout_hundredths = v.h, payout = v.p, cashed_at = clock_timestamp()
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(b text, h integer, p bigint)
    WHERE c.bet_id = v.b AND c.status = 'flying'`.execute(db);
}

/** The bust: every bet still flying in the round is lost. */
export async function loseFlyingBets(db: Db, roundId: string): Promise<void> {
  await db
    .updateTable('crash_bets')
    .set({ status: 'lost' })
    .where('round_id', '=', roundId)
    .where('status', '=', 'flying')
    .execute();
}

/** Bets whose outcome is decided but whose money step has not been confirmed, oldest first. */
export async function findUnsettledBets(db: Db, limit: number): Promise<CrashBetRow[]> {
  const rows = await db
    .selectFrom('crash_bets')
    .selectAll()
    .where('status', 'in', ['cashed', 'lost'])
    .where('settled_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => toBet(r as never));
}

/** Placing bets of a round (the driver finishes them before the flight starts). */
export async function findPlacingBets(db: Db, roundId: string): Promise<CrashBetRow[]> {
  const rows = await db
    .selectFrom('crash_bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('status', '=', 'placing')
    .execute();
  return rows.map((r) => toBet(r as never));
}

export async function markBetsSettled(db: Db, betIds: string[]): Promise<void> {
  if (betIds.length === 0) return;
  await db
    .updateTable('crash_bets')
    .set({ settled_at: sql<Date>`clock_timestamp()` })
    .where('bet_id', 'in', betIds)
    .where('settled_at', 'is', null)
    .execute();
}

/** A bet with its round's number and crash point (shown only once the round has busted). */
export type CrashBetView = CrashBetRow & { roundNumber: number; crashHundredths: number | null };

/** The one select of bets with their round: a player's history and a bet's answer both read it. */
function betsWithRound(db: Db) {
  return db
    .selectFrom('crash_bets as b')
    .innerJoin('crash_rounds as r', 'r.id', 'b.round_id')
    .selectAll('b')
    .select([
      'r.round_number',
      sql<number | null>`CASE WHEN r.phase = 'busted' THEN r.crash_hundredths END`.as('crash_point'),
    ]);
}

function toBetView(r: { round_number: number; crash_point: number | null }): CrashBetView {
  return { ...toBet(r as never), roundNumber: r.round_number, crashHundredths: r.crash_point };
}

/** The player's bets with their rounds' crash point once busted, newest first. */
export async function listMemberBets(db: Db, memberId: string, limit: number): Promise<CrashBetView[]> {
  const rows = await betsWithRound(db)
    .where('b.member_id', '=', memberId)
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toBetView);
}

/** One bet with its round's number and crash point once busted. */
export async function findBetView(db: Db, betId: string): Promise<CrashBetView> {
  return toBetView(await betsWithRound(db).where('b.bet_id', '=', betId).executeTakeFirstOrThrow());
}

/** A player's bet in a round, if any. */
export async function findMemberBetInRound(
  db: Db,
  roundId: string,
  memberId: string,
): Promise<CrashBetRow | undefined> {
  const r = await db
    .selectFrom('crash_bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return r ? toBet(r as never) : undefined;
}

/** The house's result per busted round (stakes less payouts of bets that flew), newest first: the back office's monitor. */
export async function listRoundResults(
  db: Db,
  limit: number,
): Promise<
  { roundNumber: number; crashHundredths: number; players: number; stakeMinor: bigint; payoutMinor: bigint }[]
> {
  const rows = await db
    .selectFrom('crash_rounds as r')
    .leftJoin('crash_bets as b', (j) => j.onRef('b.round_id', '=', 'r.id').on('b.status', 'in', ['cashed', 'lost']))
    .select([
      'r.round_number',
      'r.crash_hundredths',
      sql<string>`count(b.id)`.as('players'),
      sql<string>`coalesce(sum(b.stake), 0)`.as('stake'),
      sql<string>`coalesce(sum(b.payout), 0)`.as('payout'),
    ])
    .where('r.phase', '=', 'busted')
    .groupBy(['r.id', 'r.round_number', 'r.crash_hundredths'])
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    roundNumber: r.round_number,
    crashHundredths: r.crash_hundredths,
    players: Number(r.players),
    stakeMinor: BigInt(r.stake),
    payoutMinor: BigInt(r.payout),
  }));
}
