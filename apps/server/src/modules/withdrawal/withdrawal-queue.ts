import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { WithdrawalStatus } from '@wps/shared/schemas/withdrawal';
import { afterKeyset, type KeysetCursor } from '../../db/keyset';
import type { Database } from '../../db/schema';
import { payoutAlertsView } from '../operator-money/operator-money-withdrawals-views';
import { selectOrders, toRow, type WithdrawalRow } from './withdrawal.repository';

type Db = Kysely<Database>;

/**
 * The operator's withdrawal queue (GET /ops/withdrawals and its CSV export): orders filtered by
 * status, sorted by time or amount with the id as the tie-break, so the order is total and a
 * keyset cursor (the sort value and the id) resumes the export exactly where it stopped. "By
 * time" is the order of the ids, handed out as orders are placed: created_at holds microseconds a
 * JavaScript Date cannot carry, so a cursor on it would repeat or skip rows.
 */
export type WithdrawalQueueFilter = {
  status?: WithdrawalStatus | undefined;
  /** Only orders on which an operator raised this alert (the operator money policy's, read through its view). */
  alert?: 'credited_then_paid_out' | undefined;
};
export type WithdrawalQueueOrder = { sort: 'createdAt' | 'amount'; order: 'asc' | 'desc' };
/** Where an export page ends: the last row's sort value (its id, or its amount in minor units) and id. */
export type WithdrawalQueueCursor = KeysetCursor;

const SORT_COLUMN = { createdAt: 'w.id', amount: 'w.amount' } as const;

/** An order (`w`) that raised the alert: its policy reference is `withdrawal:<id>`. */
function hasAlert(db: Db, kind: NonNullable<WithdrawalQueueFilter['alert']>): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM (${payoutAlertsView(db)}) a WHERE a.reference = 'withdrawal:' || w.id::text AND a.kind = ${kind})`;
}

function filtered(db: Db, f: WithdrawalQueueFilter) {
  let q = selectOrders(db);
  if (f.status) q = q.where('w.status', '=', f.status);
  if (f.alert) q = q.where(hasAlert(db, f.alert));
  return q;
}

/** One page for the screen (OFFSET paging: the screen shows page numbers and a total). */
export async function findQueuePage(
  db: Db,
  f: WithdrawalQueueFilter,
  o: WithdrawalQueueOrder,
  offset: number,
  limit: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  let count = db.selectFrom('withdrawal_orders as w').select((eb) => eb.fn.countAll<string>().as('n'));
  if (f.status) count = count.where('w.status', '=', f.status);
  if (f.alert) count = count.where(hasAlert(db, f.alert));
  const [rows, total] = await Promise.all([
    filtered(db, f)
      .orderBy(SORT_COLUMN[o.sort], o.order)
      .orderBy('w.id', o.order)
      .offset(offset)
      .limit(limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), total: Number(total.n) };
}

/** The rows after a cursor in the same order, for the streamed CSV (never OFFSET). */
export async function findQueueExportPage(
  db: Db,
  f: WithdrawalQueueFilter,
  o: WithdrawalQueueOrder,
  after: WithdrawalQueueCursor | null,
  limit: number,
): Promise<WithdrawalRow[]> {
  let q = filtered(db, f);
  if (after) q = q.where(afterKeyset(SORT_COLUMN[o.sort], 'w.id', o.order, after));
  const rows = await q.orderBy(SORT_COLUMN[o.sort], o.order).orderBy('w.id', o.order).limit(limit).execute();
  return rows.map(toRow);
}

/** The cursor after a row. */
export function queueCursorOf(row: WithdrawalRow, sort: WithdrawalQueueOrder['sort']): WithdrawalQueueCursor {
  return { value: sort === 'createdAt' ? row.id : row.amount.toString(), id: row.id };
}
