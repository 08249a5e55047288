import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RebatePayoutLine } from '../../db/tables/rebate';

type Db = Kysely<Database>;

export type RebateSettingsRow = {
  enabled: boolean;
  period: 'daily' | 'weekly';
  mode: 'claim' | 'auto';
  rates: Record<string, number>;
};

export async function readRebateSettings(db: Db): Promise<RebateSettingsRow> {
  const row = await db
    .selectFrom('rebate_settings')
    .select(['enabled', 'period', 'mode', 'rates'])
    .executeTakeFirstOrThrow();
  return { enabled: row.enabled, period: row.period, mode: row.mode, rates: row.rates ?? {} };
}

/** The settings row, locked for a change. */
export async function lockRebateSettings(db: Db): Promise<RebateSettingsRow> {
  const row = await db
    .selectFrom('rebate_settings')
    .select(['enabled', 'period', 'mode', 'rates'])
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { enabled: row.enabled, period: row.period, mode: row.mode, rates: row.rates ?? {} };
}

export async function writeRebateSettings(db: Db, s: RebateSettingsRow, operatorId: string): Promise<void> {
  await db
    .updateTable('rebate_settings')
    .set({
      enabled: s.enabled,
      period: s.period,
      mode: s.mode,
      rates: JSON.stringify(s.rates),
      updated_at: new Date(),
      updated_by: operatorId,
    })
    .execute();
}

export type RateVersion = { rates: Record<string, number>; effectiveFrom: Date };

/** Record the rates as a new version in force from `at` (under the settings row's lock). */
export async function insertRateVersion(
  db: Db,
  rates: Record<string, number>,
  at: Date,
  operatorId: string,
): Promise<void> {
  await db
    .insertInto('rebate_rate_versions')
    .values({ rates: JSON.stringify(rates), effective_from: at, created_by: operatorId })
    .execute();
}

/** The moment the first version is read at (see findRateVersions). */
const BEGINNING = new Date('0001-01-01T00:00:00.000Z');

/**
 * The rate versions in force at some moment before `latestEnd`, newest first: the one in force at
 * each period's end is the first of these that took effect before it. One row per operator change,
 * so the list stays short; the oldest needed is the last one before the earliest end.
 */
export async function findRateVersions(db: Db, earliestEnd: Date): Promise<RateVersion[]> {
  const rows = await db
    .selectFrom('rebate_rate_versions')
    // The first version takes effect at '-infinity' (migration 0495), which neither driver gives as
    // a Date (node-postgres answers a string, PGlite an invalid Date): read as is, the player's page
    // failed until the operator first changed the rates. The year 1 is as early for every period.
    .select([
      'rates',
      sql<Date>`greatest(effective_from, ${BEGINNING.toISOString()}::timestamptz)`.as('effective_from'),
    ])
    .where((eb) =>
      eb.or([
        eb('effective_from', '>=', earliestEnd),
        eb(
          'id',
          '=',
          eb
            .selectFrom('rebate_rate_versions')
            .select('id')
            .where('effective_from', '<', earliestEnd)
            .orderBy('effective_from', 'desc')
            .orderBy('id', 'desc')
            .limit(1),
        ),
      ]),
    )
    .orderBy('effective_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ rates: r.rates ?? {}, effectiveFrom: asInstant(r.effective_from) }));
}

/** A version's moment as a Date, or an error: a rate change has a real moment. */
function asInstant(value: Date): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime()))
    throw new Error(`rebate: a rate version's moment is not an instant: ${String(value)}`);
  return value;
}

export type TurnoverDelta = { memberId: string; periodKey: string; category: string; periodEnd: Date; amount: bigint };

/**
 * Add a batch's turnover in one statement, the rows upserted in key order so two writers never wait
 * on each other in a cycle (the consumer is the only writer today).
 */
export async function addTurnover(db: Db, batch: TurnoverDelta[]): Promise<void> {
  // One row per key: a statement's upsert may not touch a row twice.
  const merged = new Map<string, TurnoverDelta>();
  for (const d of batch) {
    const k = `${d.memberId}|${d.periodKey}|${d.category}`;
    const prev = merged.get(k);
    merged.set(k, prev ? { ...prev, amount: prev.amount + d.amount } : d);
  }
  const deltas = [...merged.values()];
  if (deltas.length === 0) return;
  await sql`
    INSERT INTO rebate_turnover AS t (member_id, period_key, category, period_end, turnover)
    SELECT d.member_id, d.period_key, d.category, d.period_end, d.turnover
    FROM unnest(${sql.val(deltas.map((d) => d.memberId))}::bigint[], ${sql.val(deltas.map((d) => d.periodKey))}::text[],
                ${sql.val(deltas.map((d) => d.category))}::text[], ${sql.val(deltas.map((d) => d.periodEnd.toISOString()))}::timestamptz[],
                ${sql.val(deltas.map((d) => d.amount.toString()))}::bigint[]) AS d (member_id, period_key, category, period_end, turnover)
    ORDER BY d.member_id, d.period_key, d.category
    ON CONFLICT (member_id, period_key, category) DO UPDATE SET turnover = t.turnover + excluded.turnover`.execute(db);
}

