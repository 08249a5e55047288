import type { Kysely, Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { GrantStatus, RewardKind } from './reward-grants.types';

type Db = Kysely<Database>;
export type GrantRow = CamelRow<Selectable<Database['reward_grants']>>;

const toGrant = (row: Selectable<Database['reward_grants']>): GrantRow => camelRow(row);

export type NewGrant = {
  memberId: string;
  kind: RewardKind;
  amount: bigint;
  currency: string;
  source: string;
  sourceRef: string;
  key: string;
  params: Record<string, unknown>;
  title: { PT: string; EN: string } | null;
  status: GrantStatus;
  holdReason: string | null;
  claimUntil: Date | null;
};

/** Insert a grant unless its key exists; the row either way, and whether it is new. */
export async function insertGrant(trx: Db, g: NewGrant): Promise<{ row: GrantRow; created: boolean }> {
  const inserted = await trx
    .insertInto('reward_grants')
    .values({
      member_id: g.memberId,
      kind: g.kind,
      amount: g.amount.toString(),
      currency: g.currency,
      source: g.source,
      source_ref: g.sourceRef,
      key: g.key,
      params: JSON.stringify(g.params),
      title: g.title ? JSON.stringify(g.title) : null,
      status: g.status,
      hold_reason: g.holdReason,
      claim_until: g.claimUntil,
      paid_at: g.status === 'paid' ? new Date() : null,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: toGrant(inserted), created: true };
  const existing = await trx.selectFrom('reward_grants').selectAll().where('key', '=', g.key).executeTakeFirstOrThrow();
  return { row: toGrant(existing), created: false };
}

/** Which of these keys already name a grant (one index probe per key, one statement). */
export async function findExistingKeys(trx: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await trx.selectFrom('reward_grants').select('key').where('key', 'in', keys).execute();
  return new Set(rows.map((r) => r.key));
}

/** Grants' statuses by id; unknown ids are left out. */
export async function findStatuses(db: Db, grantIds: string[]): Promise<Map<string, string>> {
  if (!grantIds.length) return new Map();
  const rows = await db
    .selectFrom('reward_grants')
    .select(['id', 'status'])
    .where('id', 'in', [...new Set(grantIds)])
    .execute();
  return new Map(rows.map((r) => [String(r.id), r.status]));
}

/** A grant locked for a change of status (of this member when given). */
export async function lockGrant(trx: Db, grantId: string, memberId?: string): Promise<GrantRow | undefined> {
  let q = trx.selectFrom('reward_grants').selectAll().where('id', '=', grantId);
  if (memberId !== undefined) q = q.where('member_id', '=', memberId);
  const row = await q.forUpdate().executeTakeFirst();
  return row && toGrant(row);
}

/** The oldest queued grants' ids. */
export async function findQueuedIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('reward_grants')
    .select('id')
    .where('status', '=', 'queued')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.id));
}

/** A queued grant locked for payment; undefined when paid meanwhile or being paid by another instance. */
export async function lockQueuedGrant(trx: Db, grantId: string): Promise<GrantRow | undefined> {
  const row = await trx
    .selectFrom('reward_grants')
    .selectAll()
    .where('id', '=', grantId)
    .where('status', '=', 'queued')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row && toGrant(row);
}

export async function markPaid(trx: Db, grantId: string, operatorId: string | null): Promise<void> {
  await trx
    .updateTable('reward_grants')
    .set({
      status: 'paid',
      paid_at: new Date(),
      ...(operatorId ? { resolved_at: new Date(), resolved_by: operatorId } : {}),
    })
    .where('id', '=', grantId)
    .execute();
}

/** A queued grant the licence would not pay now: held for an operator, with the reason. */
export async function holdGrant(trx: Db, grantId: string, reason: string): Promise<void> {
  await trx
    .updateTable('reward_grants')
    .set({ status: 'held', hold_reason: reason })
    .where('id', '=', grantId)
    .execute();
}

export async function markClosed(
  trx: Db,
  grantId: string,
  status: 'rejected' | 'expired',
  operatorId: string | null,
  reason: string | null,
): Promise<void> {
  await trx
    .updateTable('reward_grants')
    .set({ status, resolved_at: new Date(), resolved_by: operatorId, resolve_reason: reason })
    .where('id', '=', grantId)
    .execute();
}

/** Claimable grants past their claim date: expired, in one statement. */
export async function expireDue(db: Db, now: Date): Promise<number> {
  const res = await db
    .updateTable('reward_grants')
    .set({ status: 'expired', resolved_at: now })
    .where('status', '=', 'issued')
    .where('claim_until', '<', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function findMemberGrants(
  db: Db,
  memberId: string,
  status: GrantStatus | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: GrantRow[]; total: number; claimable: number }> {
  let q = db.selectFrom('reward_grants').where('member_id', '=', memberId);
  if (status) q = q.where('status', '=', status);
  const [rows, count, claimable] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('reward_grants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'issued')
      .where((eb) => eb.or([eb('claim_until', 'is', null), eb('claim_until', '>', new Date())]))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toGrant), total: Number(count.n), claimable: Number(claimable.n) };
}

export type OpsGrantFilter = {
  status?: GrantStatus | undefined;
  source?: string | undefined;
  memberId?: string | undefined;
};

/** The back office's list: newest first, keyset-paged by id. */
export async function findGrants(
  db: Db,
  f: OpsGrantFilter,
  beforeId: string | undefined,
  limit: number,
): Promise<GrantRow[]> {
  let q = db.selectFrom('reward_grants').selectAll();
  if (f.status) q = q.where('status', '=', f.status);
  if (f.source) q = q.where('source', '=', f.source);
  if (f.memberId) q = q.where('member_id', '=', f.memberId);
  if (beforeId) q = q.where('id', '<', beforeId);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toGrant);
}

/** Keep a held grant's release waiting for a second operator: who asked, the thresholds passed, why. */
export async function markReleaseAsked(
  trx: Db,
  grantId: string,
  r: { operatorId: string; waitReasons: string[]; reason: string },
): Promise<GrantRow> {
  return trx
    .updateTable('reward_grants')
    .set({
      release_asked_by: r.operatorId,
      release_asked_at: new Date(),
      release_wait_reasons: r.waitReasons,
      release_reason: r.reason,
    })
    .where('id', '=', grantId)
    .where('status', '=', 'held')
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toGrant);
}

/** How many grants wait for an operator (held), for the back office's queue badge. */
export async function countHeldGrants(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('reward_grants')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return Number(n);
}
