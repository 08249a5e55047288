import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { CrashBetStatus, CrashRoundPhase } from '../../../db/tables/inhouse';

// Crash's SQL for its chains, rounds and driver lease (migration 0720; the bets' in
// crash-bets.repository.ts). Every decision in a round is taken under its row lock (findOpenRound
// with lock), at the database's clock, so instances whose clocks differ agree.

type Db = Kysely<Database>;

export type ChainRow = {
  id: string;
  terminalHash: string;
  salt: string;
  length: number;
  checkpointEvery: number;
  nextRound: number;
};

export type CrashRoundRow = {
  id: string;
  chainId: string;
  roundNumber: number;
  hash: string;
  crashHundredths: number;
  rtpBps: number;
  growthPerMs: number;
  maxPayoutMinor: bigint;
  roundMaxPayoutMinor: bigint;
  /** The stakes of the bets written in the round (migration 0760), against its own payout limit. */
  stakedMinor: bigint;
  phase: CrashRoundPhase;
  bettingEndsAt: Date;
  startedAt: Date | null;
  bustedAt: Date | null;
  /** The flight's next due event in ms since it began, as the last full step computed it (migration 0740); null: unknown. */
  nextEventMs: number | null;
};

export type CrashBetRow = {
  id: string;
  betId: string;
  roundId: string;
  memberId: string;
  nodeId: string;
  nickname: string;
  idempotencyKey: string;
  stake: bigint;
  autoCashoutHundredths: number | null;
  status: CrashBetStatus;
  errorCode: string | null;
  cashoutHundredths: number | null;
  payout: bigint;
  settledAt: Date | null;
  createdAt: Date;
};

export function toRound(r: {
  id: string;
  chain_id: string;
  round_number: number;
  hash: string;
  crash_hundredths: number;
  rtp_bps: number;
  growth_per_ms: number;
  max_payout_minor: string;
  round_max_payout_minor: string;
  staked_minor: string;
  phase: CrashRoundPhase;
  betting_ends_at: Date;
  started_at: Date | null;
  busted_at: Date | null;
  next_event_ms: number | null;
}): CrashRoundRow {
  return {
    id: String(r.id),
    chainId: String(r.chain_id),
    roundNumber: r.round_number,
    hash: r.hash,
    crashHundredths: r.crash_hundredths,
    rtpBps: r.rtp_bps,
    growthPerMs: Number(r.growth_per_ms),
    maxPayoutMinor: BigInt(r.max_payout_minor),
    roundMaxPayoutMinor: BigInt(r.round_max_payout_minor),
    stakedMinor: BigInt(r.staked_minor),
    phase: r.phase,
    bettingEndsAt: r.betting_ends_at,
    startedAt: r.started_at,
    bustedAt: r.busted_at,
    nextEventMs: r.next_event_ms === null ? null : Number(r.next_event_ms),
  };
}

export function toBet(r: {
  id: string;
  bet_id: string;
  round_id: string;
  member_id: string;
  node_id: string;
  nickname: string;
  idempotency_key: string;
  stake: string;
  auto_cashout_hundredths: number | null;
  status: CrashBetStatus;
  error_code: string | null;
  cashout_hundredths: number | null;
  payout: string;
  settled_at: Date | null;
  created_at: Date;
}): CrashBetRow {
  return {
    id: String(r.id),
    betId: r.bet_id,
    roundId: String(r.round_id),
    memberId: String(r.member_id),
    nodeId: r.node_id,
    nickname: r.nickname,
    idempotencyKey: r.idempotency_key,
    stake: BigInt(r.stake),
    autoCashoutHundredths: r.auto_cashout_hundredths,
    status: r.status,
    errorCode: r.error_code,
    cashoutHundredths: r.cashout_hundredths,
    payout: BigInt(r.payout),
    settledAt: r.settled_at,
    createdAt: r.created_at,
  };
}

// ---- the driver's lease ----

