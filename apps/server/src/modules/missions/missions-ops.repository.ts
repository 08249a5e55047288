import { sql, type Kysely } from 'kysely';
import type { MissionStoredStatus } from '@wps/shared/schemas/missions';
import type { Database } from '../../db/schema';
import type { MissionApprovalWrite } from './missions.repository';

type Db = Kysely<Database>;

/** A step as the figures read it: the counter (`stake:RNG`, `deposit`) or mark count (`mark:game`) and its target. */
export type StepCondition = { metric: string; target: string };

/**
 * Players with anything counted on the steps' metrics in a period (`progressed`) and players whose
 * every step reached its target (`completed`). Marks are counted per member and kind, as the
 * player's progress reads them.
 */
export async function countStepProgress(
  db: Db,
  periodKey: string,
  steps: StepCondition[],
): Promise<{ progressed: number; completed: number }> {
  const counterMetrics = [...new Set(steps.map((s) => s.metric).filter((m) => !m.startsWith('mark:')))];
  const markKinds = [
    ...new Set(
      steps
        .map((s) => s.metric)
        .filter((m) => m.startsWith('mark:'))
        .map((m) => m.slice('mark:'.length)),
    ),
  ];
  if (steps.length === 0) return { progressed: 0, completed: 0 };
  const parts = [
    ...(counterMetrics.length
      ? [
          sql`SELECT member_id, metric, value FROM mission_counters WHERE period_key = ${periodKey} AND metric IN (${sql.join(counterMetrics)})`,
        ]
      : []),
    ...(markKinds.length
      ? [
          sql`SELECT member_id, 'mark:' || kind AS metric, count(*) AS value FROM mission_marks WHERE period_key = ${periodKey} AND kind IN (${sql.join(markKinds)}) GROUP BY member_id, kind`,
        ]
      : []),
  ];
  const met = steps.map(
    (s, i) => sql`bool_or(p.metric = ${s.metric} AND p.value >= ${s.target}::bigint) AS ${sql.ref(`s${i}`)}`,
  );
  const all = sql.join(
    steps.map((_, i) => sql.ref(`m.s${i}`)),
    sql` AND `,
  );
  const result = await sql<{ progressed: string; completed: string }>`
    WITH p AS (${sql.join(parts, sql` UNION ALL `)}),
    m AS (SELECT p.member_id, ${sql.join(met)} FROM p WHERE p.value > 0 GROUP BY p.member_id)
    SELECT count(*) AS progressed, count(*) FILTER (WHERE ${all}) AS completed FROM m`.execute(db);
  const row = result.rows[0];
  return { progressed: Number(row?.progressed ?? 0), completed: Number(row?.completed ?? 0) };
}

/** Per mission: claims in the given periods (the current day and week), claims in all and what they paid. */
export async function findClaimTotals(
  db: Db,
  currentKeys: string[],
): Promise<Map<string, { claimed: number; claimedAllTime: number; paid: bigint }>> {
  const rows = await db
    .selectFrom('mission_claims')
    .select([
      'mission_id',
      sql<string>`count(*) FILTER (WHERE period_key IN (${sql.join(currentKeys)}))`.as('claimed'),
      sql<string>`count(*)`.as('all_time'),
      sql<string>`coalesce(sum(amount), 0)`.as('paid'),
    ])
    .groupBy('mission_id')
    .execute();
  return new Map(
    rows.map((r) => [
      String(r.mission_id),
      { claimed: Number(r.claimed), claimedAllTime: Number(r.all_time), paid: BigInt(r.paid) },
    ]),
  );
}

export async function setMissionStatus(
  db: Db,
  id: string,
  status: MissionStoredStatus,
  approval?: MissionApprovalWrite,
): Promise<void> {
  const extra = approval
    ? { ceiling_reasons: approval.ceilingReasons, asked_by: approval.askedBy, approved_by: null, approved_at: null }
    : {};
  await db
    .updateTable('missions')
    .set({ status, ...extra, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Switches to live queue here, one at a time, for the rest of their transaction: each reads the
 * live set's total with the others' switches committed, so two at once cannot both pass the
 * period's ceiling unseen. Only switches that pay more take it.
 */
export async function lockMissionSetups(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('missions:setup-ceilings'))`.execute(trx);
}

/** The rewards of a cadence's live missions together, leaving one mission out (the one being switched). */
export async function sumLiveRewards(db: Db, cadence: 'daily' | 'weekly', exceptId: string | null): Promise<bigint> {
  let q = db
    .selectFrom('missions')
    .select(sql<string>`coalesce(sum(reward_amount), 0)`.as('total'))
    .where('status', '=', 'live')
    .where('cadence', '=', cadence);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return BigInt((await q.executeTakeFirstOrThrow()).total);
}

/** A waiting mission decided: live with its approver, or back to draft. False when it was not waiting. */
export async function decideMission(
  trx: Db,
  id: string,
  d: { status: 'live' | 'draft'; approvedBy: string },
): Promise<boolean> {
  const now = new Date();
  const res = await trx
    .updateTable('missions')
    .set({
      status: d.status,
      approved_by: d.status === 'live' ? d.approvedBy : null,
      approved_at: d.status === 'live' ? now : null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** How many missions wait for a second operator (the back office's queue badge). */
export async function countAwaitingMissions(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('missions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirstOrThrow();
  return Number(n);
}
