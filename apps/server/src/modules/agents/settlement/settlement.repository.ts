import { sql, type Kysely } from 'kysely';
import type { ContractTier } from '@wps/shared/schemas/agents';
import type { Database } from '../../../db/schema';
import type { GatewayViews } from '../../gateway/gateway-views';
import type { LedgerViews } from '../../ledger/ledger-views';
import type { MemberViews } from '../../member/member-views';
import type { ComputedStatement } from './settlement-compute';

type Db = Kysely<Database>;

/** What the settlement reads of other modules' tables, as their views (joined as derived tables). */
export type SettlementViews = {
  rounds: GatewayViews['settledRounds'];
  bonuses: LedgerViews['playerBonusCredits'];
  members: MemberViews['uplines'];
};

/**
 * A run's window: counted are rows before `end` whose transaction is visible in `snapshot`, less
 * those the previous run counted (before its end and visible in its snapshot; `prevMark` is that
 * snapshot's oldest running transaction, below which every row was visible to it).
 */
export type CountWindow = {
  end: Date;
  snapshot: string;
  prevEnd: Date;
  prev: { snapshot: string; mark: string } | null;
};

/** The run's cut-off: the current snapshot, and its oldest running transaction (the mark). */
export async function takeMark(trx: Db): Promise<{ snapshot: string; mark: string }> {
  const { rows } = await sql<{ snapshot: string; mark: string }>`
    SELECT s::text AS snapshot, pg_snapshot_xmin(s)::text AS mark FROM pg_current_snapshot() AS s`.execute(trx);
  return rows[0]!;
}

