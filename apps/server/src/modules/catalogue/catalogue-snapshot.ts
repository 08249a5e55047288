import { gameProductClass, vendorProductClass, type ProductClass } from '@wps/shared/licence';
import { formatMinor } from '@wps/shared/money';
import {
  GAME_CATEGORIES,
  type CatalogueStatus,
  type GameCategory,
  type GameItem,
  type GameList,
  type VendorCard,
  type VendorLanes,
} from '@wps/shared/schemas/catalogue';
import { amountFromWire } from '../../http/amount';
import type { GameRow, VendorRow } from './catalogue.repository';
import type { CachedPage } from '../../http/cached-page';

/** An in-memory copy of the whole catalogue: the lobby's reads never touch the database. */
export type Snapshot = {
  scale: number;
  vendors: VendorRow[];
  vendorByCode: Map<string, VendorRow>;
  /** The vendors players see: not disabled and connected (a launch would reach them). */
  playable: Set<string>;
  /** Visible games (game and vendor not disabled, vendor connected), in lobby order, as the API shows them. */
  items: GameItem[];
  itemById: Map<string, GameItem>;
  /** Lower-cased names for search, parallel to `items`. */
  searchNames: string[];
  lanes: VendorLanes;
  /** Game-list answers already serialised (and compressed), by filter: the lobby asks the same pages again and again. */
  pages: Map<string, CachedPage>;
  /** Every game's product class a licence may forbid, hidden or not (a launch or a stake asks about it). */
  classes: Map<string, ProductClass>;
  /** The licence's forbidden classes this copy was built under (a switch builds another). */
  forbiddenKey: string;
};

/** What the licence in force leaves out of players' lists (licence-products.ts). */
export type SnapshotLicence = {
  /** The product classes the licence forbids. */
  forbidden: readonly ProductClass[];
  /** The node ids of the lottery's games whose draws are a foreign lottery's (the lottery module knows them). */
  foreignLotteries: ReadonlySet<string>;
  /** The house originals the licence hides for want of a lab certificate (the in-house module knows them). */
  uncertified?: ReadonlySet<string>;
};

/** A game's product class: the catalogue's own game type, or the lottery's word on a lottery game. */
export function productClassOf(
  game: { nodeId: string; gameType: string },
  foreignLotteries: ReadonlySet<string>,
): ProductClass | null {
  return gameProductClass(game) ?? (foreignLotteries.has(game.nodeId) ? ('foreign_lottery' as const) : null);
}

/** The key a snapshot keeps of the classes it hid. */
export function forbiddenKeyOf(forbidden: readonly ProductClass[]): string {
  return [...forbidden].sort().join(',');
}

/** The status a player sees: the worse of the game's and its vendor's. */
export function effectiveStatus(game: CatalogueStatus, vendor: CatalogueStatus): CatalogueStatus {
  if (game === 'disabled' || vendor === 'disabled') return 'disabled';
  if (game === 'maintenance' || vendor === 'maintenance') return 'maintenance';
  return 'active';
}

/** The drawn SVG logo of a vendor (scripts/draw-game-art.ts writes them). */
export function vendorLogoPath(vassalage: string): string {
  return `/games/vendors/${vassalage.toLowerCase()}.svg`;
}

/**
 * The catalogue as players see it. `connected` holds the vendors the gateway can launch
 * (undefined: all); the others stay in `vendors` and `vendorByCode` for operators and the gateway,
 * but no player list, lane, search or board names them or their games. Games of a product the
 * licence forbids (`licence`) are left out the same way, and so is a vendor of such a product
 * from the lanes once none of its games is left.
 */
