import { sql, type Kysely, type Selectable } from 'kysely';
import type { RuleInputParsed, RuleStatus } from '@wps/shared/schemas/rewards';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
export type RuleRow = CamelRow<Selectable<Database['reward_rules']>>;

const toRule = (row: Selectable<Database['reward_rules']>): RuleRow => camelRow(row);

function columns(input: RuleInputParsed) {
  return {
    name: input.name,
    promotion_id: input.promotionId,
    trigger: input.trigger,
    conditions: JSON.stringify(input.conditions),
    reward: JSON.stringify(input.reward),
    delivery: input.delivery,
    starts_at: input.startsAt ? new Date(input.startsAt) : null,
    ends_at: input.endsAt ? new Date(input.endsAt) : null,
    per_player_cap: input.perPlayerCap,
    cap_period: input.capPeriod,
    total_cap_count: input.totalCapCount,
    total_cap_amount: input.totalCapAmount,
  };
}

export async function insertRule(trx: Db, input: RuleInputParsed, operatorId: string): Promise<RuleRow> {
  return trx
    .insertInto('reward_rules')
    .values({ ...columns(input), created_by: operatorId })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toRule);
}

export async function updateRule(trx: Db, id: string, input: RuleInputParsed): Promise<RuleRow> {
  return trx
    .updateTable('reward_rules')
    .set({ ...columns(input), version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toRule);
}

export async function setRuleStatus(trx: Db, id: string, status: RuleStatus): Promise<RuleRow> {
  return trx
    .updateTable('reward_rules')
    .set({ status, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toRule);
}

export async function lockRule(trx: Db, id: string): Promise<RuleRow | undefined> {
  const row = await trx.selectFrom('reward_rules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && toRule(row);
}

export async function findRules(db: Db): Promise<RuleRow[]> {
  const rows = await db.selectFrom('reward_rules').selectAll().orderBy('id', 'desc').limit(500).execute();
  return rows.map(toRule);
}

export async function findRule(db: Db, id: string): Promise<RuleRow | undefined> {
  const row = await db.selectFrom('reward_rules').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRule(row);
}

/** Live rules for these triggers (the consumer reads them once per batch). */
export async function findLiveRules(db: Db, triggers: readonly string[]): Promise<RuleRow[]> {
  if (!triggers.length) return [];
  const rows = await db
    .selectFrom('reward_rules')
    .selectAll()
    .where('status', '=', 'live')
    .where('trigger', 'in', triggers)
    .orderBy('id')
    .execute();
  return rows.map(toRule);
}

/** A batch's use of one per-player cap slot: how many grants it takes there. */
export type SlotUse = { ruleId: string; memberId: string; periodKey: string; cap: number; grants: number };

const slotKey = (s: { ruleId: string; memberId: string; periodKey: string }) =>
  `${s.ruleId}|${s.memberId}|${s.periodKey}`;

/**
 * How many grants each of these per-player cap slots holds now (`rule|member|period` → grants;
 * absent: none), one read for a whole batch. The rules consumer's cursor lock keeps a second
 * instance from taking slots meanwhile; `addSlotUse` checks it all the same.
 */
export async function findSlotUse(db: Db, slots: { ruleId: string; memberId: string; periodKey: string }[]) {
  const unique = [...new Map(slots.map((s) => [slotKey(s), s])).values()];
  const used = new Map<string, number>();
  if (unique.length === 0) return used;
  const { rows } = await sql<{ rule_id: string; member_id: string; period_key: string; grants: number }>`
    SELECT u.rule_id::text AS rule_id, u.member_id::text AS member_id, u.period_key, u.grants
    FROM reward_rule_usage AS u
    JOIN unnest(${sql.val(unique.map((s) => s.ruleId))}::bigint[], ${sql.val(unique.map((s) => s.memberId))}::bigint[], ${sql.val(unique.map((s) => s.periodKey))}::text[])
      AS s (rule_id, member_id, period_key) ON u.rule_id = s.rule_id AND u.member_id = s.member_id AND u.period_key = s.period_key`.execute(
    db,
  );
  for (const r of rows)
    used.set(slotKey({ ruleId: r.rule_id, memberId: r.member_id, periodKey: r.period_key }), Number(r.grants));
  return used;
}

/**
 * Take a batch's per-player cap slots in one statement, in key order (the lock order of two
 * writers). Each row passes only if it stays within its cap; one that would not means the slots
 * moved since `findSlotUse`, and the batch is rolled back rather than granting past a cap.
 */
export async function addSlotUse(trx: Db, uses: SlotUse[]): Promise<void> {
  if (uses.length === 0) return;
  const sorted = [...uses].sort((a, b) => (slotKey(a) < slotKey(b) ? -1 : 1));
  const { rows } = await sql<{ n: number }>`
    WITH s AS (
      SELECT * FROM unnest(${sql.val(sorted.map((s) => s.ruleId))}::bigint[], ${sql.val(sorted.map((s) => s.memberId))}::bigint[],
        ${sql.val(sorted.map((s) => s.periodKey))}::text[], ${sql.val(sorted.map((s) => s.grants))}::int[],
        ${sql.val(sorted.map((s) => s.cap))}::int[]) WITH ORDINALITY AS s (rule_id, member_id, period_key, grants, cap, n)),
    taken AS (
      INSERT INTO reward_rule_usage AS u (rule_id, member_id, period_key, grants)
      SELECT s.rule_id, s.member_id, s.period_key, s.grants FROM s WHERE s.grants <= s.cap ORDER BY s.n
      ON CONFLICT (rule_id, member_id, period_key) DO UPDATE SET grants = u.grants + excluded.grants
      WHERE u.grants + excluded.grants <= (SELECT c.cap FROM s AS c
        WHERE c.rule_id = u.rule_id AND c.member_id = u.member_id AND c.period_key = u.period_key)
      RETURNING 1)
    SELECT count(*)::int AS n FROM taken`.execute(trx);
  if ((rows[0]?.n ?? 0) !== sorted.length) throw new Error('rewards: per-player cap slots moved under a batch');
}

export type RuleTotals = { count: bigint; amount: bigint; capCount: bigint | null; capAmount: bigint | null };

/** The rules' grant totals and total caps, their rows locked for the batch that adds to them (in id order). */
export async function lockRuleTotals(trx: Db, ruleIds: string[]): Promise<Map<string, RuleTotals>> {
  const out = new Map<string, RuleTotals>();
  if (ruleIds.length === 0) return out;
  const { rows } = await sql<{
    id: string;
    granted_count: string;
    granted_amount: string;
    total_cap_count: string | null;
    total_cap_amount: string | null;
  }>`
    SELECT id::text AS id, granted_count::text AS granted_count, granted_amount::text AS granted_amount,
      total_cap_count::text AS total_cap_count, total_cap_amount::text AS total_cap_amount
    FROM reward_rules WHERE id = ANY(${sql.val(ruleIds)}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
  for (const r of rows)
    out.set(r.id, {
      count: BigInt(r.granted_count),
      amount: BigInt(r.granted_amount),
      capCount: r.total_cap_count === null ? null : BigInt(r.total_cap_count),
      capAmount: r.total_cap_amount === null ? null : BigInt(r.total_cap_amount),
    });
  return out;
}

/** Add a batch's grants to its rules' totals, one statement (rows locked by `lockRuleTotals`). */
export async function addRuleTotals(trx: Db, added: Map<string, { count: bigint; amount: bigint }>): Promise<void> {
  if (added.size === 0) return;
  const ids = [...added.keys()];
  await sql`
    UPDATE reward_rules AS r SET granted_count = r.granted_count + d.n, granted_amount = r.granted_amount + d.amount
    FROM unnest(${sql.val(ids)}::bigint[], ${sql.val(ids.map((id) => added.get(id)!.count.toString()))}::bigint[],
                ${sql.val(ids.map((id) => added.get(id)!.amount.toString()))}::bigint[]) AS d (id, n, amount)
    WHERE r.id = d.id`.execute(trx);
}

export type TotalDelta = { memberId: string; metric: string; day: string; amount: bigint };

/** Add a batch's deposits and turnover to the players' daily totals, one statement. */
export async function addTotals(trx: Db, deltas: TotalDelta[]): Promise<void> {
  if (!deltas.length) return;
  await sql`
    INSERT INTO reward_member_totals AS t (member_id, metric, day, amount)
    SELECT * FROM unnest(${sql.val(deltas.map((d) => d.memberId))}::bigint[], ${sql.val(deltas.map((d) => d.metric))}::text[],
                         ${sql.val(deltas.map((d) => d.day))}::date[], ${sql.val(deltas.map((d) => d.amount.toString()))}::bigint[])
    ON CONFLICT (member_id, metric, day) DO UPDATE SET amount = t.amount + excluded.amount`.execute(trx);
}

/** Players' daily totals of some metrics from a day on (the conditions' periods), before this batch. */
export async function findTotals(
  db: Db,
  memberIds: string[],
  metrics: string[],
  fromDay: string,
): Promise<TotalDelta[]> {
  if (!memberIds.length || !metrics.length) return [];
  const rows = await db
    .selectFrom('reward_member_totals')
    .select(['member_id', 'metric', sql<string>`day::text`.as('day'), 'amount'])
    .where('member_id', 'in', memberIds)
    .where('metric', 'in', metrics)
    .where('day', '>=', fromDay)
    .execute();
  return rows.map((r) => ({ memberId: String(r.member_id), metric: r.metric, day: r.day, amount: BigInt(r.amount) }));
}

export async function readTimeZone(db: Db): Promise<string> {
  const row = await db.selectFrom('reward_settings').select('time_zone').executeTakeFirst();
  return row?.time_zone ?? 'America/Sao_Paulo';
}
