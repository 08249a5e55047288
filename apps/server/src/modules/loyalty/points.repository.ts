import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type PointsSettingsRow = {
  earnRates: Record<string, number>;
  conversionPoints: number;
  conversionMinor: bigint;
  minConversion: number;
};

export type PointsMoveInput = {
  memberId: string;
  /** Signed: positive adds points, negative takes them. */
  amount: bigint;
  kind: 'earn' | 'grant' | 'redeem' | 'redeem_return' | 'convert';
  key: string;
  reference?: string | null;
};

/** What a move did: `applied` false when the key had moved before (a replay) or the points were short. */
export type PointsMoveOutcome = { status: 'applied' | 'replayed' | 'insufficient'; balance: bigint };

export async function findPointsSettings(db: Db): Promise<PointsSettingsRow> {
  const row = await db
    .selectFrom('points_settings')
    .select(['earn_rates', 'conversion_points', 'conversion_minor', 'min_conversion'])
    .executeTakeFirstOrThrow();
  return {
    earnRates: row.earn_rates,
    conversionPoints: row.conversion_points,
    conversionMinor: BigInt(row.conversion_minor),
    minConversion: row.min_conversion,
  };
}

export async function updatePointsSettings(db: Db, s: PointsSettingsRow): Promise<void> {
  await db
    .updateTable('points_settings')
    .set({
      earn_rates: JSON.stringify(s.earnRates),
      conversion_points: s.conversionPoints,
      conversion_minor: s.conversionMinor.toString(),
      min_conversion: s.minConversion,
      version: sql`version + 1`,
      updated_at: new Date(),
    })
    .execute();
}