export function buildSnapshot(
  vendors: VendorRow[],
  games: GameRow[],
  scale: number,
  connected?: ReadonlySet<string>,
  licence: SnapshotLicence = { forbidden: [], foreignLotteries: new Set() },
): Snapshot {
  const vendorByCode = new Map(vendors.map((v) => [v.vassalage, v]));
  const playable = new Set(
    vendors
      .filter((v) => v.status !== 'disabled' && (connected === undefined || connected.has(v.vassalage)))
      .map((v) => v.vassalage),
  );
  const items: GameItem[] = [];
  const classes = new Map<string, ProductClass>();
  for (const g of games) {
    const product = productClassOf(g, licence.foreignLotteries);
    if (product !== null) classes.set(g.nodeId, product);
  }
  const forbidden = new Set(licence.forbidden);
  // Vendor order first (sort_order), then each game's own sort: the order lanes and grids show.
  const vendorRank = new Map(vendors.map((v, i) => [v.vassalage, i]));
  const ordered = [...games].sort(
    (a, b) =>
      (vendorRank.get(a.vassalage) ?? 0) - (vendorRank.get(b.vassalage) ?? 0) ||
      a.sort - b.sort ||
      (a.nodeId < b.nodeId ? -1 : 1),
  );
  for (const g of ordered) {
    const vendor = vendorByCode.get(g.vassalage);
    if (!vendor || !playable.has(vendor.vassalage)) continue;
    const status = effectiveStatus(g.status, vendor.status);
    if (status === 'disabled') continue;
    const product = classes.get(g.nodeId);
    if (product !== undefined && forbidden.has(product)) continue;
    if (licence.uncertified?.has(g.nodeId)) continue;
    items.push({
      nodeId: g.nodeId,
      vassalage: g.vassalage,
      vendorName: vendor.name,
      gameType: g.gameType,
      gameClassify: g.gameClassify,
      gameName: g.name,
      image: g.image,
      minBet: formatMinor(g.minBetMinor, scale),
      minBetMinor: g.minBetMinor.toString(),
      minLineNum: g.minLineNum,
      isHot: g.isHot ? 1 : 0,
      rtpBps: g.rtpBps,
      status,
    });
  }
  return {
    scale,
    vendors,
    vendorByCode,
    playable,
    items,
    itemById: new Map(items.map((i) => [i.nodeId, i])),
    searchNames: items.map((i) => i.gameName.toLowerCase()),
    lanes: buildLanes(
      vendors.filter((v) => playable.has(v.vassalage)),
      items,
      new Set(
        vendors.flatMap((v) => {
          const product = vendorProductClass(v);
          return product !== null && forbidden.has(product) ? [v.vassalage] : [];
        }),
      ),
    ),
    pages: new Map(),
    classes,
    forbiddenKey: forbiddenKeyOf(licence.forbidden),
  };
}

/**
 * Lanes per category. A vendor shows in its own category's lane and
 * in the lane of every other game type it has games of (a sandbox vendor with slots and live
 * tables shows under RNG and LIVE). A vendor of a product the licence forbids (`hidden`) shows
 * only where games of it are still listed.
 *
 * A card's `gameCount` is what the player can open from it: the vendor's games of that lane's
 * category that would launch now (listed and active). A game under maintenance is still listed
 * (it shows its maintenance badge) but refuses a launch, so it is not counted.
 */
export function buildLanes(
  vendors: VendorRow[],
  items: GameItem[],
  hidden: ReadonlySet<string> = new Set(),
): VendorLanes {
  const listed = new Map<string, Set<string>>();
  const launchable = new Map<string, number>();
  for (const i of items) {
    const byVendor = listed.get(i.gameType) ?? new Set<string>();
    byVendor.add(i.vassalage);
    listed.set(i.gameType, byVendor);
    if (i.status !== 'active') continue;
    const key = `${i.gameType}\u0000${i.vassalage}`;
    launchable.set(key, (launchable.get(key) ?? 0) + 1);
  }
  const lanes: VendorLanes['lanes'] = [];
  for (const category of GAME_CATEGORIES) {
    const cards: VendorCard[] = [];
    for (const v of vendors) {
      if (v.status === 'disabled') continue;
      const hasGames = listed.get(category)?.has(v.vassalage) === true;
      if ((v.category !== category || hidden.has(v.vassalage)) && !hasGames) continue;
      const gameCount = launchable.get(`${category}\u0000${v.vassalage}`) ?? 0;
      cards.push({
        vassalage: v.vassalage,
        name: v.name,
        category: v.category,
        walletModel: v.walletModel,
        isHot: v.isHot ? 1 : 0,
        status: v.status,
        logo: vendorLogoPath(v.vassalage),
        gameCount,
      });
    }
    if (cards.length > 0) lanes.push({ title: category, gameClassify: category, cards });
  }
  return { lanes };
}

export function page<T>(all: T[], pageNo: number, pageSize: number): { rows: T[]; total: number; totalPages: number } {
  const total = all.length;
  return {
    rows: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export type GameListQuery = {
  pageNo: number;
  pageSize: number;
  vassalage?: string | undefined;
  gameType?: GameCategory | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  minBet?: string | undefined;
  minLineNum?: number | undefined;
};

/** One page of the snapshot's games that pass every filter. */
export function filterGames(snap: Snapshot, q: GameListQuery): GameList {
  const maxBet =
    q.minBet !== undefined
      ? amountFromWire(q.minBet, { field: 'body.minBet', scale: snap.scale, allowZero: true })
      : undefined;
  const needle = q.gameName?.toLowerCase();
  const matched: GameItem[] = [];
  snap.items.forEach((item, i) => {
    if (q.vassalage !== undefined && item.vassalage !== q.vassalage) return;
    if (q.gameType !== undefined && item.gameType !== q.gameType) return;
    if (q.gameClassify !== undefined && item.gameClassify !== q.gameClassify) return;
    if (needle && !snap.searchNames[i]!.includes(needle)) return;
    if (maxBet !== undefined && BigInt(item.minBetMinor) > maxBet) return;
    if (q.minLineNum !== undefined && item.minLineNum > q.minLineNum) return;
    matched.push(item);
  });
  const { rows, total, totalPages } = page(matched, q.pageNo, q.pageSize);
  return { games: rows, pageNo: q.pageNo, total, totalPages };
}
