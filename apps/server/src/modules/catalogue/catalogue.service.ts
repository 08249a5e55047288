import { ErrorCode } from '@wps/shared/error-codes';
import type {
  CatalogueStatus,
  GameCategory,
  GameList,
  GameStrip,
  VendorClassify,
  VendorLanes,
} from '@wps/shared/schemas/catalogue';
import type { Kysely } from 'kysely';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MemberViews } from '../member/member-views';
import type { SystemService } from '../system/system.service';
import {
  findAllGames,
  findAllVendors,
  findGameRow,
  findVendorRow,
  updateGameStatus,
  updateVendorStatus,
  type GameRow,
  type VendorRow,
} from './catalogue.repository';
import { createCatalogueSettings } from './catalogue-settings';
import { createCatalogueViews } from './catalogue-views';
import { buildSnapshot, filterGames, type GameListQuery, type Snapshot } from './catalogue-snapshot';
import { createCatalogueLicence } from './catalogue-licence';
import { createLicenceHiding } from './catalogue-licence-hiding';
import { createPlayerLists } from './catalogue-player-lists';
import { createWinnersBoard } from './catalogue-winners';
import { createSnapshotCache, primarySource } from './catalogue-snapshot-cache';
import type { ProductLicence } from '../licence/licence-products';
import { cachedPage, type CachedPage } from '../../http/cached-page';

type Db = Kysely<Database>;

export type CatalogueVendor = VendorRow;
export type CatalogueGame = GameRow;
export type CatalogueActor = { actorType: AuditActorType; actorId: string | null };

export type CatalogueContext = Pick<AppContext, 'db' | 'readDb'> & {
  system: Pick<SystemService, 'getBrand'>;
  audit: Pick<AuditService, 'record'>;
  /** The winners board: the ledger ranks wins among the member module's real-money accounts. */
  ledger: Pick<LedgerService, 'findTopRoundWins'>;
  memberViews: Pick<MemberViews, 'realMoneyAccounts'>;
  changeFeed?: Pick<ChangeFeed, 'isLive' | 'subscribe' | 'onReset' | 'announce'>;
  /**
   * The gateway's answer to "which vendors can launch" (gateway/vendor-connections.ts): players'
   * lists show only those. Without it (a catalogue on its own) every vendor counts as connected.
   */
  connections?: VendorConnectionsPort;
  /** The products the licence allows (licence-products.ts): players' lists leave out what it forbids. */
  licence?: Pick<ProductLicence, 'forbidden' | 'certifiesGames'>;
  now?: () => number;
};

/** What the catalogue needs from the gateway module. */
export type VendorConnectionsPort = {
  connectedVendors(): Promise<ReadonlySet<string>>;
  /** Called whenever the answer may have changed (on any instance). */
  onChange(listener: () => void): void;
};

/** Hot strips are short by design. */
const HOT_GAMES_LIMIT = 24;
/** At most this many game-list pages (each with its compressed copies) are kept per catalogue version. */
const MAX_CACHED_PAGES = 500;

/** Other modules' public boards mask accounts as the winners board does. */
export { maskAccount } from './catalogue-winners';

/**
 * The game catalogue: vendors, games, favourites, recent and hot games, the winners
 * board, and maintenance. Other modules use `getVendor`, `getGame` and `recordRecentGame`.
 */
