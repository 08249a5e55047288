import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// Returned payments (docs/compliance.md, "PIX"): when the gateway confirmed each went back to its payer.

/** The gateway confirmed a returned payment went back to its payer (once). */
export async function markOrderReturned(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('deposit_orders')
    .set({ returned_at: at })
    .where('id', '=', id)
    .where('status', '=', 'returned')
    .where('returned_at', 'is', null)
    .execute();
}

/** Ids of returned orders whose payment the gateway has not confirmed as sent back, oldest first. */
export async function findUnreturnedOrderIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('deposit_orders')
    .select('id')
    .where('status', '=', 'returned')
    .where('returned_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.id));
}
