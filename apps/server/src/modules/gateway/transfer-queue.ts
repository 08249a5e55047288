import type { Kysely } from 'kysely';
import { afterKeyset, type KeysetCursor } from '../../db/keyset';
import type { Database } from '../../db/schema';
import type { VendorTransferStatus } from '../../db/tables/gateway';

type Db = Kysely<Database>;

/**
 * The operator's vendor-transfer queue (GET /ops/vendor-transfers and its CSV): transfers by
 * status and vendor, sorted by placing order (the ids) or amount with the id as the tie-break,
 * so the order is total and a keyset cursor resumes the export exactly where it stopped.
 */
export type TransferQueueFilter = { status?: VendorTransferStatus | undefined; vassalage?: string | undefined };
export type TransferQueueOrder = { sort: 'createdAt' | 'amount'; order: 'asc' | 'desc' };
/** Where an export page ends: the last row's sort value (its id, or its amount in minor units) and id. */
export type TransferQueueCursor = KeysetCursor;

export type QueuedTransfer = {
  id: string;
  transferRef: string;
  memberId: string;
  vassalage: string;
  direction: 'in' | 'out';
  amount: bigint;
  currency: string;
  status: VendorTransferStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
};

const SORT_COLUMN = { createdAt: 't.id', amount: 't.amount' } as const;

function filtered(db: Db, f: TransferQueueFilter) {
  let q = db
    .selectFrom('vendor_transfers as t')
    .select([
      't.id',
      't.transfer_ref as transferRef',
      't.member_id as memberId',
      't.vassalage',
      't.direction',
      't.amount',
      't.currency',
      't.status',
      't.attempts',
      't.last_error as lastError',
      't.created_at as createdAt',
      't.resolved_at as resolvedAt',
    ]);
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.vassalage) q = q.where('t.vassalage', '=', f.vassalage);
  return q;
}

type Raw = Awaited<ReturnType<ReturnType<typeof filtered>['executeTakeFirstOrThrow']>>;

function toQueued(r: Raw): QueuedTransfer {
  return { ...r, id: String(r.id), memberId: String(r.memberId), amount: BigInt(r.amount) };
}

/** One page for the screen (OFFSET paging, with the total). */
export async function findTransferQueuePage(
  db: Db,
  f: TransferQueueFilter,
  o: TransferQueueOrder,
  offset: number,
  limit: number,
): Promise<{ rows: QueuedTransfer[]; total: number }> {
  let count = db.selectFrom('vendor_transfers as t').select((eb) => eb.fn.countAll<string>().as('n'));
  if (f.status) count = count.where('t.status', '=', f.status);
  if (f.vassalage) count = count.where('t.vassalage', '=', f.vassalage);
  const [rows, total] = await Promise.all([
    filtered(db, f)
      .orderBy(SORT_COLUMN[o.sort], o.order)
      .orderBy('t.id', o.order)
      .offset(offset)
      .limit(limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toQueued), total: Number(total.n) };
}

/** The rows after a cursor in the same order, for the streamed CSV (never OFFSET). */
export async function findTransferQueueExportPage(
  db: Db,
  f: TransferQueueFilter,
  o: TransferQueueOrder,
  after: TransferQueueCursor | null,
  limit: number,
): Promise<QueuedTransfer[]> {
  let q = filtered(db, f);
  if (after) q = q.where(afterKeyset(SORT_COLUMN[o.sort], 't.id', o.order, after));
  const rows = await q.orderBy(SORT_COLUMN[o.sort], o.order).orderBy('t.id', o.order).limit(limit).execute();
  return rows.map(toQueued);
}

/** One transfer as the queue shows it. */
export async function findQueuedTransfer(db: Db, id: string): Promise<QueuedTransfer | undefined> {
  const r = await filtered(db, {}).where('t.id', '=', id).executeTakeFirst();
  return r ? toQueued(r) : undefined;
}

/** The cursor after a row. */
export function transferCursorOf(row: QueuedTransfer, sort: TransferQueueOrder['sort']): TransferQueueCursor {
  return { value: sort === 'createdAt' ? row.id : row.amount.toString(), id: row.id };
}