export function createCatalogueService(ctx: CatalogueContext) {
  const { db, system, audit, ledger, memberViews } = ctx;
  const now = ctx.now ?? Date.now;
  const feed = ctx.changeFeed;
  const isLive = () => feed?.isLive === true;
  // Two copies: the one money paths ask (a vendor's status before a bet, the categories rewards
  // weigh turnover by) from the primary; the lobby's lists from the read replica while it keeps up
  // (db/read-handle.ts). Without a replica they are one copy.
  const decisions = createSnapshotCache({ source: primarySource(db), isLive });
  const lobby = ctx.readDb ? createSnapshotCache({ source: ctx.readDb, isLive }) : decisions;
  const evict = () => {
    decisions.evict();
    if (lobby !== decisions) lobby.evict();
  };
  feed?.subscribe(CHANGE_CHANNELS.catalogueChange, evict);
  // After a write of its own committed: told through the feed, so this instance's other copies of
  // catalogue rows (the in-house games' settings) are dropped at once with the catalogue's.
  const changed = () => (feed ? feed.announce(CHANGE_CHANNELS.catalogueChange, 'catalogue') : evict());
  feed?.onReset(evict);
  // Connecting or disconnecting a vendor changes what players see as much as a catalogue write.
  ctx.connections?.onChange(evict);
  const hiding = createLicenceHiding({ licence: ctx.licence, evict });

  /** The catalogue as players see it: `lobby` for the lobby's lists, the primary's copy for the rest. */
  async function snapshot(cache = decisions): Promise<Snapshot> {
    const { currencyScale } = await system.getBrand();
    const licence = await hiding.inForce();
    return cache.get(
      (s) => s.scale === currencyScale && s.forbiddenKey === licence.key,
      async (reads) => {
        const [vendors, games, connected, hidden] = await Promise.all([
          findAllVendors(reads),
          findAllGames(reads),
          ctx.connections?.connectedVendors(),
          licence.hidden(),
        ]);
        return { ...buildSnapshot(vendors, games, currencyScale, connected, hidden), forbiddenKey: licence.key };
      },
    );
  }

  /** Throw the maintenance error a player should see for a vendor, if any. */
  function assertVendorOpen(vendor: VendorRow | undefined, vassalage: string): VendorRow {
    if (!vendor || vendor.status === 'disabled')
      throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'No such game vendor', { vassalage });
    if (vendor.status === 'maintenance')
      throw new AppError(ErrorCode.VENDOR_MAINTENANCE, 'This game vendor is under maintenance', { vassalage });
    return vendor;
  }

  async function changeStatus(
    actor: CatalogueActor,
    kind: 'vendor' | 'game',
    id: string,
    status: CatalogueStatus,
    reason: string,
  ): Promise<{ before: CatalogueStatus; status: CatalogueStatus }> {
    const before = await db.transaction().execute(async (trx) => {
      const previous =
        kind === 'vendor' ? await updateVendorStatus(trx, id, status) : await updateGameStatus(trx, id, status);
      if (previous === undefined) {
        throw kind === 'vendor'
          ? new AppError(ErrorCode.VENDOR_NOT_FOUND, 'No such game vendor', { vassalage: id })
          : new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game', { nodeId: id });
      }
      await audit.record(trx, {
        ...actor,
        action: `${kind === 'vendor' ? 'game_vendor' : 'game'}.status`,
        subjectType: kind === 'vendor' ? 'game_vendor' : 'game',
        subjectId: id,
        reason,
        before: { status: previous },
        after: { status },
      });
      return previous;
    });
    // This instance sees its own change at once; others hear it through the change feed.
    changed();
    return { before, status };
  }

  return {
    /** For the bet record's statements: vendor and game names (catalogue-views.ts). */
    ...createCatalogueViews(ctx),
    /** The operator's lobby settings of vendors and games (catalogue-settings.ts). */
    ...createCatalogueSettings({ db, audit, evict: changed }),
    /** Products under the licence: classes, the back office's marks, the switch's blockers (catalogue-licence.ts). */
    ...createCatalogueLicence({ db, snapshot, forbidden: hiding.forbidden }),
    /** What the licence hides, as the modules that know hand it over (catalogue-licence-hiding.ts). */
    useUncertifiedGames: hiding.useUncertifiedGames,
    useForeignLotteries: hiding.useForeignLotteries,
    /** Favourites and recent games (catalogue-player-lists.ts). */
    ...createPlayerLists({ db, snapshot, now }),
    /** The public winners board (catalogue-winners.ts). */
    ...createWinnersBoard({ snapshot, ledger, memberViews, now }),
    /** Every vendor as stored, disabled ones too (operators), in lobby order. */
    async listVendors(): Promise<CatalogueVendor[]> {
      return (await snapshot()).vendors;
    },

    /** A vendor as stored, whatever its status; undefined when unknown. */
    async findVendor(vassalage: string): Promise<CatalogueVendor | undefined> {
      return (await snapshot()).vendorByCode.get(vassalage);
    },

    /** Every vendor's game category, whatever its status (rewards count turnover by category). */
    async vendorCategories(): Promise<Map<string, string>> {
      return new Map([...(await snapshot()).vendorByCode].map(([code, v]) => [code, v.category as string]));
    },

    /** A vendor a player may use now: VENDOR_NOT_FOUND (unknown or disabled) or VENDOR_MAINTENANCE otherwise. */
    async getVendor(vassalage: string): Promise<CatalogueVendor> {
      return assertVendorOpen((await snapshot()).vendorByCode.get(vassalage), vassalage);
    },

    /**
     * A vendor's game category whatever its status, read in the caller's transaction (bonus
     * wagering weighs settled rounds by it); undefined for a vendor the catalogue does not know.
     */
    async findVendorCategory(vassalage: string, trx: Db = db): Promise<GameCategory | undefined> {
      return (await findVendorRow(trx, vassalage))?.category;
    },

    /** A game as stored (with its vendor), whatever their status; undefined when unknown. Reads the database. */
    async findGame(nodeId: string): Promise<{ game: CatalogueGame; vendor: CatalogueVendor } | undefined> {
      const game = await findGameRow(db, nodeId);
      if (!game) return undefined;
      const vendor = await findVendorRow(db, game.vassalage);
      return vendor ? { game, vendor } : undefined;
    },

    /** The vendor of a game that is not disabled (nor its vendor), or null: what a banner launching it needs. */
    async findOpenGameVendor(nodeId: string): Promise<string | null> {
      const game = await findGameRow(db, nodeId);
      if (!game || game.status === 'disabled') return null;
      const vendor = await findVendorRow(db, game.vassalage);
      return vendor && vendor.status !== 'disabled' ? vendor.vassalage : null;
    },

    /**
     * A game a player may launch now, with its vendor. Reads the database (not the cache) so a
     * maintenance switch applies to the very next launch. Throws GAME_NOT_FOUND (unknown or
     * disabled), VENDOR_MAINTENANCE, or GAME_MAINTENANCE.
     */
    async getGame(nodeId: string): Promise<{ game: CatalogueGame; vendor: CatalogueVendor }> {
      const game = await findGameRow(db, nodeId);
      if (!game || game.status === 'disabled') throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game', { nodeId });
      const vendorRow = await findVendorRow(db, game.vassalage);
      if (!vendorRow || vendorRow.status === 'disabled')
        throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game', { nodeId });
      const vendor = assertVendorOpen(vendorRow, game.vassalage);
      if (game.status === 'maintenance')
        throw new AppError(ErrorCode.GAME_MAINTENANCE, 'This game is under maintenance', {
          nodeId,
          vassalage: game.vassalage,
        });
      return { game, vendor };
    },

    /** GCSGAME_newGameVendor: lanes of vendor cards per category. */
    async listVendorLanes(): Promise<VendorLanes> {
      return (await snapshot(lobby)).lanes;
    },

    /** GCSGAME_gameList: one page of games, filtered. Games under maintenance are listed with that status. */
    async listGames(q: GameListQuery): Promise<GameList> {
      return filterGames(await snapshot(lobby), q);
    },

    /**
     * GCSGAME_gameList as the success envelope's UTF-8 JSON. A page is filtered, serialised and
     * encoded once per catalogue version and filter (its compressed copies once per encoding,
     * when first asked for); the copies go with the snapshot when the catalogue changes.
     */
    async listGamesPage(q: GameListQuery): Promise<CachedPage> {
      const snap = await snapshot(lobby);
      const key = JSON.stringify([
        q.pageNo,
        q.pageSize,
        q.vassalage,
        q.gameType,
        q.gameClassify,
        q.gameName?.toLowerCase(),
        q.minBet,
        q.minLineNum,
      ]);
      const hit = snap.pages.get(key);
      if (hit !== undefined) return hit;
      const fresh = cachedPage(Buffer.from(JSON.stringify({ success: true, value: filterGames(snap, q) }), 'utf8'));
      // Searches are free text: bound the copies (a full reset is cheap, pages rebuild on demand).
      if (snap.pages.size >= MAX_CACHED_PAGES) snap.pages.clear();
      snap.pages.set(key, fresh);
      return fresh;
    },

    /** GCSGAME_hotGamesV2: the operator's hot games that are playable now. */
    async listHotGames(q: { vassalage?: string | undefined; gameType?: GameCategory | undefined }): Promise<GameStrip> {
      const snap = await snapshot(lobby);
      const list = snap.items
        .filter(
          (i) =>
            i.isHot === 1 &&
            i.status === 'active' &&
            (q.vassalage === undefined || i.vassalage === q.vassalage) &&
            (q.gameType === undefined || i.gameType === q.gameType),
        )
        .slice(0, HOT_GAMES_LIMIT);
      return { list, totalPages: 1 };
    },

    /** GCSGAME_getVassGameType: a vendor's classify tabs with their game counts, in first-seen order. */
    async listVendorClassifies(vassalage: string): Promise<VendorClassify> {
      const snap = await snapshot(lobby);
      const vendor = snap.vendorByCode.get(vassalage);
      if (!vendor || vendor.status === 'disabled' || !snap.playable.has(vassalage))
        throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'No such game vendor', { vassalage });
      const counts = new Map<string, number>();
      for (const i of snap.items)
        if (i.vassalage === vassalage) counts.set(i.gameClassify, (counts.get(i.gameClassify) ?? 0) + 1);
      return { vassalage, list: [...counts].map(([gameClassify, count]) => ({ gameClassify, count })) };
    },

    /** PUT /ops/vendors/:vassalage/status (audited). */
    async setVendorStatus(actor: CatalogueActor, vassalage: string, status: CatalogueStatus, reason: string) {
      return { vassalage, ...(await changeStatus(actor, 'vendor', vassalage, status, reason)) };
    },

    /** PUT /ops/games/:nodeId/status (audited). */
    async setGameStatus(actor: CatalogueActor, nodeId: string, status: CatalogueStatus, reason: string) {
      return { nodeId, ...(await changeStatus(actor, 'game', nodeId, status, reason)) };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
