import { sql, type Kysely, type Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { BonusGrantRequestStatus, BonusTables } from '../../db/tables/bonus';

type Db = Kysely<Database>;

export type BonusGrantRequestRow = CamelRow<Selectable<BonusTables['bonus_grant_requests']>>;

export type NewBonusGrantRequest = {
  memberId: string;
  amount: bigint;
  currency: string;
  params: Record<string, unknown>;
  reason: string;
  requestKey: string;
  requestedBy: string;
};

/**
 * Insert a bonus grant request unless its key exists; the row with that key either way and
 * whether it is new. Inserted 'waiting': the operator money policy, asked next in the same
 * transaction, either lets it be granted at once or names the thresholds it passed. A second
 * request with the same key waits on this insert and then finds the first.
 */
export async function insertBonusGrantRequest(
  db: Db,
  r: NewBonusGrantRequest,
): Promise<{ row: BonusGrantRequestRow; created: boolean }> {
  const inserted = await db
    .insertInto('bonus_grant_requests')
    .values({
      member_id: r.memberId,
      amount: r.amount.toString(),
      currency: r.currency,
      params: JSON.stringify(r.params),
      reason: r.reason,
      request_key: r.requestKey,
      status: 'waiting',
      requested_by: r.requestedBy,
    })
    .onConflict((oc) => oc.column('request_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: camelRow(inserted), created: true };
  const existing = await db
    .selectFrom('bonus_grant_requests')
    .selectAll()
    .where('request_key', '=', r.requestKey)
    .executeTakeFirstOrThrow();
  return { row: camelRow(existing), created: false };
}

export async function findBonusGrantRequest(db: Db, id: string): Promise<BonusGrantRequestRow | undefined> {
  return db
    .selectFrom('bonus_grant_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

/** Claim a waiting request for a decision: a concurrent decision waits, then finds it decided. */
export async function lockWaitingBonusGrantRequest(db: Db, id: string): Promise<BonusGrantRequestRow | undefined> {
  return db
    .selectFrom('bonus_grant_requests')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .forUpdate()
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

/** Record the thresholds a new request passed (it stays 'waiting'). */
export async function markBonusRequestWaiting(
  db: Db,
  id: string,
  waitReasons: string[],
): Promise<BonusGrantRequestRow> {
  return db
    .updateTable('bonus_grant_requests')
    .set({ wait_reasons: waitReasons })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

/** Decide a waiting request: 'granted' with its grant, or 'rejected'; `decidedBy` null when the policy let it through. */
export async function decideBonusGrantRequest(
  db: Db,
  id: string,
  d: { status: 'granted' | 'rejected'; decidedBy: string | null; reason: string | null; grantId: string | null },
): Promise<BonusGrantRequestRow> {
  return db
    .updateTable('bonus_grant_requests')
    .set({
      status: d.status,
      decided_by: d.decidedBy,
      decided_at: sql<Date>`now()`,
      decision_reason: d.reason,
      grant_id: d.grantId,
    })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

/** The requests in one status, newest first (the bonus screen's waiting list: a handful). */
export async function findBonusGrantRequests(
  db: Db,
  status: BonusGrantRequestStatus,
  limit: number,
): Promise<BonusGrantRequestRow[]> {
  return db
    .selectFrom('bonus_grant_requests')
    .selectAll()
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.map(camelRow));
}
