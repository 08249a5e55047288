import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type { ProductClass } from '@wps/shared/licence';
import {
  type CatalogueStatus,
  type FavouriteList,
  type GameCategory,
  type GameItem,
  type GameList,
  type GameStrip,
  type RankList,
  type VendorClassify,
  type VendorLanes,
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
  deleteFavourite,
  findAllGames,
  findAllVendors,
  findFavouriteIds,
  findGameRow,
  findRecentIds,
  findVendorGames,
  findVendorRow,
  insertFavourite,
  updateGameStatus,
  updateVendorStatus,
  upsertRecentGame,
  type GameRow,
  type VendorRow,
} from './catalogue.repository';
import { createCatalogueSettings } from './catalogue-settings';
import { createCatalogueViews } from './catalogue-views';
import {
  buildSnapshot,
  filterGames,
  forbiddenKeyOf,
  page,
  type GameListQuery,
  type Snapshot,
} from './catalogue-snapshot';
import { createCatalogueLicence } from './catalogue-licence';
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

/** Hot strips and winners boards are short by design. */
const HOT_GAMES_LIMIT = 24;
/** The winners board looks back this far. */
const WINNERS_WINDOW_MS = 30 * 24 * 3600_000;
/** The public winners board is computed at most this often per instance (it scans the ledger). */
const WINNERS_CACHE_MS = 10_000;
/** At most this many game-list pages (each with its compressed copies) are kept per catalogue version. */
const MAX_CACHED_PAGES = 500;

