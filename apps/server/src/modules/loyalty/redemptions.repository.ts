import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MallItemRow } from './points.repository';

type Db = Kysely<Database>;

// The points mall's redemptions: a player's order of an item, waiting (in_process) for an
// operator when the item needs one, then approved or rejected; the points move in points.repository.

export type RedemptionRow = {
  id: string;
  memberId: string;
  itemId: string;
  namePt: string;
  nameEn: string;
  kind: string;
  points: string;
  status: string;
  reason: string | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
};

const redemptionColumns = [
  'id',
  'member_id as memberId',
  'item_id as itemId',
  'item_name_pt as namePt',
  'item_name_en as nameEn',
  'item_kind as kind',
  'points',
  'status',
  'reason',
  'resolved_by as resolvedBy',
  'resolved_at as resolvedAt',
  'created_at as createdAt',
] as const;

export async function insertRedemption(
  trx: Db,
  r: { memberId: string; item: MallItemRow; status: 'in_process' | 'approved'; resolvedAt: Date | null },
): Promise<RedemptionRow> {
  return trx
    .insertInto('points_redemptions')
    .values({
      member_id: r.memberId,
      item_id: r.item.id,
      item_name_pt: r.item.namePt,
      item_name_en: r.item.nameEn,
      item_kind: r.item.kind,
      points: r.item.pointsPrice,
      status: r.status,
      resolved_at: r.resolvedAt,
    })
    .returning(redemptionColumns)
    .executeTakeFirstOrThrow();
}

export async function findRedemptionMember(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('points_redemptions').select('member_id').where('id', '=', id).executeTakeFirst())
    ?.member_id;
}

export async function lockRedemption(trx: Db, id: string): Promise<RedemptionRow | undefined> {
  return trx
    .selectFrom('points_redemptions')
    .select(redemptionColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function findRedemptionByMovementKey(db: Db, key: string): Promise<RedemptionRow | undefined> {
  const movement = await db
    .selectFrom('points_movements')
    .select('reference')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!movement?.reference) return undefined;
  return db
    .selectFrom('points_redemptions')
    .select(redemptionColumns)
    .where('id', '=', movement.reference)
    .executeTakeFirst();
}

export async function resolveRedemption(
  trx: Db,
  id: string,
  status: 'approved' | 'rejected',
  reason: string,
  operatorId: string | null,
  at: Date,
): Promise<RedemptionRow> {
  return trx
    .updateTable('points_redemptions')
    .set({ status, reason, resolved_by: operatorId, resolved_at: at })
    .where('id', '=', id)
    .where('status', '=', 'in_process')
    .returning(redemptionColumns)
    .executeTakeFirstOrThrow();
}

export async function findRedemptions(
  db: Db,
  f: { memberId?: string; status?: string | undefined },
  offset: number,
  limit: number,
  order: 'asc' | 'desc' = 'desc',
): Promise<{ rows: RedemptionRow[]; total: number }> {
  let q = db.selectFrom('points_redemptions');
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const rows = await q.select(redemptionColumns).orderBy('id', order).offset(offset).limit(limit).execute();
  const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** How many redemptions are in one status (the back office's queue badge counts those in process). */
export async function countRedemptionsInStatus(
  db: Db,
  status: 'in_process' | 'approved' | 'rejected',
): Promise<number> {
  const { n } = await db
    .selectFrom('points_redemptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(n);
}
