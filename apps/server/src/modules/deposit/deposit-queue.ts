import type { Kysely } from 'kysely';
import type { DepositChannelType, DepositOrderStatus } from '@wps/shared/schemas/deposit';
import { afterKeyset, type KeysetCursor } from '../../db/keyset';
import type { Database } from '../../db/schema';
import { orderQuery, toOrder, type OrderRow } from './deposit.repository';

type Db = Kysely<Database>;

/**
 * The operator's deposit queue (GET /ops/deposits and its CSV export): orders filtered by status
 * and channel type, sorted by time or amount with the id as the tie-break, so the order is total
 * and a keyset cursor (the sort value and the id) resumes the export exactly where it stopped.
 * "By time" is the order of the ids, which the database hands out as orders are placed: the
 * created_at column holds microseconds a JavaScript Date cannot carry, so a cursor on it would
 * repeat or skip rows.
 */
export type DepositQueueFilter = { status?: DepositOrderStatus | undefined; type?: DepositChannelType | undefined };
export type DepositQueueOrder = { sort: 'createdAt' | 'amount'; order: 'asc' | 'desc' };
/** Where an export page ends: the last row's sort value (its id, or its amount in minor units) and id. */
export type DepositQueueCursor = KeysetCursor;

const SORT_COLUMN = { createdAt: 'o.id', amount: 'o.amount_minor' } as const;

function filtered(db: Db, f: DepositQueueFilter) {
  let q = orderQuery(db);
  if (f.status) q = q.where('o.status', '=', f.status);
  if (f.type) q = q.where('o.channel_type', '=', f.type);
  return q;
}

/** One page for the screen (OFFSET paging: the screen shows page numbers and a total). */
export async function findQueuePage(
  db: Db,
  f: DepositQueueFilter,
  o: DepositQueueOrder,
  offset: number,
  limit: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  let count = db.selectFrom('deposit_orders as o').select((eb) => eb.fn.countAll<string>().as('n'));
  if (f.status) count = count.where('o.status', '=', f.status);
  if (f.type) count = count.where('o.channel_type', '=', f.type);
  const [rows, total] = await Promise.all([
    filtered(db, f)
      .orderBy(SORT_COLUMN[o.sort], o.order)
      .orderBy('o.id', o.order)
      .offset(offset)
      .limit(limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toOrder), total: Number(total.n) };
}

/** The rows after a cursor in the same order, for the streamed CSV (never OFFSET). */
export async function findQueueExportPage(
  db: Db,
  f: DepositQueueFilter,
  o: DepositQueueOrder,
  after: DepositQueueCursor | null,
  limit: number,
): Promise<OrderRow[]> {
  let q = filtered(db, f);
  if (after) q = q.where(afterKeyset(SORT_COLUMN[o.sort], 'o.id', o.order, after));
  const rows = await q.orderBy(SORT_COLUMN[o.sort], o.order).orderBy('o.id', o.order).limit(limit).execute();
  return rows.map(toOrder);
}

/** The cursor after a row. */
export function queueCursorOf(row: OrderRow, sort: DepositQueueOrder['sort']): DepositQueueCursor {
  return { value: sort === 'createdAt' ? row.id : row.amountMinor.toString(), id: row.id };
}