/** "player42" → "pl***42": a public board must not publish whole usernames. */
export function maskAccount(account: string): string {
  if (account.length <= 2) return `${account[0] ?? ''}***`;
  if (account.length <= 4) return `${account.slice(0, 1)}***${account.slice(-1)}`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

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
  let winners: { at: number; size: number; board: Promise<RankList> } | undefined;
  feed?.subscribe(CHANGE_CHANNELS.catalogueChange, evict);
  // After a write of its own committed: told through the feed, so this instance's other copies of
  // catalogue rows (the in-house games' settings) are dropped at once with the catalogue's.
  const changed = () => (feed ? feed.announce(CHANGE_CHANNELS.catalogueChange, 'catalogue') : evict());
  feed?.onReset(evict);
  // Connecting or disconnecting a vendor changes what players see as much as a catalogue write.
  ctx.connections?.onChange(evict);
  // The lottery's games whose draws are a foreign lottery's: the lottery module knows them, and is
  // built after the catalogue (services.ts hands its answer over with useForeignLotteries).
  let foreignLotteries: () => Promise<ReadonlySet<string>> = async () => new Set();
  // The house originals the licence hides for want of a lab certificate: the in-house module knows
  // them, and is built after the catalogue (inhouse.module.ts hands its answer over with
  // useUncertifiedGames).
  let uncertifiedGames: () => Promise<ReadonlySet<string>> = async () => new Set();

  /** The classes the licence in force forbids (this instance's copy of the licence). */
  const forbiddenNow = async (): Promise<readonly ProductClass[]> => (await ctx.licence?.forbidden()) ?? [];

  /** The catalogue as players see it: `lobby` for the lobby's lists, the primary's copy for the rest. */
  async function snapshot(cache = decisions): Promise<Snapshot> {
    const { currencyScale } = await system.getBrand();
    // A switch of licence changes what players see: a copy built under other rules is not used.
    const forbidden = await forbiddenNow();
    // A certificate recorded or withdrawn evicts every copy (migration 0735); a switch of licence
    // that starts or stops asking for them is told by the key.
    const certifies = (await ctx.licence?.certifiesGames()) ?? false;
    const forbiddenKey = `${forbiddenKeyOf(forbidden)}${certifies ? '|certified' : ''}`;
    return cache.get(
      (s) => s.scale === currencyScale && s.forbiddenKey === forbiddenKey,
      async (reads) => {
        const [vendors, games, connected, foreign, uncertified] = await Promise.all([
          findAllVendors(reads),
          findAllGames(reads),
          ctx.connections?.connectedVendors(),
          foreignLotteries(),
          certifies ? uncertifiedGames() : new Set<string>(),
        ]);
        const snap = buildSnapshot(vendors, games, currencyScale, connected, {
          forbidden,
          foreignLotteries: foreign,
          uncertified,
        });
        return { ...snap, forbiddenKey };
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

  async function requireVisibleGame(nodeId: string): Promise<GameItem> {
    const item = (await snapshot()).itemById.get(nodeId);
    if (!item) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game', { nodeId });
    return item;
  }

  async function itemsByIds(ids: string[]): Promise<GameItem[]> {
    const snap = await snapshot();
    return ids.map((id) => snap.itemById.get(id)).filter((i): i is GameItem => i !== undefined);
  }

  async function buildWinners(size: number): Promise<RankList> {
    const snap = await snapshot();
    // Net wins, not payouts: a round that paid less than it staked is a loss, and a board of
    // R$ 0,10 "wins" on R$ 1 bets misleads. Net money (payout − stake) rather than a multiplier
    // (payout ÷ stake) because it is the figure a player reads as "won R$ X", and a multiplier
    // ranking would crown centavo stakes that hit a long shot over large real wins. Only money
    // that really moved (the ledger's entries); trial (free-play) accounts win demo money, which
    // never makes the public board.
    const wins = await ledger.findTopRoundWins({
      since: new Date(now() - WINNERS_WINDOW_MS),
      limit: size,
      members: memberViews.realMoneyAccounts(),
    });
    return {
      list: wins.map((w) => {
        const item = w.nodeId ? snap.itemById.get(w.nodeId) : undefined;
        return {
          account: maskAccount(w.account),
          vassalage: item?.vassalage ?? null,
          gameName: item?.gameName ?? null,
          amount: formatMinor(w.net, snap.scale),
          amountMinor: w.net.toString(),
          wonAt: w.createdAt.toISOString(),
        };
      }),
    };
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
    ...createCatalogueLicence({ snapshot, forbidden: forbiddenNow }),
    /** Every vendor as stored, disabled ones too (operators), in lobby order. */
    async listVendors(): Promise<CatalogueVendor[]> {
      return (await snapshot()).vendors;
    },

    /** GET /ops/games: a vendor's games as stored (disabled ones too), for operators, each marked when the licence hides it. */
    async listVendorGamesForOps(vassalage: string) {
      const vendor = await findVendorRow(db, vassalage);
      if (!vendor) throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'No such game vendor', { vassalage });
      const { currencyScale } = await system.getBrand();
      const games = await findVendorGames(db, vassalage);
      const [{ classes }, forbidden] = await Promise.all([snapshot(), forbiddenNow()]);
      return {
        vendor,
        games: games.map((g) => {
          const product = classes.get(g.nodeId);
          return {
            ...g,
            minBet: formatMinor(g.minBetMinor, currencyScale),
            minBetMinor: g.minBetMinor.toString(),
            hiddenByLicence: product !== undefined && forbidden.includes(product),
          };
        }),
      };
    },

    /** Tell the catalogue which house originals the licence hides for want of a certificate (services.ts, once the in-house games are built). */
    useUncertifiedGames(source: () => Promise<ReadonlySet<string>>): void {
      uncertifiedGames = source;
      evict();
    },

    /** Tell the catalogue which lottery games are a foreign lottery's draws (services.ts, once the lottery is built). */
    useForeignLotteries(source: () => Promise<ReadonlySet<string>>): void {
      foreignLotteries = source;
      evict();
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

    /** Put a launched game at the top of the player's recent games. */
    async recordRecentGame(memberId: string, nodeId: string, trx: Db = db): Promise<void> {
      const game = await findGameRow(trx, nodeId);
      if (!game) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game', { nodeId });
      await upsertRecentGame(trx, String(memberId), nodeId, new Date(now()));
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

    /** Add a favourite (idempotent). `vendor`/`gameType`, when sent, must describe the same game. */
    async addFavourite(
      memberId: string,
      input: { nodeId: string; vendor?: string | undefined; gameType?: string | undefined },
    ) {
      const item = await requireVisibleGame(input.nodeId);
      if (
        (input.vendor !== undefined && input.vendor !== item.vassalage) ||
        (input.gameType !== undefined && input.gameType !== item.gameType)
      ) {
        throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game for that vendor', { nodeId: input.nodeId });
      }
      await insertFavourite(db, String(memberId), item.nodeId);
      return { nodeId: item.nodeId, isFavourite: true };
    },

    /** Remove a favourite (idempotent: removing one that is not there succeeds). */
    async removeFavourite(memberId: string, input: { nodeId: string }) {
      await deleteFavourite(db, String(memberId), input.nodeId);
      return { nodeId: input.nodeId, isFavourite: false };
    },

    /** MCSFE_getFavoriteGames: the node ids of the player's favourites that are still listed. */
    async listFavouriteIds(memberId: string): Promise<string[]> {
      return (await itemsByIds(await findFavouriteIds(db, String(memberId)))).map((i) => i.nodeId);
    },

    /** MCSFE_getFavoriteGamesList: the player's favourite games, newest first. */
    async listFavourites(
      memberId: string,
      q: { pageNo: number; pageSize: number; gameType?: GameCategory | undefined },
    ): Promise<FavouriteList> {
      const items = (await itemsByIds(await findFavouriteIds(db, String(memberId)))).filter(
        (i) => q.gameType === undefined || i.gameType === q.gameType,
      );
      const { rows, totalPages } = page(items, q.pageNo, q.pageSize);
      return { content: rows, totalPages };
    },

    /** GCS_recentGame: the player's recently launched games, newest first. */
    async listRecentGames(
      memberId: string,
      q: { pageNo: number; pageSize: number; vassalage?: string | undefined },
    ): Promise<GameStrip> {
      const items = (await itemsByIds(await findRecentIds(db, String(memberId)))).filter(
        (i) => q.vassalage === undefined || i.vassalage === q.vassalage,
      );
      const { rows, totalPages } = page(items, q.pageNo, q.pageSize);
      return { list: rows, totalPages };
    },

    /**
     * GCSGAME_getRankList: the biggest net round wins (payout above stake) of the last 30 days, from the ledger. A public
     * call: one computation per 10 s per instance serves everyone (sharing the pending promise).
     */
    async listWinners(q: { size: number }): Promise<RankList> {
      const at = now();
      if (winners && winners.size === q.size && at - winners.at < WINNERS_CACHE_MS) return winners.board;
      const board = buildWinners(q.size);
      winners = { at, size: q.size, board };
      board.catch(() => {
        if (winners?.board === board) winners = undefined;
      });
      return board;
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
