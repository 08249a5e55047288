import type { Kysely } from 'kysely';
import type { CatalogueStatus, GameCategory, WalletModel } from '@wps/shared/schemas/catalogue';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type VendorRow = {
  vassalage: string;
  name: string;
  category: GameCategory;
  walletModel: WalletModel;
  status: CatalogueStatus;
  sortOrder: number;
  isHot: boolean;
};

export type GameRow = {
  nodeId: string;
  vassalage: string;
  gameType: string;
  gameClassify: string;
  name: string;
  image: string;
  minBetMinor: bigint;
  minLineNum: number;
  status: CatalogueStatus;
  sort: number;
  isHot: boolean;
  /** Return to player in basis points; null until stated. */
  rtpBps: number | null;
};

export type VendorInsert = Omit<VendorRow, 'status'> & { status?: CatalogueStatus };
export type GameInsert = Omit<GameRow, 'status'> & { status?: CatalogueStatus };

const vendorColumns = [
  'vassalage',
  'name',
  'category',
  'wallet_model as walletModel',
  'status',
  'sort_order as sortOrder',
  'is_hot as isHot',
] as const;

const gameColumns = [
  'node_id as nodeId',
  'vassalage',
  'game_type as gameType',
  'game_classify as gameClassify',
  'name',
  'image',
  'min_bet_minor as minBetMinor',
  'min_line_num as minLineNum',
  'status',
  'sort',
  'is_hot as isHot',
  'rtp_bps as rtpBps',
] as const;

function toGame(r: Omit<GameRow, 'minBetMinor'> & { minBetMinor: string }): GameRow {
  return { ...r, minBetMinor: BigInt(r.minBetMinor) };
}

/** Every vendor, in lobby order. */
export async function findAllVendors(db: Db): Promise<VendorRow[]> {
  return db.selectFrom('game_vendors').select(vendorColumns).orderBy('sort_order').orderBy('vassalage').execute();
}

/** Every game, in lobby order (vendor, then sort, then id). */
export async function findAllGames(db: Db): Promise<GameRow[]> {
  const rows = await db.selectFrom('games').select(gameColumns).orderBy('sort').orderBy('node_id').execute();
  return rows.map(toGame);
}

/** Every game of a vendor, whatever its status, in sort order. */
export async function findVendorGames(db: Db, vassalage: string): Promise<GameRow[]> {
  const rows = await db
    .selectFrom('games')
    .select(gameColumns)
    .where('vassalage', '=', vassalage)
    .orderBy('sort')
    .orderBy('node_id')
    .execute();
  return rows.map(toGame);
}

/** One vendor, or undefined. */
export async function findVendorRow(db: Db, vassalage: string): Promise<VendorRow | undefined> {
  return db.selectFrom('game_vendors').select(vendorColumns).where('vassalage', '=', vassalage).executeTakeFirst();
}

/** One game, or undefined. */
export async function findGameRow(db: Db, nodeId: string): Promise<GameRow | undefined> {
  const row = await db.selectFrom('games').select(gameColumns).where('node_id', '=', nodeId).executeTakeFirst();
  return row ? toGame(row) : undefined;
}

/**
 * The games of a game type players can reach: neither the game nor its vendor disabled (under
 * maintenance they are still listed), with the vendor's name, in lobby order.
 */
export async function findLiveGamesOfType(
  db: Db,
  gameType: string,
): Promise<{ nodeId: string; name: string; vendorName: string }[]> {
  return db
    .selectFrom('games as g')
    .innerJoin('game_vendors as v', 'v.vassalage', 'g.vassalage')
    .select(['g.node_id as nodeId', 'g.name as name', 'v.name as vendorName'])
    .where('g.game_type', '=', gameType)
    .where('g.status', '<>', 'disabled')
    .where('v.status', '<>', 'disabled')
    .orderBy('v.sort_order')
    .orderBy('g.sort')
    .orderBy('g.node_id')
    .execute();
}

/** Insert vendors that do not exist yet (the seed never overwrites an operator's changes). */
export async function insertMissingVendors(db: Db, vendors: VendorInsert[]): Promise<number> {
  if (vendors.length === 0) return 0;
  const rows = await db
    .insertInto('game_vendors')
    .values(
      vendors.map((v) => ({
        vassalage: v.vassalage,
        name: v.name,
        category: v.category,
        wallet_model: v.walletModel,
        status: v.status ?? 'active',
        sort_order: v.sortOrder,
        is_hot: v.isHot,
      })),
    )
    .onConflict((oc) => oc.column('vassalage').doNothing())
    .returning('vassalage')
    .execute();
  return rows.length;
}

/** Insert games that do not exist yet. */
export async function insertMissingGames(db: Db, games: GameInsert[]): Promise<number> {
  if (games.length === 0) return 0;
  const rows = await db
    .insertInto('games')
    .values(
      games.map((g) => ({
        node_id: g.nodeId,
        vassalage: g.vassalage,
        game_type: g.gameType,
        game_classify: g.gameClassify,
        name: g.name,
        image: g.image,
        min_bet_minor: g.minBetMinor.toString(),
        min_line_num: g.minLineNum,
        status: g.status ?? 'active',
        sort: g.sort,
        is_hot: g.isHot,
        rtp_bps: g.rtpBps,
      })),
    )
    .onConflict((oc) => oc.column('node_id').doNothing())
    .returning('node_id')
    .execute();
  return rows.length;
}

