import { sql, type Kysely, type Selectable } from 'kysely';
import type { RuleInputParsed, RuleStatus } from '@wps/shared/schemas/rewards';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
export type RuleRow = Selectable<Database['reward_rules']>;

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
    .executeTakeFirstOrThrow();
}

export async function updateRule(trx: Db, id: string, input: RuleInputParsed): Promise<RuleRow> {
  return trx
    .updateTable('reward_rules')
    .set({ ...columns(input), version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setRuleStatus(trx: Db, id: string, status: RuleStatus): Promise<RuleRow> {
  return trx
    .updateTable('reward_rules')
    .set({ status, version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function lockRule(trx: Db, id: string): Promise<RuleRow | undefined> {
  return trx.selectFrom('reward_rules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findRules(db: Db): Promise<RuleRow[]> {
  return db.selectFrom('reward_rules').selectAll().orderBy('id', 'desc').limit(500).execute();
}

export async function findRule(db: Db, id: string): Promise<RuleRow | undefined> {
  return db.selectFrom('reward_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Live rules for these triggers (the consumer reads them once per batch). */
export async function findLiveRules(db: Db, triggers: readonly string[]): Promise<RuleRow[]> {
  if (!triggers.length) return [];
  return db
    .selectFrom('reward_rules')
    .selectAll()
    .where('status', '=', 'live')
    .where('trigger', 'in', triggers)
    .orderBy('id')
    .execute();
}

/**
 * Count one grant against a player's cap for the period: false when the cap is reached. The
 * usage row is the lock, so two events of one player in one period never both pass the last slot.
 */
export async function takePlayerSlot(
  trx: Db,
  ruleId: string,
  memberId: string,
  periodKey: string,
  cap: number,
): Promise<boolean> {
  const { rows } = await sql<{ grants: number }>`
    INSERT INTO reward_rule_usage AS u (rule_id, member_id, period_key, grants) VALUES (${ruleId}, ${memberId}, ${periodKey}, 1)
    ON CONFLICT (rule_id, member_id, period_key) DO UPDATE SET grants = u.grants + 1 WHERE u.grants < ${cap}
    RETURNING grants`.execute(trx);
  return rows.length > 0;
}

export type PlayerSlot = { ruleId: string; memberId: string; periodKey: string; cap: number };

/**
 * Of these per-player cap slots, those already at their cap (`rule|member|period`): one read for a
 * batch, so the events of players whose cap is reached ask nothing more. A slot only fills up, so
 * one found full stays full for the rest of the batch.
 */
export async function findFullPlayerSlots(db: Db, slots: PlayerSlot[]): Promise<Set<string>> {
  const key = (s: { ruleId: string; memberId: string; periodKey: string }) =>
    `${s.ruleId}|${s.memberId}|${s.periodKey}`;
  const unique = [...new Map(slots.map((s) => [key(s), s])).values()];
  if (unique.length === 0) return new Set();
  const { rows } = await sql<{ rule_id: string; member_id: string; period_key: string; grants: number }>`
    SELECT u.rule_id::text AS rule_id, u.member_id::text AS member_id, u.period_key, u.grants
    FROM reward_rule_usage AS u
    JOIN unnest(${sql.val(unique.map((s) => s.ruleId))}::bigint[], ${sql.val(unique.map((s) => s.memberId))}::bigint[], ${sql.val(unique.map((s) => s.periodKey))}::text[])
      AS s (rule_id, member_id, period_key) ON u.rule_id = s.rule_id AND u.member_id = s.member_id AND u.period_key = s.period_key`.execute(
    db,
  );
  const caps = new Map(unique.map((s) => [key(s), s.cap]));
  const full = new Set<string>();
  for (const r of rows) {
    const k = key({ ruleId: r.rule_id, memberId: r.member_id, periodKey: r.period_key });
    if (r.grants >= (caps.get(k) ?? Infinity)) full.add(k);
  }
  return full;
}

/** Count one grant against the rule's totals: false when a total cap would be passed. */
export async function takeTotalSlot(trx: Db, ruleId: string, amount: bigint): Promise<boolean> {
  const res = await sql`
    UPDATE reward_rules SET granted_count = granted_count + 1, granted_amount = granted_amount + ${amount.toString()}::bigint
    WHERE id = ${ruleId}
      AND (total_cap_count IS NULL OR granted_count < total_cap_count)
      AND (total_cap_amount IS NULL OR granted_amount + ${amount.toString()}::bigint <= total_cap_amount)`.execute(trx);
  return Number(res.numAffectedRows ?? 0) > 0;
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
