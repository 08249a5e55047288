import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// The operator's settings of the in-house games (migrations 0191, 0710): one row per game that has
// any. A null field is one the operator has not set (the house limit or the default applies).

export type StoredGameSettings = {
  maxStakeMinor: bigint | null;
  rtpBps: number | null;
  maxPayoutMinor: bigint | null;
};

const NONE: StoredGameSettings = { maxStakeMinor: null, rtpBps: null, maxPayoutMinor: null };

function toSettings(row: {
  max_stake_minor: string | null;
  rtp_bps: number | null;
  max_payout_minor: string | null;
}): StoredGameSettings {
  return {
    maxStakeMinor: row.max_stake_minor === null ? null : BigInt(row.max_stake_minor),
    rtpBps: row.rtp_bps,
    maxPayoutMinor: row.max_payout_minor === null ? null : BigInt(row.max_payout_minor),
  };
}

/** A game's settings as stored (all null when it has no row); with `lock`, its row is locked FOR UPDATE. */
export async function findGameSettings(
  db: Db,
  nodeId: string,
  opts: { lock?: boolean } = {},
): Promise<StoredGameSettings> {
  let q = db
    .selectFrom('inhouse_game_settings')
    .select(['max_stake_minor', 'rtp_bps', 'max_payout_minor'])
    .where('node_id', '=', nodeId);
  if (opts.lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toSettings(row) : NONE;
}

/** Every game's stored settings, by node id. */
export async function findAllGameSettings(db: Db): Promise<Map<string, StoredGameSettings>> {
  const rows = await db
    .selectFrom('inhouse_game_settings')
    .select(['node_id', 'max_stake_minor', 'rtp_bps', 'max_payout_minor'])
    .execute();
  return new Map(rows.map((r) => [r.node_id, toSettings(r)]));
}

/** Store a game's settings (insert or replace the whole row). */
export async function upsertGameSettings(db: Db, nodeId: string, s: StoredGameSettings): Promise<void> {
  const now = new Date();
  const values = {
    max_stake_minor: s.maxStakeMinor?.toString() ?? null,
    rtp_bps: s.rtpBps,
    max_payout_minor: s.maxPayoutMinor?.toString() ?? null,
    updated_at: now,
  };
  await db
    .insertInto('inhouse_game_settings')
    .values({ node_id: nodeId, ...values })
    .onConflict((oc) => oc.column('node_id').doUpdateSet(values))
    .execute();
}
