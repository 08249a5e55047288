import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { compareIds } from '../../db/ids';

/**
 * A draw's liability: what each key (a number, a position's digit…) would pay if it came up, kept
 * per draw in `lottery_exposure` so placement can refuse a ticket that would take a key past the
 * draw's cap. Placement locks and adds to it in the ticket's transaction; the back office reads it.
 */

type Db = Kysely<Database>;

/**
 * Lock the liability rows a batch's tickets load, draw by draw in id order and by key within a
 * draw (the one lock order: two batches on the same numbers never deadlock), creating missing
 * ones at zero. One statement: an upsert whose no-op update takes each row's lock as it goes, in
 * the order of its rows, and returns what the row holds. Answers, per draw, what each key would
 * pay so far.
 */
export async function lockExposure(
  trx: Db,
  keysByDraw: Map<string, string[]>,
): Promise<Map<string, Map<string, bigint>>> {
  const held = new Map<string, Map<string, bigint>>();
  const rows: { draw_id: string; key: string; payout_minor: string }[] = [];
  for (const drawId of [...keysByDraw.keys()].sort(compareIds)) {
    held.set(drawId, new Map());
    for (const key of [...new Set(keysByDraw.get(drawId))].sort())
      rows.push({ draw_id: drawId, key, payout_minor: '0' });
  }
  if (rows.length === 0) return held;
  const locked = await trx
    .insertInto('lottery_exposure')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['draw_id', 'key']).doUpdateSet({ payout_minor: (eb) => eb.ref('lottery_exposure.payout_minor') }),
    )
    .returning(['draw_id', 'key', 'payout_minor'])
    .execute();
  for (const r of locked) held.get(String(r.draw_id))!.set(r.key, BigInt(r.payout_minor));
  return held;
}

/** Add to (or, negative, take from) draws' liability per key; the rows are locked by the caller. */
export async function addExposure(trx: Db, deltasByDraw: Map<string, Map<string, bigint>>): Promise<void> {
  const values = [...deltasByDraw].flatMap(([drawId, deltas]) =>
    [...deltas]
      .filter(([, v]) => v !== 0n)
      .map(([key, v]) => sql`(${drawId}::bigint, ${key}::text, ${v.toString()}::bigint)`),
  );
  if (values.length === 0) return;
  await sql`
    UPDATE lottery_exposure e SET payout_minor = greatest(e.payout_minor + v.delta, 0)
    FROM (VALUES ${sql.join(values)}) AS v(draw_id, key, delta)
    WHERE e.draw_id = v.draw_id AND e.key = v.key`.execute(trx);
}

/** A draw's liability per key, largest first (the back office's view of an open draw). */
export async function findExposure(
  db: Db,
  drawId: string,
  limit: number,
): Promise<{ key: string; payoutMinor: bigint }[]> {
  const rows = await db
    .selectFrom('lottery_exposure')
    .select(['key', 'payout_minor'])
    .where('draw_id', '=', drawId)
    .where('payout_minor', '>', '0')
    .orderBy('payout_minor', 'desc')
    .orderBy('key')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ key: r.key, payoutMinor: BigInt(r.payout_minor) }));
}
