import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MissionStepRow } from '../../db/tables/missions';

type Db = Kysely<Database>;

export type MissionRow = {
  id: string;
  cadence: 'daily' | 'weekly';
  title_pt: string;
  title_en: string;
  status: 'draft' | 'live' | 'ended';
  reward_amount: string;
  steps: MissionStepRow[];
  sort_order: number;
  updated_at: Date;
};

const COLUMNS = ['id', 'cadence', 'title_pt', 'title_en', 'status', 'reward_amount', 'steps', 'sort_order', 'updated_at'] as const;

export async function findMissions(db: Db): Promise<MissionRow[]> {
  return (await db.selectFrom('missions').select(COLUMNS).orderBy('cadence').orderBy('sort_order').orderBy('id').execute()) as MissionRow[];
}

export async function findLiveMissions(db: Db): Promise<MissionRow[]> {
  return (await db.selectFrom('missions').select(COLUMNS).where('status', '=', 'live').orderBy('sort_order').orderBy('id').execute()) as MissionRow[];
}

export async function lockMission(db: Db, id: string): Promise<MissionRow | undefined> {
  return (await db.selectFrom('missions').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst()) as MissionRow | undefined;
}

export type MissionWrite = { cadence: 'daily' | 'weekly'; titlePt: string; titleEn: string; status: 'draft' | 'live' | 'ended'; rewardMinor: bigint; steps: MissionStepRow[]; sortOrder: number };

function columns(m: MissionWrite) {
  return { cadence: m.cadence, title_pt: m.titlePt, title_en: m.titleEn, status: m.status, reward_amount: m.rewardMinor.toString(), steps: JSON.stringify(m.steps), sort_order: m.sortOrder };
}

export async function insertMission(db: Db, m: MissionWrite, operatorId: string): Promise<string> {
  const row = await db.insertInto('missions').values({ ...columns(m), created_by: operatorId }).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateMission(db: Db, id: string, m: MissionWrite): Promise<void> {
  await db.updateTable('missions').set({ ...columns(m), updated_at: new Date() }).where('id', '=', id).execute();
}

export type CounterDelta = { memberId: string; periodKey: string; metric: string; amount: bigint };

/** Add to counters in key order, so two writers never wait on each other in a cycle. */
export async function addCounters(db: Db, deltas: CounterDelta[]): Promise<void> {
  const sorted = [...deltas].sort((a, b) => (BigInt(a.memberId) !== BigInt(b.memberId) ? (BigInt(a.memberId) < BigInt(b.memberId) ? -1 : 1) : `${a.periodKey}|${a.metric}` < `${b.periodKey}|${b.metric}` ? -1 : 1));
  for (const d of sorted) {
    await db
      .insertInto('mission_counters')
      .values({ member_id: d.memberId, period_key: d.periodKey, metric: d.metric, value: d.amount.toString() })
      .onConflict((oc) => oc.columns(['member_id', 'period_key', 'metric']).doUpdateSet({ value: sql`mission_counters.value + excluded.value` }))
      .execute();
  }
}

export type Mark = { memberId: string; periodKey: string; kind: 'game' | 'day'; mark: string };

export async function addMarks(db: Db, marks: Mark[]): Promise<void> {
  if (marks.length === 0) return;
  await db
    .insertInto('mission_marks')
    .values(marks.map((m) => ({ member_id: m.memberId, period_key: m.periodKey, kind: m.kind, mark: m.mark })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A member's counters and mark counts in some periods: `${periodKey}|${metric}` → value (marks as `mark:game`, `mark:day`). */
export async function findMemberProgress(db: Db, memberId: string, periodKeys: string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  const counters = await db.selectFrom('mission_counters').select(['period_key', 'metric', 'value']).where('member_id', '=', memberId).where('period_key', 'in', periodKeys).execute();
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
  const rows = await db.selectFrom('mission_claims').select(['mission_id', 'period_key']).where('member_id', '=', memberId).where('period_key', 'in', periodKeys).execute();
  return new Set(rows.map((r) => `${r.mission_id}|${r.period_key}`));
}

/** Take a mission's claim for a period; false when it was claimed already. */
export async function insertClaim(db: Db, c: { memberId: string; missionId: string; periodKey: string; amount: bigint }): Promise<boolean> {
  const row = await db
    .insertInto('mission_claims')
    .values({ member_id: c.memberId, mission_id: c.missionId, period_key: c.periodKey, amount: c.amount.toString() })
    .onConflict((oc) => oc.doNothing())
    .returning('period_key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setClaimGrant(db: Db, c: { memberId: string; missionId: string; periodKey: string; grantId: string }): Promise<void> {
  await db.updateTable('mission_claims').set({ grant_id: c.grantId }).where('member_id', '=', c.memberId).where('mission_id', '=', c.missionId).where('period_key', '=', c.periodKey).execute();
}

/** Claims per member in the periods (this week's and its days'), most first. */
export async function findClaimCounts(db: Db, periodKeys: string[], limit: number): Promise<{ memberId: string; completed: number }[]> {
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
export async function findClaimRank(db: Db, memberId: string, periodKeys: string[]): Promise<{ completed: number; ahead: number }> {
  const mine = await db.selectFrom('mission_claims').select(sql<string>`count(*)`.as('n')).where('member_id', '=', memberId).where('period_key', 'in', periodKeys).executeTakeFirst();
  const completed = Number(mine?.n ?? 0);
  const ahead = await db
    .selectFrom(db.selectFrom('mission_claims').select(['member_id', sql<string>`count(*)`.as('n')]).where('period_key', 'in', periodKeys).groupBy('member_id').as('c'))
    .select(sql<string>`count(*)`.as('n'))
    .where(sql`c.n`, '>', completed)
    .executeTakeFirst();
  return { completed, ahead: Number(ahead?.n ?? 0) };
}