export type TurnoverRow = { periodKey: string; category: string; periodEnd: Date; turnover: bigint };

/** A member's turnover rows of the given periods. */
export async function findMemberTurnover(db: Db, memberId: string, periodKeys: string[]): Promise<TurnoverRow[]> {
  if (periodKeys.length === 0) return [];
  const rows = await db
    .selectFrom('rebate_turnover')
    .select(['period_key', 'category', 'period_end', 'turnover'])
    .where('member_id', '=', memberId)
    .where('period_key', 'in', periodKeys)
    .execute();
  return rows.map((r) => ({
    periodKey: r.period_key,
    category: r.category,
    periodEnd: r.period_end,
    turnover: BigInt(r.turnover),
  }));
}

/** The member's most recent periods with turnover that ended before `now`, newest first. */
export async function findMemberEndedPeriods(db: Db, memberId: string, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('rebate_turnover')
    .select('period_key')
    .where('member_id', '=', memberId)
    .where('period_end', '<=', now)
    .groupBy('period_key')
    .orderBy(sql`max(period_end)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.period_key);
}

export type PayoutRow = {
  periodKey: string;
  amount: bigint;
  lines: RebatePayoutLine[];
  paidAt: Date;
  paidBy: 'claim' | 'auto';
};

export async function findMemberPayouts(db: Db, memberId: string, periodKeys: string[]): Promise<PayoutRow[]> {
  if (periodKeys.length === 0) return [];
  const rows = await db
    .selectFrom('rebate_payouts')
    .select(['period_key', 'amount', 'lines', 'paid_at', 'paid_by'])
    .where('member_id', '=', memberId)
    .where('period_key', 'in', periodKeys)
    .execute();
  return rows.map((r) => ({
    periodKey: r.period_key,
    amount: BigInt(r.amount),
    lines: r.lines,
    paidAt: r.paid_at,
    paidBy: r.paid_by,
  }));
}

/** Claim a period's payout row; false when it exists (paid already, or being paid by a concurrent claim that commits first). */
export async function insertPayout(
  db: Db,
  p: { memberId: string; periodKey: string; amount: bigint; lines: RebatePayoutLine[]; paidBy: 'claim' | 'auto' },
): Promise<boolean> {
  const row = await db
    .insertInto('rebate_payouts')
    .values({
      member_id: p.memberId,
      period_key: p.periodKey,
      amount: p.amount.toString(),
      lines: JSON.stringify(p.lines),
      paid_by: p.paidBy,
    })
    .onConflict((oc) => oc.columns(['member_id', 'period_key']).doNothing())
    .returning('period_key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPayoutGrant(db: Db, memberId: string, periodKey: string, grantId: string): Promise<void> {
  await db
    .updateTable('rebate_payouts')
    .set({ grant_id: grantId })
    .where('member_id', '=', memberId)
    .where('period_key', '=', periodKey)
    .execute();
}

/** Ended periods with turnover that the automatic payment has not settled, oldest first. */
export async function findUnsettledPeriods(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('rebate_turnover as t')
    .select('t.period_key')
    .where('t.period_end', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('rebate_settlements as s').select('s.period_key').whereRef('s.period_key', '=', 't.period_key'),
        ),
      ),
    )
    .groupBy('t.period_key')
    .orderBy(sql`min(t.period_end)`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.period_key);
}

/** Every member's turnover in a period not paid yet, by member. */
export async function findUnpaidTurnover(db: Db, periodKey: string): Promise<Map<string, TurnoverRow[]>> {
  const rows = await db
    .selectFrom('rebate_turnover as t')
    .select(['t.member_id', 't.period_key', 't.category', 't.period_end', 't.turnover'])
    .where('t.period_key', '=', periodKey)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('rebate_payouts as p')
            .select('p.period_key')
            .whereRef('p.member_id', '=', 't.member_id')
            .whereRef('p.period_key', '=', 't.period_key'),
        ),
      ),
    )
    .orderBy('t.member_id')
    .execute();
  const byMember = new Map<string, TurnoverRow[]>();
  for (const r of rows) {
    const list = byMember.get(String(r.member_id)) ?? [];
    list.push({ periodKey: r.period_key, category: r.category, periodEnd: r.period_end, turnover: BigInt(r.turnover) });
    byMember.set(String(r.member_id), list);
  }
  return byMember;
}

/** Mark a period settled; false when another run settled it first. */
export async function insertSettlement(db: Db, periodKey: string, payouts: number): Promise<boolean> {
  const row = await db
    .insertInto('rebate_settlements')
    .values({ period_key: periodKey, payouts })
    .onConflict((oc) => oc.column('period_key').doNothing())
    .returning('period_key')
    .executeTakeFirst();
  return row !== undefined;
}
