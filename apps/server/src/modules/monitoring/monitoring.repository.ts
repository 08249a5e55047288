import { sql, type Kysely } from 'kysely';
import type { MonitoringOutcome, MonitoringRule } from '@wps/shared/schemas/monitoring';
import type { Database } from '../../db/schema';
import type { Candidate } from './monitoring-rules';

type Db = Kysely<Database>;

export type FlagRow = {
  id: string;
  memberId: string;
  rule: MonitoringRule;
  periodKey: string;
  windowStart: Date;
  windowEnd: Date;
  figures: unknown;
  detectedAt: Date;
  status: 'open' | 'closed';
  outcome: MonitoringOutcome | null;
  closedBy: string | null;
  closedAt: Date | null;
  notes: number;
};

const COLUMNS = [
  'f.id',
  'f.member_id as memberId',
  'f.rule',
  'f.period_key as periodKey',
  'f.window_start as windowStart',
  'f.window_end as windowEnd',
  'f.figures',
  'f.detected_at as detectedAt',
  'f.status',
  'f.outcome',
  'f.closed_by as closedBy',
  'f.closed_at as closedAt',
] as const;

const noteCount = sql<number>`(SELECT count(*) FROM monitoring_notes n WHERE n.flag_id = f.id)::int`.as('notes');

/** The stored thresholds (JSON), or undefined when the operator never changed the defaults. */
export async function findSettings(db: Db): Promise<unknown> {
  const row = await db.selectFrom('monitoring_settings').select('settings').where('id', '=', 1).executeTakeFirst();
  return row?.settings;
}

export async function saveSettings(db: Db, settings: unknown, by: string): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('monitoring_settings')
    .values({ id: 1, settings: json, updated_by: by })
    .onConflict((oc) => oc.column('id').doUpdateSet({ settings: json, updated_by: by, updated_at: sql`now()` }))
    .execute();
}

/**
 * Raise a candidate unless the player has this rule's flag for the same period (the unique key)
 * or one detected within the rule's cool-down before `at`; true when a flag was written.
 */
export async function insertFlag(db: Db, c: Candidate, at: Date, coolDownMs: number): Promise<boolean> {
  const since = new Date(at.getTime() - coolDownMs);
  const res = await sql`
    INSERT INTO monitoring_flags (member_id, rule, period_key, window_start, window_end, figures, detected_at)
    SELECT ${c.memberId}::bigint, ${c.rule}, ${c.periodKey}, ${c.window.from}, ${c.window.to}, ${JSON.stringify(c.figures)}::jsonb, ${at}
    WHERE NOT EXISTS (
      SELECT 1 FROM monitoring_flags p
      WHERE p.member_id = ${c.memberId}::bigint AND p.rule = ${c.rule} AND p.detected_at > ${since} AND p.detected_at <= ${at})
    ON CONFLICT (member_id, rule, period_key) DO NOTHING`.execute(db);
  return Number(res.numAffectedRows ?? 0) === 1;
}

export async function findFlag(db: Db, id: string): Promise<FlagRow | undefined> {
  return db
    .selectFrom('monitoring_flags as f')
    .select([...COLUMNS, noteCount])
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export async function lockFlag(
  db: Db,
  id: string,
): Promise<{ id: string; memberId: string; status: 'open' | 'closed' } | undefined> {
  return db
    .selectFrom('monitoring_flags')
    .select(['id', 'member_id as memberId', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A page of flags, newest (or oldest) first, with how many match. */
export async function listFlags(
  db: Db,
  filter: {
    rule?: MonitoringRule | undefined;
    status?: 'open' | 'closed' | undefined;
    memberId?: string | undefined;
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ rows: FlagRow[]; total: number }> {
  let q = db.selectFrom('monitoring_flags as f');
  if (filter.rule) q = q.where('f.rule', '=', filter.rule);
  if (filter.status) q = q.where('f.status', '=', filter.status);
  if (filter.memberId) q = q.where('f.member_id', '=', filter.memberId);
  const [rows, count] = await Promise.all([
    q
      .select([...COLUMNS, noteCount])
      .orderBy('f.id', filter.order)
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertNote(db: Db, flagId: string, operatorId: string, body: string): Promise<string> {
  const row = await db
    .insertInto('monitoring_notes')
    .values({ flag_id: flagId, operator_id: operatorId, body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findNotes(
  db: Db,
  flagId: string,
): Promise<{ id: string; operatorId: string; body: string; createdAt: Date }[]> {
  return db
    .selectFrom('monitoring_notes')
    .select(['id', 'operator_id as operatorId', 'body', 'created_at as createdAt'])
    .where('flag_id', '=', flagId)
    .orderBy('id')
    .execute();
}

/** Close an open flag (locked by the caller) with its outcome. */
export async function closeFlag(
  db: Db,
  id: string,
  outcome: MonitoringOutcome,
  by: string,
  at: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('monitoring_flags')
    .set({ status: 'closed', outcome, closed_by: by, closed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Flags per player and rule detected at or after `since`, for these players (monitoring_flags_member_idx). */
export async function countFlagsByMemberAndRule(
  db: Db,
  memberIds: readonly string[],
  since: Date,
): Promise<{ memberId: string; rule: MonitoringRule; flags: number }[]> {
  const rows = await db
    .selectFrom('monitoring_flags')
    .select((eb) => ['member_id', 'rule', eb.fn.countAll<string>().as('flags')])
    .where('member_id', 'in', [...memberIds])
    .where('detected_at', '>=', since)
    .groupBy(['member_id', 'rule'])
    .execute();
  return rows.map((r) => ({ memberId: String(r.member_id), rule: r.rule, flags: Number(r.flags) }));
}

/** The players with a flag detected at or after `since`, after a member id in id order, a page at a time. */
export async function findFlaggedMembersAfter(
  db: Db,
  since: Date,
  afterMemberId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('monitoring_flags')
    .select('member_id')
    .distinct()
    .where('detected_at', '>=', since)
    .where('member_id', '>', afterMemberId)
    .orderBy('member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.member_id));
}
