import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// The operator's settings of the in-house games (migration 0191): one row per game that has any.

/**
 * A game's maximum stake as the operator set it, or null (none set: the house limit applies);
 * with `lock`, its row is locked FOR UPDATE for the change that replaces it.
 */
export async function findMaxStake(db: Db, nodeId: string, opts: { lock?: boolean } = {}): Promise<bigint | null> {
  let q = db.selectFrom('inhouse_game_settings').select('max_stake_minor').where('node_id', '=', nodeId);
  if (opts.lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? BigInt(row.max_stake_minor) : null;
}

/** Every game's maximum stake the operator set, by node id. */
export async function findMaxStakes(db: Db): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('inhouse_game_settings').select(['node_id', 'max_stake_minor']).execute();
  return new Map(rows.map((r) => [r.node_id, BigInt(r.max_stake_minor)]));
}

/** Set a game's maximum stake (insert or replace). */
export async function upsertMaxStake(db: Db, nodeId: string, maxStakeMinor: bigint): Promise<void> {
  const now = new Date();
  await db
    .insertInto('inhouse_game_settings')
    .values({ node_id: nodeId, max_stake_minor: maxStakeMinor.toString(), updated_at: now })
    .onConflict((oc) =>
      oc.column('node_id').doUpdateSet({ max_stake_minor: maxStakeMinor.toString(), updated_at: now }),
    )
    .execute();
}
