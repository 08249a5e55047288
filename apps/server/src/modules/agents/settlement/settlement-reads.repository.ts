import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { StatementLine } from '@wps/shared/schemas/agent-settlement';
import type { Database } from '../../../db/schema';
import type { RunRow, SettlementViews } from './settlement.repository';

type Db = Kysely<Database>;

// What operators and agents read of the settlement: runs, statements with their lines, holds.

export type StatementRow = {
  id: string;
  runId: string;
  contractId: string;
  memberId: string;
  account: string;
  type: string;
  periodKey: string;
  periodStart: Date;
  periodEnd: Date;
  teamBase: string;
  activePlayers: number;
  tierBase: string;
  tierActive: number;
  carryIn: string;
  carryOut: string;
  tierRateBp: number;
  rateBp: number;
  gross: string;
  downline: string;
  amount: string;
  status: string;
  paidAt: Date | null;
  createdAt: Date;
  lines?: StatementLine[];
};

const statementColumns = (
  withLines: boolean,
) => sql`s.id::text AS id, s.run_id::text AS "runId", s.contract_id::text AS "contractId",
  s.member_id::text AS "memberId", m.account, s.type, s.period_key AS "periodKey", s.period_start AS "periodStart", s.period_end AS "periodEnd",
  s.team_base::text AS "teamBase", s.active_players AS "activePlayers", s.tier_base::text AS "tierBase", s.tier_active AS "tierActive",
  s.carry_in::text AS "carryIn", s.carry_out::text AS "carryOut", s.tier_rate_bp AS "tierRateBp", s.rate_bp AS "rateBp",
  s.gross_minor::text AS gross, s.downline_minor::text AS downline, s.amount_minor::text AS amount, s.status, s.paid_at AS "paidAt",
  s.created_at AS "createdAt"${withLines ? sql`, s.lines` : sql``}`;

export type StatementFilter = {
  memberId?: string | undefined;
  type?: string | undefined;
  periodKey?: string | undefined;
  status?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  runId?: string | undefined;
};

function statementWhere(f: StatementFilter): RawBuilder<unknown> {
  const parts = [sql`true`];
  if (f.memberId) parts.push(sql`s.member_id = ${f.memberId}::bigint`);
  if (f.type) parts.push(sql`s.type = ${f.type}`);
  if (f.periodKey) parts.push(sql`s.period_key = ${f.periodKey}`);
  if (f.status) parts.push(sql`s.status = ${f.status}`);
  if (f.from) parts.push(sql`s.period_start >= ${f.from}`);
  if (f.to) parts.push(sql`s.period_start < ${f.to}`);
  if (f.runId) parts.push(sql`s.run_id = ${f.runId}::bigint`);
  return sql.join(parts, sql` AND `);
}

/** A page of statements (without lines), newest period first, with the total count and what the paid ones paid. */
export async function listStatements(
  db: Db,
  views: SettlementViews,
  f: StatementFilter,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: StatementRow[]; total: number; paid: string }> {
  const where = statementWhere(f);
  const order = page.order === 'asc' ? sql`ASC` : sql`DESC`;
  const [list, count] = await Promise.all([
    sql<StatementRow>`
      SELECT ${statementColumns(false)} FROM agent_statements AS s JOIN ${views.members()} AS m ON m.id = s.member_id
       WHERE ${where} ORDER BY s.period_start ${order}, s.id ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
      db,
    ),
    sql<{ total: number; paid: string }>`
      SELECT count(*)::int AS total, coalesce(sum(s.amount_minor) FILTER (WHERE s.status = 'paid'), 0)::text AS paid
        FROM agent_statements AS s WHERE ${where}`.execute(db),
  ]);
  return { rows: list.rows, total: count.rows[0]?.total ?? 0, paid: count.rows[0]?.paid ?? '0' };
}

export async function findStatement(db: Db, views: SettlementViews, id: string): Promise<StatementRow | undefined> {
  const { rows } = await sql<StatementRow>`
    SELECT ${statementColumns(true)} FROM agent_statements AS s JOIN ${views.members()} AS m ON m.id = s.member_id WHERE s.id = ${id}::bigint`.execute(
    db,
  );
  return rows[0];
}

export type RunFilter = { type?: string | undefined; status?: string | undefined; periodKey?: string | undefined };

export async function listRuns(
  db: Db,
  f: RunFilter,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: RunRow[]; total: number }> {
  const parts = [sql`true`];
  if (f.type) parts.push(sql`type = ${f.type}`);
  if (f.status) parts.push(sql`status = ${f.status}`);
  if (f.periodKey) parts.push(sql`period_key = ${f.periodKey}`);
  const where = sql.join(parts, sql` AND `);
  const order = page.order === 'asc' ? sql`ASC` : sql`DESC`;
  const [list, count] = await Promise.all([
    sql<RunRow>`
      SELECT id::text AS id, stream, type, period_key AS "periodKey", period_start AS "periodStart", period_end AS "periodEnd", status,
             cutoff_mark::text AS "cutoffMark", cutoff_snapshot::text AS "cutoffSnapshot", contracts, statements, paid, held, total_minor::text AS "totalMinor", attempts, error,
             started_at AS "startedAt", computed_at AS "computedAt", finished_at AS "finishedAt"
        FROM agent_settlement_runs AS r WHERE ${where} ORDER BY period_start ${order}, r.id ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
      db,
    ),
    sql<{ total: number }>`SELECT count(*)::int AS total FROM agent_settlement_runs WHERE ${where}`.execute(db),
  ]);
  return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
}

