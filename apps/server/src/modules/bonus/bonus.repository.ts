import { sql, type Kysely, type Selectable } from 'kysely';
import { camelRow, snakeRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { BonusStatus, BonusTables } from '../../db/tables/bonus';

type Db = Kysely<Database>;

// The bonus module's rows: the operator's settings, every bonus and what each settled round
// added to a bonus's wagering (migration 0250).

export type BonusRow = CamelRow<Selectable<BonusTables['bonuses']>>;
export type BonusSettingsRow = CamelRow<Selectable<BonusTables['bonus_settings']>>;
export type WagerRow = CamelRow<Selectable<BonusTables['bonus_wagers']>>;

export async function readSettings(db: Db): Promise<BonusSettingsRow> {
  return db.selectFrom('bonus_settings').selectAll().executeTakeFirstOrThrow().then(camelRow);
}

export async function writeSettings(
  db: Db,
  values: Pick<
    BonusSettingsRow,
    | 'spendOrder'
    | 'contributions'
    | 'defaultWageringMultiple'
    | 'defaultExpiryHours'
    | 'defaultMaxStakeMinor'
    | 'defaultMaxConversionMultiple'
  >,
  operatorId: string,
): Promise<BonusSettingsRow> {
  return db
    .updateTable('bonus_settings')
    .set({
      ...snakeRow<Omit<Selectable<BonusTables['bonus_settings']>, 'id' | 'updated_at' | 'updated_by'>>(values),
      contributions: JSON.stringify(values.contributions),
      updated_at: new Date(),
      updated_by: operatorId,
    })
    .where('id', '=', true)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

/** The settings row locked, so two operators' changes apply one after the other. */
export async function lockSettings(db: Db): Promise<BonusSettingsRow> {
  return db.selectFrom('bonus_settings').selectAll().forUpdate().executeTakeFirstOrThrow().then(camelRow);
}

/** The columns a new bonus is written with (the others start as the table's defaults). */
type NewBonusColumns = Omit<
  Selectable<BonusTables['bonuses']>,
  'id' | 'wagered' | 'created_at' | 'activated_at' | 'ended_at' | 'end_reason' | 'ended_by' | 'converted' | 'returned'
>;
export type NewBonus = CamelRow<NewBonusColumns>;

/** Insert a grant's bonus; undefined when that grant already has one. */
export async function insertBonus(db: Db, row: NewBonus): Promise<BonusRow | undefined> {
  return db
    .insertInto('bonuses')
    .values(snakeRow<NewBonusColumns>(row))
    .onConflict((oc) => oc.column('grant_id').doNothing())
    .returningAll()
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

export async function findBonusByGrant(db: Db, grantId: string): Promise<BonusRow> {
  return db.selectFrom('bonuses').selectAll().where('grant_id', '=', grantId).executeTakeFirstOrThrow().then(camelRow);
}

export async function lockBonus(db: Db, id: string): Promise<BonusRow | undefined> {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

export async function findBonus(db: Db, id: string): Promise<BonusRow | undefined> {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

/** A member's bonuses still running (active and queued), oldest first, locked. */
export async function lockOpenBonuses(db: Db, memberId: string): Promise<BonusRow[]> {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', 'in', ['active', 'queued'])
    .orderBy('id')
    .forUpdate()
    .execute()
    .then((rows) => rows.map(camelRow));
}

export async function findOpenBonuses(db: Db, memberId: string): Promise<BonusRow[]> {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', 'in', ['active', 'queued'])
    .orderBy('id')
    .execute()
    .then((rows) => rows.map(camelRow));
}

export async function findActiveBonus(db: Db, memberId: string): Promise<BonusRow | undefined> {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

/** Which of these members have an active bonus (one read for a batch of events). */
export async function findMembersWithActiveBonus(db: Db, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bonuses')
    .select('member_id')
    .where('member_id', 'in', memberIds)
    .where('status', '=', 'active')
    .execute();
  return new Set(rows.map((r) => String(r.member_id)));
}

export async function markActive(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('bonuses')
    .set({ status: 'active', activated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

export async function markEnded(
  db: Db,
  id: string,
  end: {
    status: Exclude<BonusStatus, 'queued' | 'active'>;
    converted: bigint;
    returned: bigint;
    reason: string | null;
    by: string | null;
    at: Date;
  },
): Promise<BonusRow> {
  return db
    .updateTable('bonuses')
    .set({
      status: end.status,
      converted: end.converted.toString(),
      returned: end.returned.toString(),
      end_reason: end.reason,
      ended_by: end.by,
      ended_at: end.at,
    })
    .where('id', '=', id)
    .where('status', 'in', ['active', 'queued'])
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

/** Several members' running bonuses locked, member by member in id order (the wagering consumer's batch). */
export async function lockMembersOpenBonuses(db: Db, memberIds: string[]): Promise<BonusRow[]> {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('member_id', 'in', memberIds)
    .where('status', 'in', ['active', 'queued'])
    .orderBy('member_id')
    .orderBy('id')
    .forUpdate()
    .execute()
    .then((rows) => rows.map(camelRow));
}

/**
 * Count a batch's settled rounds towards their bonuses in two statements: the rounds not counted
 * before are added, then each bonus's total moves by what its rounds counted. Each bonus's new
 * wagered total.
 */
export async function addWagers(db: Db, rows: Omit<WagerRow, 'createdAt'>[]): Promise<Map<string, bigint>> {
  if (rows.length === 0) return new Map();
  const inserted = await db
    .insertInto('bonus_wagers')
    .values(rows.map((r) => snakeRow<Omit<Selectable<BonusTables['bonus_wagers']>, 'created_at'>>(r)))
    .onConflict((oc) => oc.columns(['bonus_id', 'round_id']).doNothing())
    .returning(['bonus_id', 'counted'])
    .execute();
  const added = new Map<string, bigint>([...new Set(rows.map((r) => String(r.bonusId)))].map((id) => [id, 0n]));
  for (const r of inserted) added.set(String(r.bonus_id), added.get(String(r.bonus_id))! + BigInt(r.counted));
  const { rows: updated } = await sql<{ id: string; wagered: string }>`
    UPDATE bonuses AS b SET wagered = b.wagered + u.added
    FROM unnest(${sql.val([...added.keys()])}::bigint[], ${sql.val([...added.values()].map(String))}::bigint[]) AS u (id, added)
    WHERE b.id = u.id RETURNING b.id::text AS id, b.wagered::text AS wagered`.execute(db);
  return new Map(updated.map((r) => [r.id, BigInt(r.wagered)]));
}

/** Of these (bonus, round) pairs, those counted already (`bonus|round`): a replayed event counts nothing again. */
export async function findCountedRounds(db: Db, pairs: { bonusId: string; roundId: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await sql<{ bonus_id: string; round_id: string }>`
    SELECT w.bonus_id::text AS bonus_id, w.round_id::text AS round_id FROM bonus_wagers AS w
    JOIN unnest(${sql.val(pairs.map((p) => p.bonusId))}::bigint[], ${sql.val(pairs.map((p) => p.roundId))}::bigint[]) AS p (bonus_id, round_id)
      ON w.bonus_id = p.bonus_id AND w.round_id = p.round_id`.execute(db);
  return new Set(rows.map((r) => `${r.bonus_id}|${r.round_id}`));
}

/** Running bonuses whose time is up, oldest first. */
export async function findDueBonusIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bonuses')
    .select('id')
    .where('status', 'in', ['active', 'queued'])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.id));
}

export async function findMemberBonuses(db: Db, memberId: string, limit: number): Promise<BonusRow[]> {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.map(camelRow));
}

/** The last rounds that counted towards a member's bonuses, newest first. */
export async function findMemberWagers(db: Db, bonusIds: string[], limit: number): Promise<WagerRow[]> {
  if (bonusIds.length === 0) return [];
  return db
    .selectFrom('bonus_wagers')
    .selectAll()
    .where('bonus_id', 'in', bonusIds)
    .orderBy('created_at', 'desc')
    .orderBy('round_id', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.map(camelRow));
}

export type OpsBonusFilter = {
  status?: BonusStatus | undefined;
  memberId?: string | undefined;
  source?: string | undefined;
};

export async function findOpsBonuses(
  db: Db,
  f: OpsBonusFilter,
  offset: number,
  limit: number,
): Promise<{ rows: BonusRow[]; total: number }> {
  let q = db.selectFrom('bonuses');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.memberId) q = q.where('member_id', '=', f.memberId);
  if (f.source) q = q.where('source', '=', f.source);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(camelRow), total: Number(count.n) };
}

export type CostRow = {
  day: string;
  source: string;
  granted: string;
  converted: string;
  forfeited: string;
  expired: string;
  cancelled: string;
  grants: string;
};

/**
 * The bonus cost by day (in the operator's time zone) and source: what was granted that day, and
 * what bonuses that ended that day converted to main wallets or returned to the budget by how they ended.
 */
export async function findCostReport(db: Db, fromDay: string, toDay: string, timeZone: string): Promise<CostRow[]> {
  // The days' bounds in that time zone: a day is cut where its wall clock turns midnight.
  const from = sql`((${fromDay}::date)::timestamp AT TIME ZONE ${timeZone})`;
  const to = sql`((${toDay}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
  const { rows } = await sql<CostRow>`
    WITH moves AS (
      SELECT (b.created_at AT TIME ZONE ${timeZone})::date AS day, b.source, b.amount AS granted, 0::bigint AS converted,
             0::bigint AS forfeited, 0::bigint AS expired, 0::bigint AS cancelled, 1 AS grants
      FROM bonuses AS b WHERE b.created_at >= ${from} AND b.created_at < ${to}
      UNION ALL
      SELECT (b.ended_at AT TIME ZONE ${timeZone})::date, b.source, 0, b.converted,
             CASE WHEN b.status = 'forfeited' THEN b.returned ELSE 0 END,
             CASE WHEN b.status = 'expired' THEN b.returned ELSE 0 END,
             CASE WHEN b.status = 'cancelled' THEN b.returned ELSE 0 END, 0
      FROM bonuses AS b WHERE b.ended_at >= ${from} AND b.ended_at < ${to}
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day, source, sum(granted)::text AS granted, sum(converted)::text AS converted,
           sum(forfeited)::text AS forfeited, sum(expired)::text AS expired, sum(cancelled)::text AS cancelled, sum(grants)::text AS grants
    FROM moves GROUP BY day, source ORDER BY day DESC, source`.execute(db);
  return rows;
}
