import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { MemberViews } from '../../member/member-views';
import { toBet, type CrashBetRow } from './crash.repository';

// Crash's SQL for its bets (migration 0720): written and moved under the round's row lock, which
// the callers hold (crash.repository.ts findOpenRound with lock).

type Db = Kysely<Database>;

export async function listRoundBets(db: Db, roundId: string): Promise<CrashBetRow[]> {
  const rows = await db.selectFrom('crash_bets').selectAll().where('round_id', '=', roundId).orderBy('id').execute();
  return rows.map((r) => toBet(r as never));
}

/** A round's bets in id order, with the database's clock read in the same statement (after the caller's lock). */
export async function listRoundBetsNow(db: Db, roundId: string): Promise<{ bets: CrashBetRow[]; now: Date }> {
  const { rows } = await sql<{ clock_now: Date; id: string | null }>`
    SELECT clock_timestamp() AS clock_now, b.*
    FROM (SELECT 1) AS one LEFT JOIN crash_bets b ON b.round_id = ${roundId}::bigint
    ORDER BY b.id`.execute(db);
  return {
    bets: rows.filter((r) => r.id !== null).map((r) => toBet(r as never)),
    now: new Date(rows[0]!.clock_now),
  };
}

/** Transaction ids wrap around at 2³²; a row's xmin is compared with a horizon on that circle. */
const XID_WRAP = 4294967296n;

/**
 * A round's bets written (inserted or updated) by transactions the read at `horizon` may not have
 * seen, with this read's horizon; every bet when `horizon` is undefined. The horizon is the
 * snapshot's xmin: every transaction below it had ended when the snapshot was taken, so a bet
 * written by one of them was already visible to that read; a bet not visible then (committed after
 * it, whatever order its transaction began in) was written by a transaction at or above it. The
 * row's xmin (32 bits) is compared with the horizon modulo 2³², which holds while the horizon is
 * under 2³¹ transactions old (a read every 200 ms); a bet read twice is merely read again.
 */