/** Serialize the runs of one stream (taken first in a run's transaction). */
export async function lockStream(trx: Db, stream: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`agent-settlement:${stream}`}))`.execute(trx);
}

/**
 * Rows of a view counted in a window, as a condition on its `at` and `tx` columns: in [prevEnd,
 * end) by time and below the mark, or before prevEnd but at or past the previous mark (late). A
 * NULL tx (older than migration 0302) counts as long committed.
 */
function windowCondition(w: CountWindow, at: string, tx: string) {
  const atRef = sql.ref(at);
  const txRef = sql.ref(tx);
  const visible = sql`pg_visible_in_snapshot(${txRef}, ${w.snapshot}::pg_snapshot)`;
  const inTime = sql`(${atRef} >= ${w.prevEnd} AND ${atRef} < ${w.end} AND (${txRef} IS NULL OR ${visible}))`;
  if (w.prev === null) return inTime;
  // Late: settled before the previous end, but not yet committed when the previous run read.
  return sql`(${inTime} OR (${atRef} < ${w.prevEnd} AND ${txRef} >= ${w.prev.mark}::xid8
    AND NOT pg_visible_in_snapshot(${txRef}, ${w.prev.snapshot}::pg_snapshot) AND ${visible}))`;
}

export type ActivityRow = {
  memberId: string;
  account: string;
  uplineId: string;
  turnover: bigint;
  net: bigint;
  active: boolean;
};

/**
 * Each player's figures in the window (turnover = stakes − refunds, net = turnover − wins, less
 * the bonuses paid when `bonuses`), with its direct agent. Only members with an upline are read.
 */
export async function readActivity(
  db: Db,
  views: SettlementViews,
  w: CountWindow,
  opts: { bonuses: boolean },
): Promise<ActivityRow[]> {
  const rounds = views.rounds();
  const inWindow = windowCondition(w, 'r.settled_at', 'r.settled_tx');
  const bonus = opts.bonuses
    ? sql`UNION ALL
        SELECT b.member_id, 0::bigint, -b.amount, false
          FROM ${views.bonuses()} AS b WHERE ${windowCondition(w, 'b.created_at', 'b.settle_tx')}`
    : sql``;
  const { rows } = await sql<{
    memberId: string;
    account: string;
    uplineId: string;
    turnover: string;
    net: string;
    active: boolean;
  }>`
    WITH activity (member_id, turnover, net, active) AS (
      SELECT r.member_id, (r.total_bet - r.total_refund), (r.total_bet - r.total_refund - r.total_win), true
        FROM ${rounds} AS r WHERE ${inWindow}
      ${bonus}
    )
    SELECT a.member_id::text AS "memberId", m.account, m.upline_id::text AS "uplineId",
           sum(a.turnover)::text AS turnover, sum(a.net)::text AS net, bool_or(a.active) AS active
      FROM activity AS a JOIN ${views.members()} AS m ON m.id = a.member_id
     WHERE m.upline_id IS NOT NULL
     GROUP BY a.member_id, m.account, m.upline_id`.execute(db);
  return rows.map((r) => ({
    memberId: r.memberId,
    account: r.account,
    uplineId: r.uplineId,
    turnover: BigInt(r.turnover),
    net: BigInt(r.net),
    active: r.active,
  }));
}

/** Every agent with its upline (the tree the chains are walked on). */
export async function readAgents(
  db: Db,
  views: SettlementViews,
  agentTypes: readonly number[],
): Promise<{ id: string; account: string; uplineId: string | null }[]> {
  const { rows } = await sql<{ id: string; account: string; uplineId: string | null }>`
    SELECT m.id::text AS id, m.account, m.upline_id::text AS "uplineId" FROM ${views.members()} AS m WHERE m.type = ANY(${[...agentTypes]}::int[])`.execute(
    db,
  );
  return rows;
}

export type LiveContractRow = {
  id: string;
  memberId: string;
  tiers: ContractTier[];
  carryIn: bigint;
  latest: { periodStart: Date; tierBase: bigint; tierActive: number } | null;
};

/**
 * The live contracts of a stream (type and period), each with its latest statement's figures: the
 * deficit it carries, and the tiers' figures so far (a real-time salary's day). A contract's keys
 * sort in time (one kind of period each), so the latest is found on the (contract, period) index.
 */
export async function readLiveContracts(db: Db, type: string, period: string): Promise<LiveContractRow[]> {
  const { rows } = await sql<{
    id: string;
    memberId: string;
    tiers: ContractTier[];
    carry: string | null;
    start: Date | null;
    tierBase: string | null;
    tierActive: number | null;
  }>`
    SELECT c.id::text AS id, c.downline_id::text AS "memberId", c.tiers, s.carry_out::text AS carry, s.period_start AS start,
           s.tier_base::text AS "tierBase", s.tier_active AS "tierActive"
      FROM agent_contracts AS c
      LEFT JOIN LATERAL (
        SELECT carry_out, period_start, tier_base, tier_active FROM agent_statements WHERE contract_id = c.id ORDER BY period_key DESC LIMIT 1
      ) AS s ON true
     WHERE c.type = ${type} AND c.period = ${period} AND c.status IN ('active', 'termination_requested')`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    memberId: r.memberId,
    tiers: r.tiers,
    carryIn: BigInt(r.carry ?? '0'),
    latest:
      r.start === null
        ? null
        : { periodStart: new Date(r.start), tierBase: BigInt(r.tierBase ?? '0'), tierActive: r.tierActive ?? 0 },
  }));
}

/** Which of these players already have a round settled in [from, to) (a real-time salary's players seen earlier in the day). */
export async function readSeenBetween(
  db: Db,
  views: SettlementViews,
  memberIds: string[],
  from: Date,
  to: Date,
): Promise<Set<string>> {
  if (memberIds.length === 0 || from.getTime() >= to.getTime()) return new Set();
  const { rows } = await sql<{ id: string }>`
    SELECT p.id::text AS id FROM unnest(${memberIds}::bigint[]) AS p (id)
     WHERE EXISTS (SELECT 1 FROM ${views.rounds()} AS r WHERE r.member_id = p.id AND r.settled_at >= ${from} AND r.settled_at < ${to})`.execute(
    db,
  );
  return new Set(rows.map((r) => r.id));
}

/** Members held right now. */
export async function readHeldMembers(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('agent_payee_holds').select('member_id').where('released_at', 'is', null).execute();
  return new Set(rows.map((r) => String(r.member_id)));
}

export type RunRow = {
  id: string;
  stream: string;
  type: string;
  periodKey: string;
  periodStart: Date;
  periodEnd: Date;
  status: string;
  cutoffMark: string | null;
  cutoffSnapshot: string | null;
  contracts: number;
  statements: number;
  paid: number;
  held: number;
  totalMinor: string;
  attempts: number;
  error: string | null;
  startedAt: Date;
  computedAt: Date | null;
  finishedAt: Date | null;
};

const RUN_COLUMNS = sql`id::text AS id, stream, type, period_key AS "periodKey", period_start AS "periodStart", period_end AS "periodEnd", status,
  cutoff_mark::text AS "cutoffMark", cutoff_snapshot::text AS "cutoffSnapshot", contracts, statements, paid, held, total_minor::text AS "totalMinor", attempts, error,
  started_at AS "startedAt", computed_at AS "computedAt", finished_at AS "finishedAt"`;

export async function findRun(db: Db, stream: string, periodKey: string): Promise<RunRow | undefined> {
  const { rows } =
    await sql<RunRow>`SELECT ${RUN_COLUMNS} FROM agent_settlement_runs WHERE stream = ${stream} AND period_key = ${periodKey}`.execute(
      db,
    );
  return rows[0];
}

export async function findRunById(db: Db, id: string): Promise<RunRow | undefined> {
  const { rows } = await sql<RunRow>`SELECT ${RUN_COLUMNS} FROM agent_settlement_runs WHERE id = ${id}::bigint`.execute(
    db,
  );
  return rows[0];
}

/** The stream's latest computed run (its end and mark start the next window). */
export async function findLatestComputed(db: Db, stream: string): Promise<RunRow | undefined> {
  const { rows } = await sql<RunRow>`
    SELECT ${RUN_COLUMNS} FROM agent_settlement_runs WHERE stream = ${stream} AND cutoff_mark IS NOT NULL ORDER BY period_end DESC LIMIT 1`.execute(
    db,
  );
  return rows[0];
}

/** Computed runs of a stream whose payments did not finish (stopped or failed), oldest first. */
export async function findUnpaidRuns(db: Db, stream: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM agent_settlement_runs
     WHERE stream = ${stream} AND cutoff_mark IS NOT NULL AND status IN ('computed', 'failed') ORDER BY period_end`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