export async function findPointsBalance(db: Db, memberId: string): Promise<bigint> {
  const row = await db
    .selectFrom('points_accounts')
    .select('balance')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/**
 * Lock a member's points row for the rest of the transaction (created when missing) and read it.
 * Every writer of a member's points takes this lock before anything else of the member's points,
 * so two moves of one member queue here, and the second sees the first's key.
 */
export async function lockPointsAccount(
  trx: Db,
  memberId: string,
): Promise<{ balance: bigint; earnRemainder: bigint }> {
  await trx
    .insertInto('points_accounts')
    .values({ member_id: memberId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('points_accounts')
    .select(['balance', 'earn_remainder'])
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { balance: BigInt(row.balance), earnRemainder: BigInt(row.earn_remainder) };
}

/**
 * Move a member's points once per key, inside the caller's transaction: the row lock, then a
 * replay check by the key, then one guarded update (`balance + amount >= 0`, and the CHECK
 * behind it) and the movement appended with the balance it left.
 */
export async function movePoints(trx: Db, input: PointsMoveInput, earnRemainder?: bigint): Promise<PointsMoveOutcome> {
  const locked = await lockPointsAccount(trx, input.memberId);
  const seen = await trx
    .selectFrom('points_movements')
    .select(['member_id', 'amount'])
    .where('idempotency_key', '=', input.key)
    .executeTakeFirst();
  if (seen) {
    if (seen.member_id !== input.memberId || BigInt(seen.amount) !== input.amount)
      throw new Error(`points: key ${input.key} was used for another movement`);
    return { status: 'replayed', balance: locked.balance };
  }
  if (input.amount === 0n) {
    if (earnRemainder !== undefined)
      await trx
        .updateTable('points_accounts')
        .set({ earn_remainder: earnRemainder.toString(), updated_at: new Date() })
        .where('member_id', '=', input.memberId)
        .execute();
    return { status: 'applied', balance: locked.balance };
  }
  const updated = await trx
    .updateTable('points_accounts')
    .set({
      balance: sql`balance + ${input.amount.toString()}::bigint`,
      ...(earnRemainder === undefined ? {} : { earn_remainder: earnRemainder.toString() }),
      updated_at: new Date(),
    })
    .where('member_id', '=', input.memberId)
    .where(sql<boolean>`balance + ${input.amount.toString()}::bigint >= 0`)
    .returning('balance')
    .executeTakeFirst();
  if (!updated) return { status: 'insufficient', balance: locked.balance };
  await trx
    .insertInto('points_movements')
    .values({
      member_id: input.memberId,
      kind: input.kind,
      amount: input.amount.toString(),
      balance_after: updated.balance,
      idempotency_key: input.key,
      reference: input.reference ?? null,
    })
    .execute();
  return { status: 'applied', balance: BigInt(updated.balance) };
}

export async function findMovementByKey(
  db: Db,
  key: string,
): Promise<{ amount: string; reference: string | null } | undefined> {
  return db
    .selectFrom('points_movements')
    .select(['amount', 'reference'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export type PointsMovementRow = { id: string; kind: string; amount: string; balanceAfter: string; createdAt: Date };

export async function findPointsMovements(
  db: Db,
  memberId: string,
  offset: number,
  limit: number,
): Promise<{ rows: PointsMovementRow[]; total: number }> {
  const rows = await db
    .selectFrom('points_movements')
    .select(['id', 'kind', 'amount', 'balance_after as balanceAfter', 'created_at as createdAt'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const { n } = await db
    .selectFrom('points_movements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

// ---- mall items ----

export type MallItemRow = {
  id: string;
  namePt: string;
  nameEn: string;
  kind: string;
  pointsPrice: string;
  cashMinor: string;
  stock: number | null;
  status: string;
  sortOrder: number;
  imageName: string | null;
  ceilingReasons: string[];
  askedBy: string | null;
  approvedBy: string | null;
  approvedAt: Date | null;
};

export const itemColumns = [
  'id',
  'name_pt as namePt',
  'name_en as nameEn',
  'kind',
  'points_price as pointsPrice',
  'cash_minor as cashMinor',
  'stock',
  'status',
  'sort_order as sortOrder',
  'image_name as imageName',
  'ceiling_reasons as ceilingReasons',
  'asked_by as askedBy',
  'approved_by as approvedBy',
  'approved_at as approvedAt',
] as const;

export async function findMallItems(db: Db, onlyActive: boolean): Promise<MallItemRow[]> {
  let q = db.selectFrom('points_mall_items').select(itemColumns).orderBy('sort_order').orderBy('id');
  if (onlyActive) q = q.where('status', '=', 'active');
  return q.execute();
}

export async function findMallItem(db: Db, id: string): Promise<MallItemRow | undefined> {
  return db.selectFrom('points_mall_items').select(itemColumns).where('id', '=', id).executeTakeFirst();
}

/** Take one from an item's stock (unlimited stock stays null); false when it is gone, archived or out of stock. Locks the item row. */
export async function takeMallItemStock(trx: Db, id: string): Promise<MallItemRow | undefined> {
  return trx
    .updateTable('points_mall_items')
    .set({ stock: sql`CASE WHEN stock IS NULL THEN NULL ELSE stock - 1 END` })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
    .returning(itemColumns)
    .executeTakeFirst();
}

export async function returnMallItemStock(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('points_mall_items')
    .set({ stock: sql`stock + 1` })
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .execute();
}

export type MallItemWrite = {
  namePt: string;
  nameEn: string;
  kind: string;
  pointsPrice: bigint;
  cashMinor: bigint;
  stock: number | null;
  status: string;
  sortOrder: number;
  image?: { name: string; type: string; bytes: Buffer };
};

function itemValues(w: MallItemWrite) {
  return {
    name_pt: w.namePt,
    name_en: w.nameEn,
    kind: w.kind,
    points_price: w.pointsPrice.toString(),
    cash_minor: w.cashMinor.toString(),
    stock: w.stock,
    status: w.status,
    sort_order: w.sortOrder,
    ...(w.image ? { image_name: w.image.name, image_type: w.image.type, image_bytes: w.image.bytes } : {}),
  };
}

export async function insertMallItem(db: Db, w: MallItemWrite): Promise<string> {
  const row = await db.insertInto('points_mall_items').values(itemValues(w)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMallItem(db: Db, id: string, w: MallItemWrite): Promise<boolean> {
  const res = await db
    .updateTable('points_mall_items')
    .set({ ...itemValues(w), updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function findMallImage(db: Db, name: string): Promise<{ type: string; bytes: Buffer } | undefined> {
  const row = await db
    .selectFrom('points_mall_items')
    .select(['image_type', 'image_bytes'])
    .where('image_name', '=', name)
    .limit(1)
    .executeTakeFirst();
  return row?.image_type && row.image_bytes ? { type: row.image_type, bytes: Buffer.from(row.image_bytes) } : undefined;
}