/** Set a vendor's status; returns the previous one (undefined when the vendor does not exist). */
export async function updateVendorStatus(
  db: Db,
  vassalage: string,
  status: CatalogueStatus,
): Promise<CatalogueStatus | undefined> {
  const before = await db
    .selectFrom('game_vendors')
    .select('status')
    .where('vassalage', '=', vassalage)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('game_vendors').set({ status }).where('vassalage', '=', vassalage).execute();
  return before.status;
}

/** Set a game's status; returns the previous one (undefined when the game does not exist). */
export async function updateGameStatus(
  db: Db,
  nodeId: string,
  status: CatalogueStatus,
): Promise<CatalogueStatus | undefined> {
  const before = await db
    .selectFrom('games')
    .select('status')
    .where('node_id', '=', nodeId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('games').set({ status }).where('node_id', '=', nodeId).execute();
  return before.status;
}

export type VendorSettings = { category: GameCategory; sortOrder: number; isHot: boolean };
export type GameSettings = { sort: number; isHot: boolean; minBetMinor: string; rtpBps: number | null };

/** Change a vendor's lobby settings (locked first); returns the settings before, undefined for an unknown vendor. */
export async function updateVendorSettings(
  db: Db,
  vassalage: string,
  patch: Partial<VendorSettings>,
): Promise<VendorSettings | undefined> {
  const before = await db
    .selectFrom('game_vendors')
    .select(['category', 'sort_order as sortOrder', 'is_hot as isHot'])
    .where('vassalage', '=', vassalage)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('game_vendors')
    .set({
      ...(patch.category !== undefined ? { category: patch.category } : {}),
      ...(patch.sortOrder !== undefined ? { sort_order: patch.sortOrder } : {}),
      ...(patch.isHot !== undefined ? { is_hot: patch.isHot } : {}),
    })
    .where('vassalage', '=', vassalage)
    .execute();
  return before;
}

/** Change a game's settings (locked first); returns the settings before, undefined for an unknown game. */
export async function updateGameSettings(
  db: Db,
  nodeId: string,
  patch: Partial<GameSettings>,
): Promise<GameSettings | undefined> {
  const before = await db
    .selectFrom('games')
    .select(['sort', 'is_hot as isHot', 'min_bet_minor as minBetMinor', 'rtp_bps as rtpBps'])
    .where('node_id', '=', nodeId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('games')
    .set({
      ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
      ...(patch.isHot !== undefined ? { is_hot: patch.isHot } : {}),
      ...(patch.minBetMinor !== undefined ? { min_bet_minor: patch.minBetMinor } : {}),
      ...(patch.rtpBps !== undefined ? { rtp_bps: patch.rtpBps } : {}),
    })
    .where('node_id', '=', nodeId)
    .execute();
  return { ...before, minBetMinor: String(before.minBetMinor) };
}

/** State the RTP of the given games that have none; a value the operator set is never overwritten. */
export async function fillMissingRtp(db: Db, rtps: ReadonlyArray<{ nodeId: string; rtpBps: number }>): Promise<number> {
  let filled = 0;
  for (const { nodeId, rtpBps } of rtps) {
    const r = await db
      .updateTable('games')
      .set({ rtp_bps: rtpBps })
      .where('node_id', '=', nodeId)
      .where('rtp_bps', 'is', null)
      .executeTakeFirst();
    filled += Number(r.numUpdatedRows);
  }
  return filled;
}

/** Mark a game favourite; a second add is a no-op. */
export async function insertFavourite(db: Db, memberId: string, nodeId: string): Promise<void> {
  await db
    .insertInto('game_favourites')
    .values({ member_id: memberId, node_id: nodeId })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
    .execute();
}

/** Remove a favourite; removing one that is not there is a no-op. */
export async function deleteFavourite(db: Db, memberId: string, nodeId: string): Promise<void> {
  await db.deleteFrom('game_favourites').where('member_id', '=', memberId).where('node_id', '=', nodeId).execute();
}

/** A member's favourite node ids, newest first. */
export async function findFavouriteIds(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('game_favourites')
    .select('node_id')
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('node_id')
    .execute();
  return rows.map((r) => r.node_id);
}

/** Move a game to the top of the member's recent list (insert or touch). */
export async function upsertRecentGame(db: Db, memberId: string, nodeId: string, at: Date): Promise<void> {
  await db
    .insertInto('game_recent')
    .values({ member_id: memberId, node_id: nodeId, played_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doUpdateSet({ played_at: at }))
    .execute();
}

/** A member's recently launched node ids, newest first. */
export async function findRecentIds(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('game_recent')
    .select('node_id')
    .where('member_id', '=', memberId)
    .orderBy('played_at', 'desc')
    .orderBy('node_id')
    .limit(500)
    .execute();
  return rows.map((r) => r.node_id);
}

/** Games' own bonus wagering weights (percent), by node id, for those that have one. */
export async function findWageringWeights(db: Db, nodeIds: readonly string[]): Promise<Map<string, number>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('games')
    .select(['node_id', 'wagering_weight_pct'])
    .where('node_id', 'in', [...nodeIds])
    .where('wagering_weight_pct', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.node_id, r.wagering_weight_pct!]));
}

/** Set (or clear, with null) a game's own bonus wagering weight. */
export async function updateWageringWeight(db: Db, nodeId: string, weightPct: number | null): Promise<void> {
  await db.updateTable('games').set({ wagering_weight_pct: weightPct }).where('node_id', '=', nodeId).execute();
}