/** The run row of a period, created pending when missing; its attempt counted. */
export async function startRun(
  db: Db,
  r: { stream: string; type: string; periodKey: string; start: Date; end: Date },
): Promise<RunRow> {
  const { rows } = await sql<RunRow>`
    INSERT INTO agent_settlement_runs (stream, type, period_key, period_start, period_end, attempts)
    VALUES (${r.stream}, ${r.type}, ${r.periodKey}, ${r.start}, ${r.end}, 1)
    ON CONFLICT (stream, period_key) DO UPDATE SET attempts = agent_settlement_runs.attempts + 1
    RETURNING ${RUN_COLUMNS}`.execute(db);
  return rows[0]!;
}

export async function setRunStatus(
  db: Db,
  id: string,
  status: 'failed' | 'superseded' | 'done',
  error: string | null,
): Promise<void> {
  await sql`
    UPDATE agent_settlement_runs SET status = ${status}, error = ${error === null ? null : error.slice(0, 500)},
           finished_at = CASE WHEN ${status} = 'failed' THEN finished_at ELSE clock_timestamp() END
     WHERE id = ${id}::bigint`.execute(db);
}

/** The computation's outcome: the mark and the counts, in the transaction that wrote the statements. */
export async function markComputed(
  db: Db,
  id: string,
  cut: { snapshot: string; mark: string },
  contracts: number,
): Promise<void> {
  await sql`
    UPDATE agent_settlement_runs SET status = 'computed', cutoff_mark = ${cut.mark}::xid8, cutoff_snapshot = ${cut.snapshot}::pg_snapshot, contracts = ${contracts}, computed_at = clock_timestamp(), error = NULL
     WHERE id = ${id}::bigint`.execute(db);
}

/** Write a run's statements (idempotent by contract and period). */
export async function insertStatements(
  db: Db,
  run: RunRow,
  statements: readonly ComputedStatement[],
  held: ReadonlySet<string>,
): Promise<void> {
  const CHUNK = 500;
  for (let i = 0; i < statements.length; i += CHUNK) {
    const chunk = statements.slice(i, i + CHUNK);
    await db
      .insertInto('agent_statements')
      .values(
        chunk.map((s) => ({
          run_id: run.id,
          contract_id: s.contractId,
          member_id: s.memberId,
          type: run.type,
          period_key: run.periodKey,
          period_start: run.periodStart,
          period_end: run.periodEnd,
          team_base: s.teamBase.toString(),
          active_players: s.activePlayers,
          tier_base: s.tierBase.toString(),
          tier_active: s.tierActive,
          carry_in: s.carryIn.toString(),
          carry_out: s.carryOut.toString(),
          tier_rate_bp: s.tierRateBp,
          rate_bp: s.rateBp,
          gross_minor: s.gross.toString(),
          downline_minor: s.downline.toString(),
          amount_minor: s.amount.toString(),
          lines: JSON.stringify(s.lines),
          status: s.amount === 0n ? 'none' : held.has(s.memberId) ? 'held' : 'pending',
        })),
      )
      .onConflict((oc) => oc.columns(['contract_id', 'period_key']).doNothing())
      .execute();
  }
}

