import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MissionStepRow } from '../../db/tables/missions';
import type { MissionStoredStatus } from '@wps/shared/schemas/missions';

type Db = Kysely<Database>;

export type MissionRow = {
  id: string;
  cadence: 'daily' | 'weekly';
  titlePt: string;
  titleEn: string;
  status: MissionStoredStatus;
  rewardAmount: string;
  steps: MissionStepRow[];
  sortOrder: number;
  updatedAt: Date;
  ceilingReasons: string[];
  askedBy: string | null;
  approvedBy: string | null;
  approvedAt: Date | null;
};

const COLUMNS = [
  'id',
  'cadence',
  'title_pt as titlePt',
  'title_en as titleEn',
  'status',
  'reward_amount as rewardAmount',
  'steps',
  'sort_order as sortOrder',
  'updated_at as updatedAt',
  'ceiling_reasons as ceilingReasons',
  'asked_by as askedBy',
  'approved_by as approvedBy',
  'approved_at as approvedAt',
] as const;

export async function findMissions(db: Db): Promise<MissionRow[]> {
  return (await db
    .selectFrom('missions')
    .select(COLUMNS)
    .orderBy('cadence')
    .orderBy('sort_order')
    .orderBy('id')
    .execute()) as MissionRow[];
}

export async function findLiveMissions(db: Db): Promise<MissionRow[]> {
  return (await db
    .selectFrom('missions')
    .select(COLUMNS)
    .where('status', '=', 'live')
    .orderBy('sort_order')
    .orderBy('id')
    .execute()) as MissionRow[];
}

export async function lockMission(db: Db, id: string): Promise<MissionRow | undefined> {
  return (await db.selectFrom('missions').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst()) as
    | MissionRow
    | undefined;
}

export type MissionWrite = {
  cadence: 'daily' | 'weekly';
  titlePt: string;
  titleEn: string;
  status: MissionStoredStatus;
  rewardMinor: bigint;
  steps: MissionStepRow[];
  sortOrder: number;
};

/** What a switch to live stored about the set-up ceilings (absent: the columns stay as they are). */
export type MissionApprovalWrite = { ceilingReasons: string[]; askedBy: string; approvedBy: null };

function approvalColumns(a: MissionApprovalWrite | undefined) {
  return a
    ? { ceiling_reasons: a.ceilingReasons, asked_by: a.askedBy, approved_by: a.approvedBy, approved_at: null }
    : {};
}

function columns(m: MissionWrite) {
  return {
    cadence: m.cadence,
    title_pt: m.titlePt,
    title_en: m.titleEn,
    status: m.status,
    reward_amount: m.rewardMinor.toString(),
    steps: JSON.stringify(m.steps),
    sort_order: m.sortOrder,
  };
}

