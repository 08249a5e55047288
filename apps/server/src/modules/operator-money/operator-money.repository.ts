import { sql, type Kysely, type Selectable } from 'kysely';
import { camelRow, snakeRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { MoneyLimitChangeStatus, OperatorMoneyTables } from '../../db/tables/operator-money';

type Db = Kysely<Database>;

export type LimitsRow = CamelRow<Selectable<OperatorMoneyTables['operator_money_limits']>>;
export type LimitChangeRow = CamelRow<Selectable<OperatorMoneyTables['operator_money_limit_changes']>>;

/** The thresholds' columns. */
type ThresholdColumns = Pick<
  Selectable<OperatorMoneyTables['operator_money_limits']>,
  'per_request_minor' | 'player_day_minor' | 'operator_day_minor' | 'setup_item_minor' | 'setup_period_minor'
>;
/** The thresholds as the database holds them, by camelCase name. */
export type LimitColumns = CamelRow<ThresholdColumns>;
const thresholdColumns = (values: Partial<LimitColumns>) => snakeRow<Partial<ThresholdColumns>>(values);

/**
 * The thresholds in force. `lock`: 'share' for a decision (a change waits until the decisions
 * that read the old values commit, and the next decision reads the new ones), 'update' for a change.
 */
export async function findLimits(db: Db, lock: 'share' | 'update' | 'none'): Promise<LimitsRow | undefined> {
  const q = db.selectFrom('operator_money_limits').selectAll().where('singleton', '=', true);
  const row = await (lock === 'share' ? q.forShare() : lock === 'update' ? q.forUpdate() : q).executeTakeFirst();
  return row && camelRow(row);
}

export async function updateLimits(db: Db, values: Partial<LimitColumns>): Promise<LimitsRow> {
  return db
    .updateTable('operator_money_limits')
    .set({ ...thresholdColumns(values), updated_at: sql`now()` })
    .where('singleton', '=', true)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

/**
 * Lock the asking operator's row, then the player's, making them on first use. One statement:
 * its rows go in the primary key's order ('operator' before 'player'), so two decisions never
 * hold one each while waiting for the other. ON CONFLICT DO UPDATE takes the row lock of an
 * existing row, as FOR UPDATE would.
 */
export async function lockSubjects(db: Db, operatorId: string, playerId: string): Promise<void> {
  await db
    .insertInto('operator_money_locks')
    .values([
      { scope: 'operator', subject_id: operatorId },
      { scope: 'player', subject_id: playerId },
    ])
    .onConflict((oc) => oc.columns(['scope', 'subject_id']).doUpdateSet({ scope: sql.ref('excluded.scope') }))
    .execute();
}

/**
 * Operator-decided credits over the last 24 hours (database clock) to the player and asked by the
 * operator, read after lockSubjects: in READ COMMITTED this statement's snapshot includes every
 * credit committed by a decision that held the same locks before.
 */
export async function sumRecentCredits(
  db: Db,
  operatorId: string,
  playerId: string,
): Promise<{ player: bigint; operator: bigint }> {
  const since = sql<Date>`now() - interval '24 hours'`;
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('operator_money_credits')
        .select(sql<string>`COALESCE(sum(amount), 0)::text`.as('s'))
        .where('member_id', '=', playerId)
        .where('decided_at', '>', since)
        .as('player'),
      eb
        .selectFrom('operator_money_credits')
        .select(sql<string>`COALESCE(sum(amount), 0)::text`.as('s'))
        .where('asked_by', '=', operatorId)
        .where('decided_at', '>', since)
        .as('operator'),
    ])
    .executeTakeFirstOrThrow();
  return { player: BigInt(row.player ?? '0'), operator: BigInt(row.operator ?? '0') };
}

export async function insertCredit(
  db: Db,
  c: { kind: string; reference: string; playerId: string; askedBy: string; approvedBy: string | null; amount: bigint },
): Promise<void> {
  await db
    .insertInto('operator_money_credits')
    .values({
      kind: c.kind,
      reference: c.reference,
      member_id: c.playerId,
      asked_by: c.askedBy,
      approved_by: c.approvedBy,
      amount: c.amount.toString(),
    })
    .execute();
}