export type PayableRow = {
  id: string;
  runId: string;
  memberId: string;
  type: string;
  periodKey: string;
  amount: bigint;
};

/** Lock a batch of a run's statements waiting to be paid (others paying the same run skip them). */
export async function lockPending(db: Db, runId: string, limit: number): Promise<PayableRow[]> {
  const { rows } = await sql<{
    id: string;
    runId: string;
    memberId: string;
    type: string;
    periodKey: string;
    amount: string;
  }>`
    SELECT id::text AS id, run_id::text AS "runId", member_id::text AS "memberId", type, period_key AS "periodKey", amount_minor::text AS amount
      FROM agent_statements AS s WHERE run_id = ${runId}::bigint AND status = 'pending'
     ORDER BY s.id LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(db);
  return rows.map((r) => ({ ...r, amount: BigInt(r.amount) }));
}

/** Lock a member's held statements (a release pays them). */
export async function lockHeld(db: Db, memberId: string): Promise<PayableRow[]> {
  const { rows } = await sql<{
    id: string;
    runId: string;
    memberId: string;
    type: string;
    periodKey: string;
    amount: string;
  }>`
    SELECT id::text AS id, run_id::text AS "runId", member_id::text AS "memberId", type, period_key AS "periodKey", amount_minor::text AS amount
      FROM agent_statements AS s WHERE member_id = ${memberId}::bigint AND status = 'held' ORDER BY s.id FOR UPDATE`.execute(
    db,
  );
  return rows.map((r) => ({ ...r, amount: BigInt(r.amount) }));
}

/** Which of these members are held, their hold rows locked shared (a release waits for the payment, and the other way round). */
export async function lockHoldsOf(db: Db, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const { rows } = await sql<{ memberId: string }>`
    SELECT member_id::text AS "memberId" FROM agent_payee_holds
     WHERE member_id = ANY(${memberIds}::bigint[]) AND released_at IS NULL ORDER BY id FOR SHARE`.execute(db);
  return new Set(rows.map((r) => r.memberId));
}

/** Mark statements paid by their ledger transactions (only from pending or held); returns how many moved. */
export async function markPaid(db: Db, ids: string[], ledgerTransactionIds: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await sql`
    UPDATE agent_statements AS s SET status = 'paid', ledger_transaction_id = p.tx, paid_at = clock_timestamp()
      FROM unnest(${ids}::bigint[], ${ledgerTransactionIds}::bigint[]) AS p (id, tx)
     WHERE s.id = p.id AND s.status IN ('pending', 'held')`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

export async function markHeld(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE agent_statements SET status = 'held' WHERE id = ANY(${ids}::bigint[]) AND status = 'pending'`.execute(
    db,
  );
}

/** Recount a run from its statements; `done` once none waits to be paid (held ones wait for their release). */
export async function refreshRunCounts(db: Db, runId: string): Promise<{ pending: number }> {
  const { rows } = await sql<{ pending: number }>`
    WITH c AS (
      SELECT count(*)::int AS statements, count(*) FILTER (WHERE status = 'paid')::int AS paid,
             count(*) FILTER (WHERE status = 'held')::int AS held, count(*) FILTER (WHERE status = 'pending')::int AS pending,
             coalesce(sum(amount_minor), 0)::bigint AS total
        FROM agent_statements WHERE run_id = ${runId}::bigint
    )
    UPDATE agent_settlement_runs AS r SET statements = c.statements, paid = c.paid, held = c.held, total_minor = c.total,
           status = CASE WHEN c.pending = 0 AND r.cutoff_mark IS NOT NULL AND r.status IN ('computed', 'failed') THEN 'done' ELSE r.status END,
           finished_at = CASE WHEN c.pending = 0 AND r.cutoff_mark IS NOT NULL AND r.status IN ('computed', 'failed') THEN clock_timestamp() ELSE r.finished_at END,
           error = CASE WHEN c.pending = 0 AND r.cutoff_mark IS NOT NULL THEN NULL ELSE r.error END
      FROM c WHERE r.id = ${runId}::bigint
    RETURNING c.pending`.execute(db);
  return { pending: rows[0]?.pending ?? 0 };
}