export async function insertMission(
  db: Db,
  m: MissionWrite,
  operatorId: string,
  approval?: MissionApprovalWrite,
): Promise<string> {
  const row = await db
    .insertInto('missions')
    .values({ ...columns(m), ...approvalColumns(approval), created_by: operatorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateMission(
  db: Db,
  id: string,
  m: MissionWrite,
  approval?: MissionApprovalWrite,
): Promise<void> {
  await db
    .updateTable('missions')
    .set({ ...columns(m), ...approvalColumns(approval), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export type CounterDelta = { memberId: string; periodKey: string; metric: string; amount: bigint };

/**
 * Add a batch's counters in one statement. The rows are upserted in key order, so two writers never
 * wait on each other in a cycle (the consumer is the only writer today; a second instance waits on
 * the consumer's cursor before it gets here).
 */
export async function addCounters(db: Db, batch: CounterDelta[]): Promise<void> {
  // One row per key: a statement's upsert may not touch a row twice.
  const merged = new Map<string, CounterDelta>();
  for (const d of batch) {
    const k = `${d.memberId}|${d.periodKey}|${d.metric}`;
    const prev = merged.get(k);
    merged.set(k, prev ? { ...prev, amount: prev.amount + d.amount } : d);
  }
  const deltas = [...merged.values()];
  if (deltas.length === 0) return;
  await sql`
    INSERT INTO mission_counters AS c (member_id, period_key, metric, value)
    SELECT d.member_id, d.period_key, d.metric, d.value
    FROM unnest(${sql.val(deltas.map((d) => d.memberId))}::bigint[], ${sql.val(deltas.map((d) => d.periodKey))}::text[],
                ${sql.val(deltas.map((d) => d.metric))}::text[], ${sql.val(deltas.map((d) => d.amount.toString()))}::bigint[]) AS d (member_id, period_key, metric, value)
    ORDER BY d.member_id, d.period_key, d.metric
    ON CONFLICT (member_id, period_key, metric) DO UPDATE SET value = c.value + excluded.value`.execute(db);
}

export type Mark = { memberId: string; periodKey: string; kind: 'game' | 'day'; mark: string };

/** Add a batch's marks in one statement, each once and in key order (a game played twice in a period is one mark). */
export async function addMarks(db: Db, marks: Mark[]): Promise<void> {
  const unique = new Map(marks.map((m) => [`${m.memberId}|${m.periodKey}|${m.kind}|${m.mark}`, m]));
  if (unique.size === 0) return;
  const rows = [...unique.values()];
  await sql`
    INSERT INTO mission_marks (member_id, period_key, kind, mark)
    SELECT m.member_id, m.period_key, m.kind, m.mark
    FROM unnest(${sql.val(rows.map((m) => m.memberId))}::bigint[], ${sql.val(rows.map((m) => m.periodKey))}::text[],
                ${sql.val(rows.map((m) => m.kind))}::text[], ${sql.val(rows.map((m) => m.mark))}::text[]) AS m (member_id, period_key, kind, mark)
    ORDER BY m.member_id, m.period_key, m.kind, m.mark
    ON CONFLICT DO NOTHING`.execute(db);
}

/** A member's counters and mark counts in some periods: `${periodKey}|${metric}` → value (marks as `mark:game`, `mark:day`). */
export async function findMemberProgress(db: Db, memberId: string, periodKeys: string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  const counters = await db
    .selectFrom('mission_counters')
    .select(['period_key', 'metric', 'value'])
    .where('member_id', '=', memberId)
    .where('period_key', 'in', periodKeys)
    .execute();
  for (const c of counters) out.set(`${c.period_key}|${c.metric}`, BigInt(c.value));
  const marks = await db
    .selectFrom('mission_marks')
    .select(['period_key', 'kind', sql<string>`count(*)`.as('n')])
    .where('member_id', '=', memberId)
    .where('period_key', 'in', periodKeys)
    .groupBy(['period_key', 'kind'])
    .execute();
  for (const m of marks) out.set(`${m.period_key}|mark:${m.kind}`, BigInt(m.n));
  return out;
}

/** The member's claims in some periods, as `${missionId}|${periodKey}`. */
export async function findMemberClaims(db: Db, memberId: string, periodKeys: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('mission_claims')
    .select(['mission_id', 'period_key'])
    .where('member_id', '=', memberId)
    .where('period_key', 'in', periodKeys)
    .execute();
  return new Set(rows.map((r) => `${r.mission_id}|${r.period_key}`));
}

/** Take a mission's claim for a period; false when it was claimed already. */
export async function insertClaim(
  db: Db,
  c: { memberId: string; missionId: string; periodKey: string; amount: bigint },
): Promise<boolean> {
  const row = await db
    .insertInto('mission_claims')
    .values({ member_id: c.memberId, mission_id: c.missionId, period_key: c.periodKey, amount: c.amount.toString() })
    .onConflict((oc) => oc.doNothing())
    .returning('period_key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setClaimGrant(
  db: Db,
  c: { memberId: string; missionId: string; periodKey: string; grantId: string },
): Promise<void> {
  await db
    .updateTable('mission_claims')
    .set({ grant_id: c.grantId })
    .where('member_id', '=', c.memberId)
    .where('mission_id', '=', c.missionId)
    .where('period_key', '=', c.periodKey)
    .execute();
}

/** Claims per member in the periods (this week's and its days'), most first. */
export async function findClaimCounts(
  db: Db,
  periodKeys: string[],
  limit: number,
): Promise<{ memberId: string; completed: number }[]> {
  const rows = await db
    .selectFrom('mission_claims')
    .select(['member_id', sql<string>`count(*)`.as('n'), sql<Date>`max(claimed_at)`.as('last')])
    .where('period_key', 'in', periodKeys)
    .groupBy('member_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`max(claimed_at)`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ memberId: String(r.member_id), completed: Number(r.n) }));
}

/** One member's claims in the periods and how many members have more. */
export async function findClaimRank(
  db: Db,
  memberId: string,
  periodKeys: string[],
): Promise<{ completed: number; ahead: number }> {
  const mine = await db
    .selectFrom('mission_claims')
    .select(sql<string>`count(*)`.as('n'))
    .where('member_id', '=', memberId)
    .where('period_key', 'in', periodKeys)
    .executeTakeFirst();
  const completed = Number(mine?.n ?? 0);
  const ahead = await db
    .selectFrom(
      db
        .selectFrom('mission_claims')
        .select(['member_id', sql<string>`count(*)`.as('n')])
        .where('period_key', 'in', periodKeys)
        .groupBy('member_id')
        .as('c'),
    )
    .select(sql<string>`count(*)`.as('n'))
    .where(sql`c.n`, '>', completed)
    .executeTakeFirst();
  return { completed, ahead: Number(ahead?.n ?? 0) };
}