export async function insertLimitChange(
  db: Db,
  c: { raises: Partial<LimitColumns>; before: Record<string, string>; reason: string; requestedBy: string },
): Promise<LimitChangeRow> {
  return db
    .insertInto('operator_money_limit_changes')
    .values({
      ...thresholdColumns(c.raises),
      before: JSON.stringify(c.before),
      reason: c.reason,
      status: 'pending',
      requested_by: c.requestedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

export async function findLimitChange(db: Db, id: string): Promise<LimitChangeRow | undefined> {
  const row = await db.selectFrom('operator_money_limit_changes').selectAll().where('id', '=', id).executeTakeFirst();
  return row && camelRow(row);
}

/** A pending change locked for its decision; undefined when it is not pending (any more). */
export async function lockPendingLimitChange(db: Db, id: string): Promise<LimitChangeRow | undefined> {
  return db
    .selectFrom('operator_money_limit_changes')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

export async function findPendingLimitChanges(db: Db): Promise<LimitChangeRow[]> {
  return db
    .selectFrom('operator_money_limit_changes')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('id', 'asc')
    .limit(100)
    .execute()
    .then((rows) => rows.map(camelRow));
}

export async function decideLimitChange(
  db: Db,
  id: string,
  d: { status: Exclude<MoneyLimitChangeStatus, 'pending'>; decidedBy: string; reason: string },
): Promise<LimitChangeRow> {
  return db
    .updateTable('operator_money_limit_changes')
    .set({ status: d.status, decided_by: d.decidedBy, decided_at: sql`now()`, decision_reason: d.reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

/**
 * Payouts (withdrawals) asked by the operator over the last 24 hours (database clock), and those
 * to the player, read after lockSubjects like sumRecentCredits. A payout is the player's own
 * money going out: it has its own totals, apart from the credits.
 */
export async function sumRecentPayouts(
  db: Db,
  operatorId: string,
  playerId: string,
): Promise<{ player: bigint; operator: bigint }> {
  const since = sql<Date>`now() - interval '24 hours'`;
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('operator_money_payouts')
        .select(sql<string>`COALESCE(sum(amount), 0)::text`.as('s'))
        .where('member_id', '=', playerId)
        .where('decided_at', '>', since)
        .as('player'),
      eb
        .selectFrom('operator_money_payouts')
        .select(sql<string>`COALESCE(sum(amount), 0)::text`.as('s'))
        .where('asked_by', '=', operatorId)
        .where('decided_at', '>', since)
        .as('operator'),
    ])
    .executeTakeFirstOrThrow();
  return { player: BigInt(row.player ?? '0'), operator: BigInt(row.operator ?? '0') };
}

export async function insertPayout(
  db: Db,
  p: { kind: string; reference: string; playerId: string; askedBy: string; approvedBy: string | null; amount: bigint },
): Promise<void> {
  await db
    .insertInto('operator_money_payouts')
    .values({
      kind: p.kind,
      reference: p.reference,
      member_id: p.playerId,
      asked_by: p.askedBy,
      approved_by: p.approvedBy,
      amount: p.amount.toString(),
    })
    .execute();
}

/** The credits an operator asked or approved for a player since `days` days ago (database clock), newest last. */
export async function findCreditsByOperatorTo(
  db: Db,
  operatorId: string,
  playerId: string,
  days: number,
): Promise<{ reference: string; amount: bigint; decidedAt: Date }[]> {
  const rows = await db
    .selectFrom('operator_money_credits')
    .select(['reference', 'amount', 'decided_at'])
    .where('member_id', '=', playerId)
    .where((eb) => eb.or([eb('asked_by', '=', operatorId), eb('approved_by', '=', operatorId)]))
    .where('decided_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({ reference: r.reference, amount: BigInt(r.amount), decidedAt: r.decided_at }));
}

export type AlertRow = CamelRow<Selectable<OperatorMoneyTables['operator_money_alerts']>>;

/** Raise an alert once per reference, operator and kind; a repeat (a retried transaction) changes nothing. */
export async function insertAlert(
  db: Db,
  a: { kind: AlertRow['kind']; reference: string; playerId: string; operatorId: string; figures: unknown },
): Promise<void> {
  await db
    .insertInto('operator_money_alerts')
    .values({
      kind: a.kind,
      reference: a.reference,
      member_id: a.playerId,
      operator_id: a.operatorId,
      figures: JSON.stringify(a.figures),
    })
    .onConflict((oc) => oc.constraint('operator_money_alerts_once').doNothing())
    .execute();
}

/** The alerts raised on these references, oldest first. */
export async function findAlertsFor(db: Db, references: string[]): Promise<AlertRow[]> {
  if (references.length === 0) return [];
  return db
    .selectFrom('operator_money_alerts')
    .selectAll()
    .where('reference', 'in', references)
    .orderBy('id', 'asc')
    .execute()
    .then((rows) => rows.map(camelRow));
}