/** Take or renew the driver's lease for `holder`; true when this instance drives until the lease ends. */
export async function takeDriverLease(db: Db, holder: string, leaseMs: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    UPDATE crash_driver
    SET holder = ${holder}, lease_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000}::float8)
    WHERE id = 1 AND (holder = ${holder} OR lease_until < clock_timestamp())
    RETURNING id`.execute(db);
  return rows.length === 1;
}

/** Give the lease up (a stopping instance), so another takes over at its next turn. */
export async function releaseDriverLease(db: Db, holder: string): Promise<void> {
  await db
    .updateTable('crash_driver')
    .set({ holder: null, lease_until: new Date(0) })
    .where('id', '=', 1)
    .where('holder', '=', holder)
    .execute();
}

// ---- chains ----

export async function findActiveChain(db: Db): Promise<ChainRow | undefined> {
  const r = await db.selectFrom('crash_chains').selectAll().where('status', '=', 'active').executeTakeFirst();
  return r
    ? {
        id: String(r.id),
        terminalHash: r.terminal_hash,
        salt: r.salt,
        length: r.length,
        checkpointEvery: r.checkpoint_every,
        nextRound: r.next_round,
      }
    : undefined;
}

/** Store a made chain with its checkpoints; false when another instance's chain is already active. */
export async function insertChain(
  db: Db,
  c: {
    seed: string;
    terminalHash: string;
    salt: string;
    length: number;
    checkpointEvery: number;
    checkpoints: { idx: number; hash: string }[];
  },
): Promise<boolean> {
  return db.transaction().execute(async (t) => {
    const row = await t
      .insertInto('crash_chains')
      .values({
        seed: c.seed,
        terminal_hash: c.terminalHash,
        salt: c.salt,
        length: c.length,
        checkpoint_every: c.checkpointEvery,
      })
      .onConflict((oc) => oc.expression(sql`(true)`).where('status', '=', 'active').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    for (let i = 0; i < c.checkpoints.length; i += 1000) {
      await t
        .insertInto('crash_chain_checkpoints')
        .values(c.checkpoints.slice(i, i + 1000).map((p) => ({ chain_id: row.id, idx: p.idx, hash: p.hash })))
        .execute();
    }
    return true;
  });
}

/** Take the chain's next round number (in the round's opening transaction); a spent chain is retired. */
export async function takeRoundNumber(db: Db, chainId: string): Promise<number | undefined> {
  const row = await db
    .updateTable('crash_chains')
    .set({ next_round: sql<number>`next_round + 1` })
    .where('id', '=', chainId)
    .where('status', '=', 'active')
    .where(sql<boolean>`next_round <= length`)
    .returning('next_round')
    .executeTakeFirst();
  if (row) return row.next_round - 1;
  await db.updateTable('crash_chains').set({ status: 'spent' }).where('id', '=', chainId).execute();
  return undefined;
}

/** The checkpoint at or before chain index `idx`. */
export async function findCheckpointBefore(
  db: Db,
  chainId: string,
  idx: number,
): Promise<{ idx: number; hash: string }> {
  return db
    .selectFrom('crash_chain_checkpoints')
    .select(['idx', 'hash'])
    .where('chain_id', '=', chainId)
    .where('idx', '<=', idx)
    .orderBy('idx', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

// ---- rounds ----

/** The open round (betting or flying), unlocked, with the database's clock read in the same statement. */
export async function findOpenRound(db: Db): Promise<{ round: CrashRoundRow | undefined; now: Date }> {
  const { rows } = await sql<{ clock_now: Date; id: string | null }>`
    SELECT clock_timestamp() AS clock_now, r.*
    FROM (SELECT 1) AS one LEFT JOIN crash_rounds r ON r.phase <> 'busted'`.execute(db);
  const row = rows[0]!;
  return { round: row.id === null ? undefined : toRound(row as never), now: new Date(row.clock_now) };
}

/**
 * The open round locked FOR UPDATE (whatever changes the round: opening one, closing the window,
 * a flight step) or FOR SHARE (the cash-outs that decide from their own bet alone run side by
 * side, and whatever changes the round waits for them). No clock: a caller that needs one reads
 * it after the lock, with its next statement.
 */
export async function lockOpenRound(db: Db, lock: 'share' | 'update'): Promise<CrashRoundRow | undefined> {
  const q = db.selectFrom('crash_rounds').selectAll().where('phase', '<>', 'busted');
  const r = await (lock === 'share' ? q.forShare() : q.forUpdate()).executeTakeFirst();
  return r ? toRound(r as never) : undefined;
}

export async function insertRound(
  db: Db,
  r: Omit<
    CrashRoundRow,
    'id' | 'stakedMinor' | 'phase' | 'bettingEndsAt' | 'startedAt' | 'bustedAt' | 'nextEventMs'
  > & {
    bettingMs: number;
  },
): Promise<void> {
  await db
    .insertInto('crash_rounds')
    .values({
      chain_id: r.chainId,
      round_number: r.roundNumber,
      hash: r.hash,
      crash_hundredths: r.crashHundredths,
      rtp_bps: r.rtpBps,
      growth_per_ms: r.growthPerMs,
      max_payout_minor: r.maxPayoutMinor.toString(),
      round_max_payout_minor: r.roundMaxPayoutMinor.toString(),
      betting_ends_at: sql<Date>`clock_timestamp() + make_interval(secs => ${r.bettingMs / 1000}::float8)`,
    })
    .execute();
}

/** Betting → flying, at the database's clock, once the window has ended; `nextEventMs`: the flight's first event. */
export async function startFlight(db: Db, roundId: string, nextEventMs: number): Promise<boolean> {
  const r = await db
    .updateTable('crash_rounds')
    .set({ phase: 'flying', started_at: sql<Date>`clock_timestamp()`, next_event_ms: nextEventMs })
    .where('id', '=', roundId)
    .where('phase', '=', 'betting')
    .where('betting_ends_at', '<=', sql<Date>`clock_timestamp()`)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** The flight's next due event after a full step (under the round's row lock). */
export async function setNextEvent(db: Db, roundId: string, nextEventMs: number): Promise<void> {
  await db.updateTable('crash_rounds').set({ next_event_ms: nextEventMs }).where('id', '=', roundId).execute();
}

/**
 * Flying → busted, and every bet still flying in it lost, in one statement; the bust is dated when
 * it happened (the flight's start + its length), not when it was noticed.
 */
export async function bustRound(db: Db, roundId: string, bustMs: number): Promise<void> {
  await sql`
    WITH lost AS (
      UPDATE crash_bets SET status = 'lost' WHERE round_id = ${roundId}::bigint AND status = 'flying'
    )
    UPDATE crash_rounds SET phase = 'busted', busted_at = started_at + make_interval(secs => ${bustMs / 1000}::float8)
    WHERE id = ${roundId}::bigint AND phase = 'flying'`.execute(db);
}

export async function listRecentBusts(db: Db, limit: number): Promise<CrashRoundRow[]> {
  const rows = await db
    .selectFrom('crash_rounds')
    .selectAll()
    .where('phase', '=', 'busted')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => toRound(r as never));
}
