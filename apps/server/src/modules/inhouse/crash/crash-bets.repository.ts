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
 * A new bet, 'placing' (its id and time). 'conflict': the player already used the key or already bet in the round.
 * The round's stake limit was taken before, by takeStake.
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
): Promise<{ id: string; createdAt: Date } | 'conflict'> {
  const r = await db
    .insertInto('crash_bets')
    .values({
      bet_id: b.betId,
      round_id: b.roundId,
      member_id: b.memberId,
      node_id: b.nodeId,
      nickname: b.nickname,
      idempotency_key: b.idempotencyKey,
      stake: b.stake.toString(),
      auto_cashout_hundredths: b.autoCashoutHundredths,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return r ? { id: String(r.id), createdAt: r.created_at } : 'conflict';
}

/**
 * Take a bet's stake into its round's total (migration 0760) while the round is betting, its window
 * open at the database's clock, and the total with it within `maxStakedMinor`: one statement on its
 * own (not in the bet's transaction), so the round's row is held for that statement alone and never
 * across a round trip to a busy server. It commits without waiting for its flush (set_config, local
 * to the statement's transaction): a total lost in a crash is only lower than the bets behind it,
 * which are written, and debited by flushed commits, after it. 'closed': the window had ended;
 * 'round-limit': the total would pass the limit.
 */
export async function takeStake(
  db: Db,
  roundId: string,
  stake: bigint,
  maxStakedMinor: bigint,
): Promise<'taken' | 'closed' | 'round-limit'> {
  const { rows } = await sql<{ taken: number; open: boolean | null }>`
    WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true)),
    u AS (
      UPDATE crash_rounds SET staked_minor = staked_minor + ${stake.toString()}::bigint
      WHERE id = ${roundId}::bigint AND phase = 'betting' AND betting_ends_at > clock_timestamp()
        AND staked_minor + ${stake.toString()}::bigint <= ${maxStakedMinor.toString()}::bigint
        AND EXISTS (SELECT 1 FROM unflushed)
      RETURNING id
    )
    SELECT (SELECT count(*) FROM u)::int AS taken,
      (SELECT phase = 'betting' AND betting_ends_at > clock_timestamp() FROM crash_rounds WHERE id = ${roundId}::bigint) AS open`.execute(
    db,
  );
  const r = rows[0]!;
  if (r.taken === 1) return 'taken';
  return r.open ? 'round-limit' : 'closed';
}

/** Give a stake taken by takeStake back (its bet was not written); unflushed like the taking. */
export async function giveStakeBack(db: Db, roundId: string, stake: bigint): Promise<void> {
  await sql`
    WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))
    UPDATE crash_rounds SET staked_minor = staked_minor - ${stake.toString()}::bigint
    WHERE id = ${roundId}::bigint AND EXISTS (SELECT 1 FROM unflushed)`.execute(db);
}

/**
 * The bet's transaction commits without waiting for its flush: the row holds no money, and the
 * debit that follows it is a flushed commit; PostgreSQL writes its log in order, so a debited
 * bet's row is always durable, and a row lost in a crash before its debit was never answered.
 */
export async function commitWithoutFlush(db: Db): Promise<void> {
  await sql`SET LOCAL synchronous_commit = off`.execute(db);
}

/**
 * A placing bet's debit went through (flying) or was refused with the wallet's code; a refused
 * bet gives its stake back to the round's total. Only placing bets move.
 */
export async function finishPlacing(
  db: Db,
  betId: string,
  outcome: { status: 'flying' } | { status: 'refused'; errorCode: string },
): Promise<void> {
  if (outcome.status === 'flying') {
    await db
      .updateTable('crash_bets')
      .set({ status: 'flying' })
      .where('bet_id', '=', betId)
      .where('status', '=', 'placing')
      .execute();
    return;
  }
  await sql`
    WITH b AS (
      UPDATE crash_bets SET status = 'refused', error_code = ${outcome.errorCode}, settled_at = clock_timestamp()
      WHERE bet_id = ${betId} AND status = 'placing'
      RETURNING round_id, stake
    )
    UPDATE crash_rounds r SET staked_minor = r.staked_minor - b.stake FROM b WHERE r.id = b.round_id`.execute(db);
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