export async function listRoundBetsSince(
  db: Db,
  roundId: string,
  horizon: bigint | undefined,
): Promise<{ bets: CrashBetRow[]; horizon: bigint }> {
  const since = horizon === undefined ? null : (horizon % XID_WRAP).toString();
  const { rows } = await sql<{ horizon: string; id: string | null }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon, b.*
    FROM (SELECT 1) AS one
    LEFT JOIN crash_bets b ON b.round_id = ${roundId}::bigint
      AND (${since}::bigint IS NULL
        OR (b.xmin::text::bigint - ${since}::bigint + ${XID_WRAP.toString()}::bigint) % ${XID_WRAP.toString()}::bigint < 2147483648)
    ORDER BY b.id`.execute(db);
  return {
    bets: rows.filter((r) => r.id !== null).map((r) => toBet(r as never)),
    horizon: BigInt(rows[0]!.horizon),
  };
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

/** A bet as written: its display name is the member's, read by the insert. */
export type NewBet = {
  betId: string;
  roundId: string;
  memberId: string;
  nodeId: string;
  idempotencyKey: string;
  stake: bigint;
  autoCashoutHundredths: number | null;
};

/**
 * Bets written 'flying' in the caller's transaction, whose debits the same transaction applies (a
 * bet the wallet refuses is then marked refused by refuseBets before the commit), their stakes
 * added to their round's total by the same statement. The caller holds the round FOR UPDATE
 * (lockOpenRound) and has checked the stakes against its limits; only bets of a round still
 * betting at the database's clock are written, so the driver's FOR UPDATE that starts the flight
 * comes after them. A bet whose key or round the player already used is not written (ON
 * CONFLICT). The display name (the nickname, or the start of the account name) comes from the
 * member module's view `briefs`, in the same statement. Returns the bets written, by bet id, and
 * the rounds that were still betting.
 */
export async function insertBets(
  db: Db,
  briefs: ReturnType<MemberViews['briefs']>,
  bets: readonly NewBet[],
): Promise<{ written: Map<string, { id: string; createdAt: Date; nickname: string }>; betting: Set<string> }> {
  const rows = JSON.stringify(
    bets.map((b) => ({
      bet_id: b.betId,
      round_id: b.roundId,
      member_id: b.memberId,
      node_id: b.nodeId,
      idempotency_key: b.idempotencyKey,
      stake: b.stake.toString(),
      auto_cashout_hundredths: b.autoCashoutHundredths,
    })),
  );
  const { rows: answers } = await sql<{
    bet_id: string | null;
    id: string | null;
    created_at: Date | null;
    nickname: string | null;
    betting_round: string | null;
  }>`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS v(bet_id text, round_id bigint, member_id bigint,
        node_id text, idempotency_key text, stake bigint, auto_cashout_hundredths integer)
    ),
    r AS (
      SELECT id FROM crash_rounds
      WHERE id IN (SELECT round_id FROM v) AND phase = 'betting' AND betting_ends_at > clock_timestamp()
    ),
    w AS (
      INSERT INTO crash_bets (bet_id, round_id, member_id, node_id, nickname, idempotency_key, stake,
        auto_cashout_hundredths, status)
      SELECT v.bet_id, v.round_id, v.member_id, v.node_id,
        coalesce(nullif(left(m.nickname, 32), ''), left(coalesce(m.account, 'player'), 2) || '***'),
        v.idempotency_key, v.stake, v.auto_cashout_hundredths, 'flying'
      FROM v JOIN r ON r.id = v.round_id LEFT JOIN (${briefs}) AS m ON m.id = v.member_id
      ON CONFLICT DO NOTHING
      RETURNING bet_id, id, created_at, nickname, round_id, stake
    ),
    s AS (
      UPDATE crash_rounds AS c SET staked_minor = c.staked_minor + t.stake
      FROM (SELECT round_id, sum(stake)::bigint AS stake FROM w GROUP BY round_id) AS t
      WHERE c.id = t.round_id
    )
    SELECT bet_id, id, created_at, nickname, NULL::bigint AS betting_round FROM w
    UNION ALL SELECT NULL, NULL, NULL, NULL, id FROM r`.execute(db);
  const written = new Map<string, { id: string; createdAt: Date; nickname: string }>();
  const betting = new Set<string>();
  for (const a of answers) {
    if (a.betting_round !== null) betting.add(String(a.betting_round));
    else written.set(a.bet_id!, { id: String(a.id), createdAt: a.created_at!, nickname: a.nickname! });
  }
  return { written, betting };
}

/**
 * Bets the wallet refused in the transaction that wrote them: marked refused with the wallet's
 * code, their stakes given back to their rounds' totals, in one statement.
 */
export async function refuseBets(db: Db, refused: readonly { betId: string; errorCode: string }[]): Promise<void> {
  if (refused.length === 0) return;
  const rows = JSON.stringify(refused.map((r) => ({ b: r.betId, e: r.errorCode })));
  await sql`
    WITH b AS (
      UPDATE crash_bets AS c SET status = 'refused', error_code = v.e, settled_at = clock_timestamp()
      FROM jsonb_to_recordset(${rows}::jsonb) AS v(b text, e text)
      WHERE c.bet_id = v.b AND c.status IN ('placing', 'flying')
      RETURNING c.round_id, c.stake
    ),
    t AS (SELECT round_id, sum(stake)::bigint AS stake FROM b GROUP BY round_id)
    UPDATE crash_rounds r SET staked_minor = r.staked_minor - t.stake FROM t WHERE r.id = t.round_id`.execute(db);
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

/**
 * Cash many flying bets out in one statement (a flight step's automatic and limit cash-outs, a
 * batch of players' cash-outs). Returns the ids it cashed: a bet no longer flying (cashed by a
 * cash-out running beside this one, which this statement waited for) is left as it is.
 */
export async function cashBets(
  db: Db,
  cashOuts: readonly { betId: string; cashoutHundredths: number; payout: bigint }[],
): Promise<Set<string>> {
  if (cashOuts.length === 0) return new Set();
  const rows = JSON.stringify(cashOuts.map((c) => ({ b: c.betId, h: c.cashoutHundredths, p: c.payout.toString() })));
  const { rows: cashed } = await sql<{ bet_id: string }>`
    UPDATE crash_bets AS c
    SET status = 'cashed', cashout_hundredths = v.h, payout = v.p, cashed_at = clock_timestamp()
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(b text, h integer, p bigint)
    WHERE c.bet_id = v.b AND c.status = 'flying'
    RETURNING c.bet_id`.execute(db);
  return new Set(cashed.map((r) => r.bet_id));
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

/** These players' bets in a round, with the database's clock read in the same statement. */
export async function findMemberBetsNow(
  db: Db,
  roundId: string,
  memberIds: readonly string[],
): Promise<{ bets: CrashBetRow[]; now: Date }> {
  const { rows } = await sql<{ clock_now: Date; id: string | null }>`
    SELECT clock_timestamp() AS clock_now, b.*
    FROM (SELECT 1) AS one
    LEFT JOIN crash_bets b ON b.round_id = ${roundId}::bigint AND b.member_id = ANY (${sql.val(memberIds)}::bigint[])`.execute(
    db,
  );
  return {
    bets: rows.filter((r) => r.id !== null).map((r) => toBet(r as never)),
    now: new Date(rows[0]!.clock_now),
  };
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
