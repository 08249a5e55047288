import { z } from 'zod';
import { GAME_CATEGORIES, GAME_LIST_PAGE_SIZE, VENDOR_GROUPS, type GameCategory } from '../catalogue-constants';

// Defined without zod in catalogue-constants (the web imports them there); re-exported for the server.
export { GAME_CATEGORIES, GAME_LIST_PAGE_SIZE, VENDOR_GROUPS, type GameCategory };

export const WALLET_MODELS = ['seamless', 'transfer'] as const;
export type WalletModel = (typeof WALLET_MODELS)[number];

/** A vendor or game: shown and launchable, shown with the maintenance message, or hidden. */
export const CATALOGUE_STATUSES = ['active', 'maintenance', 'disabled'] as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];

const vassalageSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'vassalage');
const nodeIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'nodeId');
const categorySchema = z.enum(GAME_CATEGORIES);
/** Optional text filters: the original client sends '' for "no filter". */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
/** Amounts cross the wire as decimal strings in major units (docs/decisions.md "Money on the wire"). */
const amountFilter = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'amount'));

/** POST /wps/relay/GCSGAME_newGameVendor. */
export const vendorLanesRequestSchema = z.object({ platform: optionalFilter(z.string().max(32)) });

export const vendorCardSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  category: categorySchema,
  walletModel: z.enum(WALLET_MODELS),
  /** hotVendor is the cards with isHot equal 1. */
  isHot: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(CATALOGUE_STATUSES),
  logo: z.string(),
  gameCount: z.number().int(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const vendorLaneSchema = z.object({
  title: categorySchema,
  gameClassify: z.string(),
  cards: z.array(vendorCardSchema),
});
export type VendorLane = z.infer<typeof vendorLaneSchema>;
export const vendorLanesSchema = z.object({ lanes: z.array(vendorLaneSchema) });
export type VendorLanes = z.infer<typeof vendorLanesSchema>;

/** POST /wps/relay/GCSGAME_gameList. Client-only fields (clientType, channel, language…) are stripped. */
export const gameListRequestSchema = z.object({
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(GAME_LIST_PAGE_SIZE),
  vassalage: optionalFilter(vassalageSchema),
  gameType: optionalFilter(categorySchema),
  gameClassify: optionalFilter(z.string().trim().max(32)),
  gameName: optionalFilter(z.string().trim().max(64)),
  /** Games whose minimum bet is at most this amount (what a player with that stake can play). */
  minBet: optionalFilter(amountFilter),
  minLineNum: optionalFilter(z.coerce.number().int().min(0).max(10_000)),
});
export type GameListRequest = z.input<typeof gameListRequestSchema>;

/** 100 % in basis points: an RTP is stated between 0 and this. */
export const RTP_MAX_BPS = 10_000;

export const gameItemSchema = z.object({
  nodeId: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameType: z.string(),
  gameClassify: z.string(),
  gameName: z.string(),
  image: z.string(),
  minBet: z.string(),
  minBetMinor: z.string(),
  minLineNum: z.number().int(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** Return to player in basis points (9650 = 96.50 %), as the operator states it; null when not stated. */
  rtpBps: z.number().int().nullable(),
  /** The game's own status, or 'maintenance' when its vendor is under maintenance. */
  status: z.enum(CATALOGUE_STATUSES),
});
export type GameItem = z.infer<typeof gameItemSchema>;

export const gameListSchema = z.object({
  games: z.array(gameItemSchema),
  pageNo: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type GameList = z.infer<typeof gameListSchema>;

/** POST /wps/relay/GCSGAME_hotGamesV2 (public). merchantCode, isPlatform, platform, language are accepted and ignored. */
export const hotGamesRequestSchema = z.object({
  vassalage: optionalFilter(vassalageSchema),
  gameType: optionalFilter(categorySchema),
});
export const gameStripSchema = z.object({ list: z.array(gameItemSchema), totalPages: z.number().int() });
export type GameStrip = z.infer<typeof gameStripSchema>;

/** POST /wps/relay/GCSGAME_getVassGameType. */
export const vendorClassifyRequestSchema = z.object({ vassalage: vassalageSchema });
export const vendorClassifySchema = z.object({
  vassalage: z.string(),
  list: z.array(z.object({ gameClassify: z.string(), count: z.number().int() })),
});
export type VendorClassify = z.infer<typeof vendorClassifySchema>;

/** Favourite add/remove: data nodeId, vendor, gameType. vendor and gameType must match the game. */
export const favouriteChangeSchema = z.object({
  nodeId: nodeIdSchema,
  vendor: optionalFilter(vassalageSchema),
  gameType: optionalFilter(z.string().trim().max(32)),
});
export type FavouriteChange = z.input<typeof favouriteChangeSchema>;
export const favouriteStateSchema = z.object({ nodeId: z.string(), isFavourite: z.boolean() });

/** POST /wps/relay/MCSFE_getFavoriteGamesList. */
export const favouriteListRequestSchema = z.object({
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(GAME_LIST_PAGE_SIZE),
  gameType: optionalFilter(categorySchema),
});
export const favouriteListSchema = z.object({ content: z.array(gameItemSchema), totalPages: z.number().int() });
export type FavouriteList = z.infer<typeof favouriteListSchema>;

/** POST /wps/relay/GCS_recentGame. */
export const recentGamesRequestSchema = z.object({
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  vassalage: optionalFilter(vassalageSchema),
});

/** POST /wps/relay/GCSGAME_getRankList: the winners board. */
export const rankListRequestSchema = z.object({ size: z.coerce.number().int().min(1).max(50).default(20) });
export const rankEntrySchema = z.object({
  /** Masked account name: a winners board must not publish usernames. */
  account: z.string(),
  vassalage: z.string().nullable(),
  gameName: z.string().nullable(),
  amount: z.string(),
  amountMinor: z.string(),
  wonAt: z.string(),
});
export const rankListSchema = z.object({ list: z.array(rankEntrySchema) });
export type RankList = z.infer<typeof rankListSchema>;
export type RankEntry = z.infer<typeof rankEntrySchema>;

/** PUT /ops/vendors/:vassalage/status and PUT /ops/games/:nodeId/status. */
export const catalogueStatusChangeSchema = z.object({
  status: z.enum(CATALOGUE_STATUSES),
  reason: z.string().trim().min(1).max(500),
});
/**
 * PUT /ops/vendors/:vassalage/settings: where a vendor stands in the lobby. Only the fields sent
 * change; at least one must be sent. `category` moves it to another lobby section.
 */
export const vendorSettingsBodySchema = z
  .object({
    category: categorySchema.optional(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
    isHot: z.boolean().optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .refine((b) => b.category !== undefined || b.sortOrder !== undefined || b.isHot !== undefined, {
    message: 'nothing to change',
    path: ['sortOrder'],
  });
export type VendorSettingsBody = z.infer<typeof vendorSettingsBodySchema>;

/** PUT /ops/games/:nodeId/settings: a game's order, hot flag and minimum bet (minor units). Only the fields sent change. */
export const gameSettingsBodySchema = z
  .object({
    sort: z.number().int().min(0).max(100_000).optional(),
    isHot: z.boolean().optional(),
    minBetMinor: z
      .string()
      .regex(/^\d{1,18}$/, 'integer minor units')
      .optional(),
    /** Return to player in basis points, 0–10000 (0–100 %). */
    rtpBps: z.number().int().min(0).max(RTP_MAX_BPS).optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .refine(
    (b) => b.sort !== undefined || b.isHot !== undefined || b.minBetMinor !== undefined || b.rtpBps !== undefined,
    {
      message: 'nothing to change',
      path: ['sort'],
    },
  );
export type GameSettingsBody = z.infer<typeof gameSettingsBodySchema>;

/** The answer to a settings change: the stored fields before and after. */
export const catalogueSettingsChangeResultSchema = z.object({
  id: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});

export const vendorParamsSchema = z.object({ vassalage: vassalageSchema });
export const gameParamsSchema = z.object({ nodeId: nodeIdSchema });

/** GET /ops/games: every game of a vendor (disabled ones too) with its own status. */
export const opsGamesQuerySchema = z.object({ vassalage: vassalageSchema });

/** A vendor as stored (GET /ops/vendors, GET /ops/games), disabled ones too. */
export const opsVendorSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  category: categorySchema,
  walletModel: z.enum(WALLET_MODELS),
  status: z.enum(CATALOGUE_STATUSES),
  sortOrder: z.number().int(),
  isHot: z.boolean(),
});

/** GET /ops/vendors: a vendor, and whether the licence in force hides it from players (BR: a PVP vendor's P2P tables). */
export const opsVendorListItemSchema = opsVendorSchema.extend({ hiddenByLicence: z.boolean() });

/** GET /ops/games?vassalage=: the vendor and its games as stored; the minimum bet in major and minor units. */
export const opsVendorGamesSchema = z.object({
  vendor: opsVendorSchema,
  games: z.array(
    z.object({
      nodeId: z.string(),
      vassalage: z.string(),
      gameType: z.string(),
      gameClassify: z.string(),
      name: z.string(),
      image: z.string(),
      minBet: z.string(),
      minBetMinor: z.string(),
      minLineNum: z.number().int(),
      status: z.enum(CATALOGUE_STATUSES),
      sort: z.number().int(),
      isHot: z.boolean(),
      rtpBps: z.number().int().nullable(),
      /** Whether the licence in force hides the game from players (BR: a P2P table, a foreign lottery's draw). */
      hiddenByLicence: z.boolean(),
    }),
  ),
});

/** PUT /ops/vendors/:vassalage/status and PUT /ops/games/:nodeId/status: the status before and after. */
export const vendorStatusChangeResultSchema = z.object({
  vassalage: z.string(),
  before: z.enum(CATALOGUE_STATUSES),
  status: z.enum(CATALOGUE_STATUSES),
});
export const gameStatusChangeResultSchema = z.object({
  nodeId: z.string(),
  before: z.enum(CATALOGUE_STATUSES),
  status: z.enum(CATALOGUE_STATUSES),
});
