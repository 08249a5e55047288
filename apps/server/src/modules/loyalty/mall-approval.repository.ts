import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { itemColumns, type MallItemRow } from './points.repository';

type Db = Kysely<Database>;

/** An item's row, locked for a change or a decision. */
export async function lockMallItem(db: Db, id: string): Promise<MallItemRow | undefined> {
  return db.selectFrom('points_mall_items').select(itemColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A waiting item decided: offered with its approver, or archived. False when it was not waiting. */
export async function decideMallItem(
  trx: Db,
  id: string,
  d: { status: 'active' | 'archived'; approvedBy: string },
): Promise<boolean> {
  const now = new Date();
  const res = await trx
    .updateTable('points_mall_items')
    .set({
      status: d.status,
      approved_by: d.status === 'active' ? d.approvedBy : null,
      approved_at: d.status === 'active' ? now : null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** What an offer of a money item found against the set-up ceilings: the ceilings passed and who asked. */
export async function setMallItemAsk(
  db: Db,
  id: string,
  ask: { ceilingReasons: string[]; askedBy: string },
): Promise<void> {
  await db
    .updateTable('points_mall_items')
    .set({ ceiling_reasons: ask.ceilingReasons, asked_by: ask.askedBy, approved_by: null, approved_at: null })
    .where('id', '=', id)
    .execute();
}

/** The items waiting for a second operator, oldest first. */
export async function findAwaitingMallItems(db: Db): Promise<MallItemRow[]> {
  return db
    .selectFrom('points_mall_items')
    .select(itemColumns)
    .where('status', '=', 'awaiting_approval')
    .orderBy('id')
    .execute();
}

/** How many items wait for a second operator (the back office's queue badge). */
export async function countAwaitingMallItems(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('points_mall_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirstOrThrow();
  return Number(n);
}