export type HoldRow = {
  id: string;
  memberId: string;
  account: string;
  reason: string;
  createdBy: string;
  createdAt: Date;
  releasedAt: Date | null;
  releasedBy: string | null;
  releaseReason: string | null;
  heldStatements: number;
  heldMinor: string;
};

const holdSelect = (views: SettlementViews) => sql`
  SELECT h.id::text AS id, h.member_id::text AS "memberId", m.account, h.reason, h.created_by::text AS "createdBy", h.created_at AS "createdAt",
         h.released_at AS "releasedAt", h.released_by::text AS "releasedBy", h.release_reason AS "releaseReason",
         (SELECT count(*)::int FROM agent_statements AS s WHERE s.member_id = h.member_id AND s.status = 'held' AND h.released_at IS NULL) AS "heldStatements",
         (SELECT coalesce(sum(s.amount_minor), 0)::text FROM agent_statements AS s WHERE s.member_id = h.member_id AND s.status = 'held' AND h.released_at IS NULL) AS "heldMinor"
    FROM agent_payee_holds AS h JOIN ${views.members()} AS m ON m.id = h.member_id`;

export async function listHolds(
  db: Db,
  views: SettlementViews,
  f: { active?: boolean | undefined; memberId?: string | undefined },
): Promise<HoldRow[]> {
  const parts = [sql`true`];
  if (f.active !== undefined) parts.push(f.active ? sql`h.released_at IS NULL` : sql`h.released_at IS NOT NULL`);
  if (f.memberId) parts.push(sql`h.member_id = ${f.memberId}::bigint`);
  const { rows } =
    await sql<HoldRow>`${holdSelect(views)} WHERE ${sql.join(parts, sql` AND `)} ORDER BY h.id DESC LIMIT 500`.execute(
      db,
    );
  return rows;
}

export async function findHold(db: Db, views: SettlementViews, id: string): Promise<HoldRow | undefined> {
  const { rows } = await sql<HoldRow>`${holdSelect(views)} WHERE h.id = ${id}::bigint`.execute(db);
  return rows[0];
}

/** Put a hold on a member; undefined when one is already active. */
export async function insertHold(
  db: Db,
  memberId: string,
  reason: string,
  operatorId: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO agent_payee_holds (member_id, reason, created_by) VALUES (${memberId}::bigint, ${reason}, ${operatorId}::bigint)
    ON CONFLICT (member_id) WHERE released_at IS NULL DO NOTHING RETURNING id::text AS id`.execute(db);
  return rows[0]?.id;
}

/** Lock an active hold for its release. */
export async function lockActiveHold(db: Db, id: string): Promise<{ id: string; memberId: string } | undefined> {
  const { rows } = await sql<{ id: string; memberId: string }>`
    SELECT id::text AS id, member_id::text AS "memberId" FROM agent_payee_holds WHERE id = ${id}::bigint AND released_at IS NULL FOR UPDATE`.execute(
    db,
  );
  return rows[0];
}

export async function releaseHold(db: Db, id: string, operatorId: string, reason: string): Promise<void> {
  await sql`
    UPDATE agent_payee_holds SET released_at = now(), released_by = ${operatorId}::bigint, release_reason = ${reason}
     WHERE id = ${id}::bigint AND released_at IS NULL`.execute(db);
}

/** Whether a member is an agent anywhere in the tree (a hold names a payee). */
export async function memberType(db: Db, views: SettlementViews, memberId: string): Promise<number | undefined> {
  const { rows } = await sql<{
    type: number;
  }>`SELECT m.type FROM ${views.members()} AS m WHERE m.id = ${memberId}::bigint`.execute(db);
  return rows[0]?.type;
}
