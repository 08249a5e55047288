import type { Kysely, Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { AdjustmentDirection, AdjustmentKind, AdjustmentStatus, PlayersTables } from '../../db/tables/players';

type Db = Kysely<Database>;

type AdjustmentColumns = Selectable<PlayersTables['player_adjustments']>;
export type AdjustmentRow = CamelRow<AdjustmentColumns>;

const toAdjustment = (row: AdjustmentColumns): AdjustmentRow => camelRow(row);
const toFoundAdjustment = (row: AdjustmentColumns | undefined): AdjustmentRow | undefined => row && toAdjustment(row);

export type NewAdjustment = {
  memberId: string;
  direction: AdjustmentDirection;
  kind: AdjustmentKind;
  amount: bigint;
  currency: string;
  reason: string;
  requestKey: string;
  requestedBy: string;
};

/** Insert a new adjustment unless its request key exists; the row with that key either way and whether it is new. */
export async function insertAdjustment(db: Db, a: NewAdjustment): Promise<{ row: AdjustmentRow; created: boolean }> {
  const inserted = await db
    .insertInto('player_adjustments')
    .values({
      member_id: a.memberId,
      direction: a.direction,
      kind: a.kind,
      amount: a.amount.toString(),
      currency: a.currency,
      reason: a.reason,
      request_key: a.requestKey,
      // Inserted 'pending'; the operator money policy's decision, asked next in the same database
      // transaction, sets the threshold it applied and either posts it or names why it waits.
      status: 'pending',
      threshold: '0',
      requested_by: a.requestedBy,
    })
    .onConflict((oc) => oc.column('request_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: toAdjustment(inserted), created: true };
  const existing = await db
    .selectFrom('player_adjustments')
    .selectAll()
    .where('request_key', '=', a.requestKey)
    .executeTakeFirstOrThrow();
  return { row: toAdjustment(existing), created: false };
}

export async function findAdjustment(db: Db, id: string): Promise<AdjustmentRow | undefined> {
  return db
    .selectFrom('player_adjustments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
    .then(toFoundAdjustment);
}

/**
 * Claim a pending adjustment for a decision: the row lock makes a concurrent decision wait, and
 * it then finds the status changed. Undefined when it is not pending (any more).
 */
export async function lockPendingAdjustment(db: Db, id: string): Promise<AdjustmentRow | undefined> {
  return db
    .selectFrom('player_adjustments')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst()
    .then(toFoundAdjustment);
}

/** Record why a new adjustment waits (the policy's thresholds it passes) and the amount of one request then. */
export async function markWaiting(
  db: Db,
  id: string,
  w: { threshold: bigint; waitReasons: string[] },
): Promise<AdjustmentRow> {
  return db
    .updateTable('player_adjustments')
    .set({ threshold: w.threshold.toString(), wait_reasons: w.waitReasons })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toAdjustment);
}

/** Record the decision on a locked pending row; must touch exactly that row. */
export async function decideAdjustment(
  db: Db,
  id: string,
  d: {
    status: Exclude<AdjustmentStatus, 'pending'>;
    decidedBy: string | null;
    decisionReason: string | null;
    ledgerTransactionId: string | null;
    at: Date;
    /** The amount of one request when an adjustment posts as it is asked. */
    threshold?: bigint;
  },
): Promise<AdjustmentRow> {
  return db
    .updateTable('player_adjustments')
    .set({
      ...(d.threshold === undefined ? {} : { threshold: d.threshold.toString() }),
      status: d.status,
      decided_by: d.decidedBy,
      decided_at: d.at,
      decision_reason: d.decisionReason,
      ledger_transaction_id: d.ledgerTransactionId,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toAdjustment);
}

/** Adjustments newest first, keyset-paged by id; `limit + 1` rows (the extra one says more exist). */
export async function findAdjustments(
  db: Db,
  f: {
    status?: AdjustmentStatus | undefined;
    memberId?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<AdjustmentRow[]> {
  let q = db.selectFrom('player_adjustments').selectAll();
  if (f.status) q = q.where('status', '=', f.status);
  if (f.memberId) q = q.where('member_id', '=', f.memberId);
  if (f.cursor) q = q.where('id', '<', f.cursor);
  return q
    .orderBy('id', 'desc')
    .limit(f.limit + 1)
    .execute()
    .then((rows) => rows.map(toAdjustment));
}
