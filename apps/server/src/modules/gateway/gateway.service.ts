import crypto from 'node:crypto';
import { isTrialType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { ProductClass } from '@wps/shared/licence';
import { formatMinor } from '@wps/shared/money';
import type { LaunchGameBody, LaunchGameResult, VendorAuthenticateResult } from '@wps/shared/schemas/gateway';
import { launchGameBodySchema } from '@wps/shared/schemas/gateway';
import type { OpsVendorAdapter } from '@wps/shared/schemas/vendor-adapters';
import { parseEnv } from '../../config';
import { AppError } from '../../http/app-error';
import type { ChangeFeed } from '../../db/change-feed';
import type { DatabaseKind } from '../../db/database';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MemberService } from '../member/member.service';
import type { SessionService } from '../session/session.service';
import type { SystemService } from '../system/system.service';
import {
  consumeLaunchToken,
  deleteExpiredLaunchTokens,
  findAdapterForUpdate,
  findAdapters,
  insertLaunchToken,
  insertVendorSession,
  upsertAdapter,
  type AdapterRow,
  type StoredAdapter,
} from './gateway.repository';
import { createSeamlessService } from './seamless.service';
import type { SeamlessService, WinLimits } from './seamless.types';
import type { BetGuard } from './seamless.service';
import type { SeamlessProducts } from './seamless-product-bets';
import { sumMemberRounds } from './round-history';
import { createTransferWalletService } from './transfer-wallet.service';
import { createGatewayViews } from './gateway-views';
import { createPvpRooms } from './pvp-rooms';
import { createVendorSessions } from './vendor-sessions';
import {
  createVendorConnections,
  isSandboxVendor,
  SANDBOX_EVENT_VENDORS,
  SANDBOX_PVP,
  SANDBOX_SEAMLESS,
  SANDBOX_TRANSFER,
  type InternalVendor,
  type VendorConnections,
} from './vendor-connections';

/** What the gateway needs from the catalogue module. */
export type CataloguePort = {
  /** A launchable game and its vendor; throws GAME_NOT_FOUND, VENDOR_MAINTENANCE or GAME_MAINTENANCE. */
  getGame(nodeId: string): Promise<{
    game: { nodeId: string; vassalage: string; name: string; gameClassify: string };
    vendor: { vassalage: string; name: string };
  }>;
  /** A vendor that is open; throws VENDOR_NOT_FOUND or VENDOR_MAINTENANCE. */
  getVendor(vassalage: string): Promise<{ vassalage: string; name: string }>;
  recordRecentGame(memberId: string, nodeId: string): Promise<void>;
  /** A vendor as stored, whatever its status; undefined when the catalogue has none. */
  findVendor(vassalage: string): Promise<{ vassalage: string } | undefined>;
  /** Every vendor as stored (the PVP room list picks the PVP ones). */
  listVendors(): Promise<{ vassalage: string; name: string; category: string; status: string }[]>;
};

export {
  SANDBOX_EVENT_VENDORS,
  SANDBOX_PVP,
  SANDBOX_SEAMLESS,
  SANDBOX_TRANSFER,
  type InternalVendor,
} from './vendor-connections';

export type GatewaySettings = {
  /** The reference vendor (apps/vendor-sandbox): base URL and shared secret, or undefined (also when refused). */
  sandbox: { url: string; secret: string } | undefined;
  /**
   * Whether the reference vendor's codes (SBX, SBT) may be connected at all. Its control
   * endpoints and game page are a test door, so with NODE_ENV=production it is off unless
   * ALLOW_SANDBOX_VENDOR=1, as the sandbox payment gateway is without ALLOW_SANDBOX_GATEWAY=1:
   * the server still starts, SBX and SBT are not connected whatever adapters the database holds,
   * and start() logs why.
   */
  isSandboxVendorAllowed: boolean;
  /** Why the configured reference vendor is off (logged at start), or undefined. */
  sandboxRefusal: string | undefined;
  /** The cap on a single seamless win (VENDOR_MAX_WIN_MULTIPLE × the round's stake, VENDOR_MAX_WIN_MINOR). */
  winLimits: WinLimits;
  launchTokenSeconds: number;
  vendorSessionSeconds: number;
};

/**
 * Read the gateway settings from the environment (parsed by the config schema): VENDOR_SANDBOX_URL,
 * VENDOR_SANDBOX_SECRET (or the reference vendor `started` by the development start), ALLOW_SANDBOX_VENDOR, VENDOR_MAX_WIN_MULTIPLE (0 turns the multiple cap
 * off), VENDOR_MAX_WIN_MINOR.
 */
export function loadGatewaySettings(
  source?: NodeJS.ProcessEnv,
  started?: { url: string; secret: string },
): GatewaySettings {
  const env = parseEnv(source);
  // The reference vendor the development start launched itself (dev-vendor-sandbox.ts) takes the place of the variables.
  const url = (started?.url ?? env.VENDOR_SANDBOX_URL)?.replace(/\/+$/, '');
  const secret = started?.secret ?? env.VENDOR_SANDBOX_SECRET;
  const configured = url && secret ? { url, secret } : undefined;
  const isSandboxVendorAllowed = env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_VENDOR;
  const multiple = env.VENDOR_MAX_WIN_MULTIPLE;
  return {
    sandbox: isSandboxVendorAllowed ? configured : undefined,
    isSandboxVendorAllowed,
    sandboxRefusal:
      !isSandboxVendorAllowed && url
        ? `VENDOR_SANDBOX_URL is set, but the reference vendor (${SANDBOX_SEAMLESS}, ${SANDBOX_TRANSFER}) is off with NODE_ENV=production: its control endpoints and game page are test doors. Set ALLOW_SANDBOX_VENDOR=1 to connect it anyway.`
        : undefined,
    winLimits: { multiple: multiple > 0n ? multiple : null, maxMinor: env.VENDOR_MAX_WIN_MINOR ?? null },
    launchTokenSeconds: 60,
    vendorSessionSeconds: 12 * 3600,
  };
}

export type GatewayContext = Pick<AppContext, 'db' | 'log'> & {
  databaseKind: DatabaseKind;
  system: Pick<SystemService, 'getBrand'>;
  audit: Pick<AuditService, 'record'>;
  ledger: LedgerService;
  catalogue: CataloguePort;
  /** The member module answers a player's account name, type and status. */
  member: Pick<MemberService, 'findMemberBrief' | 'findMemberTypes'>;
  /** Launch tokens and vendor sessions hold only while their login session is live (session-views.ts). */
  session: Pick<SessionService, 'liveLoginSessions'>;
  settings: GatewaySettings;
  /** Evicts cached vendor sessions when login sessions end (vendor-sessions.ts). */
  changeFeed?: ChangeFeed;
  /** Which vendors are reachable, shared with the catalogue (services.ts); built here when absent. */
  connections?: VendorConnections;
  /** The players' own bet limits (responsible-gaming module), checked on every real-money bet. */
  betGuard?: BetGuard;
  /** Refuses a launch the licence does not allow now (a face check due: the KYC module); throws an AppError. */
  launchGuard?: (memberId: string) => Promise<void>;
  /** The products the licence allows (licence-products.ts, composed in services.ts). */
  products?: GatewayProducts;
};

/**
 * What the gateway asks about the products it launches and takes stakes on: their class (the
 * catalogue's, with the lottery's foreign draws) and the licence's word on it.
 */
export type GatewayProducts = SeamlessProducts & {
  /** A vendor's class of product (money sent to a PVP vendor's wallet is staked on P2P tables); null for none. */
  vendorClassOf(vassalage: string): Promise<ProductClass | null>;
  /** The classes the licence in force forbids (this instance's copy): the PVP room list hides P2P tables. */
  forbidden(): Promise<readonly ProductClass[]>;
  /** Refuses (LICENCE_REFUSED) the launch of a product the licence in force forbids. */
  refuseLaunch(product: ProductClass | null): Promise<void>;
};

/** Who changes an adapter (audit log). */
export type GatewayActor = { actorType: 'operator' | 'system'; actorId: string | null };

/** An adapter as shown to operators and written to the audit log: the secret only as a fingerprint. */
export type AdapterView = OpsVendorAdapter;

/** A change of a vendor's adapter; without `secret` the stored one is kept. */
export type AdapterChange = Omit<AdapterRow, 'secret'> & { secret?: string | undefined };

/** The fields named one by one, so nothing the row gains later reaches a screen or the audit log by accident. */
function toAdapterView(a: StoredAdapter): AdapterView {
  return {
    vassalage: a.vassalage,
    walletModel: a.walletModel,
    launchUrl: a.launchUrl,
    apiUrl: a.apiUrl,
    requestTimeoutMs: a.requestTimeoutMs,
    secretFingerprint: crypto.createHash('sha256').update(a.secret).digest('hex').slice(0, 12),
    secretSetAt: a.secretSetAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** A refused adapter change, in the shape of the request checks' field errors. */
function invalidAdapter(field: string, message: string, detail: string): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, detail, { fields: [{ field, message }] });
}

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The vendor gateway: adapters, launch tokens, vendor sessions, the seamless wallet and the transfer wallet. */
export function createGatewayService(ctx: GatewayContext) {
  const { db, catalogue, settings } = ctx;
  const connections =
    ctx.connections ??
    createVendorConnections({
      db,
      isSandboxVendorAllowed: settings.isSandboxVendorAllowed,
      changeFeed: ctx.changeFeed,
    });
  const { findAdapter } = connections;
  const vendorSessions = createVendorSessions({
    db,
    liveLoginSessions: ctx.session.liveLoginSessions,
    changeFeed: ctx.changeFeed,
  });

  const seamless: SeamlessService = createSeamlessService({
    ...ctx,
    winLimits: settings.winLimits,
    products: ctx.products,
  });

  /** Every transfer-wallet adapter. */
  async function listTransferAdapters(): Promise<AdapterRow[]> {
    return (await connections.listAdapters()).filter((a) => a.walletModel === 'transfer');
  }

  /** Create or replace a vendor's adapter (tests, and the sandbox settings at start). */
  async function configureAdapter(adapter: AdapterRow): Promise<void> {
    await upsertAdapter(db, adapter);
    connections.evict();
  }

  /**
   * An operator's change of a vendor adapter (the back office and `npm run ops -- vendor:adapter`),
   * with its audit entry. The secret is required to connect a vendor; a change without one keeps
   * the stored secret. The audit entry and the answer show it only as a fingerprint.
   */
  async function setAdapter(actor: GatewayActor, change: AdapterChange, reason: string): Promise<AdapterView> {
    const { vassalage } = change;
    if (!settings.isSandboxVendorAllowed && isSandboxVendor(vassalage)) {
      throw new AppError(
        ErrorCode.VENDOR_NOT_FOUND,
        'The reference vendor is off in production (ALLOW_SANDBOX_VENDOR=1 allows it)',
        { vassalage },
      );
    }
    // Our own engine's vendor calls the wallet in-process: an HTTP adapter would open signed money callbacks for it.
    if (connections.findInternal(vassalage))
      throw invalidAdapter(
        'params.vassalage',
        'internal',
        'This vendor is served by our own game engine and takes no adapter',
      );
    if (!(await catalogue.findVendor(vassalage))) {
      throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'No such vendor in the catalogue', { vassalage });
    }
    const stored = await db.transaction().execute(async (t) => {
      const before = await findAdapterForUpdate(t, vassalage);
      const secret = change.secret ?? before?.secret;
      if (secret === undefined)
        throw invalidAdapter('body.secret', 'required', 'Connecting a vendor needs its shared secret');
      await upsertAdapter(t, {
        vassalage,
        walletModel: change.walletModel,
        launchUrl: change.launchUrl,
        apiUrl: change.apiUrl,
        requestTimeoutMs: change.requestTimeoutMs,
        secret,
      });
      const after = await findAdapterForUpdate(t, vassalage);
      if (!after) throw new Error('gateway: adapter not found after its upsert');
      await ctx.audit.record(t, {
        ...actor,
        action: 'vendor_adapter.set',
        subjectType: 'vendor',
        subjectId: vassalage,
        reason,
        before: before ? toAdapterView(before) : null,
        after: toAdapterView(after),
      });
      return after;
    });
    connections.evict();
    return toAdapterView(stored);
  }

  const transfers = createTransferWalletService({ ...ctx, findAdapter, listTransferAdapters, products: ctx.products });
  const rooms = createPvpRooms({
    catalogue,
    findAdapter,
    brand: () => ctx.system.getBrand(),
    log: ctx.log,
    forbidden: ctx.products?.forbidden,
  });

  /** Register the reference vendor's adapters (those its demo vendors are in the catalogue for) when VENDOR_SANDBOX_URL and _SECRET are set. */
  async function start(): Promise<void> {
    if (!settings.isSandboxVendorAllowed) {
      const stored = (await findAdapters(db)).filter((a) => isSandboxVendor(a.vassalage)).map((a) => a.vassalage);
      if (settings.sandboxRefusal) ctx.log.warn(settings.sandboxRefusal);
      else if (stored.length > 0) {
        ctx.log.warn(
          `The reference vendor's stored adapters (${stored.join(', ')}) are ignored with NODE_ENV=production; set ALLOW_SANDBOX_VENDOR=1 to connect them.`,
        );
      }
      return;
    }
    if (!settings.sandbox) return;
    const { url, secret } = settings.sandbox;
    const vendors = await Promise.all(
      [SANDBOX_SEAMLESS, SANDBOX_TRANSFER, SANDBOX_PVP, ...Object.values(SANDBOX_EVENT_VENDORS)].map((vassalage) =>
        catalogue.findVendor(vassalage),
      ),
    );
    const present = new Set(vendors.flatMap((v) => (v ? [v.vassalage] : [])));
    if (present.has(SANDBOX_SEAMLESS)) {
      await configureAdapter({
        vassalage: SANDBOX_SEAMLESS,
        walletModel: 'seamless',
        launchUrl: `${url}/play`,
        apiUrl: null,
        secret,
        requestTimeoutMs: 5000,
      });
    }
    if (present.has(SANDBOX_TRANSFER)) {
      await configureAdapter({
        vassalage: SANDBOX_TRANSFER,
        walletModel: 'transfer',
        launchUrl: `${url}/play`,
        apiUrl: `${url}/api`,
        secret,
        requestTimeoutMs: 5000,
      });
    }
    // The PVP vendor's money moves through the seamless callbacks; its API serves only the room list.
    if (present.has(SANDBOX_PVP)) {
      await configureAdapter({
        vassalage: SANDBOX_PVP,
        walletModel: 'seamless',
        launchUrl: `${url}/play`,
        apiUrl: `${url}/api`,
        secret,
        requestTimeoutMs: 5000,
      });
    }
    // The event games (football, e-sports, cockfight) take stakes and pay through the seamless callbacks alone.
    for (const vassalage of Object.values(SANDBOX_EVENT_VENDORS)) {
      if (!present.has(vassalage)) continue;
      await configureAdapter({
        vassalage,
        walletModel: 'seamless',
        launchUrl: `${url}/play`,
        apiUrl: null,
        secret,
        requestTimeoutMs: 5000,
      });
    }
  }

  /**
   * POST /wps/game/launchGame: a 60-second, single-use launch token bound to the player, the game
   * and the vendor, in the URL the web frames. Trial accounts play only our in-house games,
   * whose play money never leaves our ledger. The token and the game session it opens end with
   * the login session `member.sessionId`.
   */
  async function launchGame(
    member: { memberId: string; type: number; sessionId: string },
    body: LaunchGameBody,
    language: string,
  ): Promise<LaunchGameResult> {
    const input = launchGameBodySchema.parse(body);
    const { game, vendor } = await catalogue.getGame(input.nodeId);
    if (vendor.vassalage !== input.vassalage)
      throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game at this vendor', { nodeId: input.nodeId });
    // A product the licence forbids (BR: a P2P table, a foreign lottery's draw) is not launched.
    if (ctx.products) await ctx.products.refuseLaunch(await ctx.products.classOf(game.nodeId));
    const inHouse = connections.findInternal(vendor.vassalage);
    await inHouse?.refuseLaunch?.(game.nodeId);
    const adapter = inHouse ? undefined : await findAdapter(vendor.vassalage);
    if (!inHouse && !adapter)
      throw new AppError(ErrorCode.VENDOR_NOT_CONNECTED, 'This vendor is not connected yet', {
        vassalage: vendor.vassalage,
      });
    if (isTrialType(member.type) && !inHouse)
      throw new AppError(ErrorCode.NEED_TRUE_ACCOUNT, 'Free play is only for in-house games');
    await ctx.launchGuard?.(String(member.memberId));
    // A PVP launch names a table: the vendor must list it for this game, with a seat free.
    const room = input.roomId ? await rooms.requireJoinable(vendor, game.nodeId, input.roomId) : undefined;
    const token = crypto.randomBytes(32).toString('hex');
    await insertLaunchToken(db, {
      tokenHash: hashToken(token),
      memberId: String(member.memberId),
      loginSessionId: String(member.sessionId),
      vassalage: vendor.vassalage,
      nodeId: game.nodeId,
      expiresAt: new Date(Date.now() + settings.launchTokenSeconds * 1000),
    });
    await catalogue.recordRecentGame(String(member.memberId), game.nodeId);
    const lang = /^[A-Za-z-]{2,16}$/.test(input.language ?? language) ? (input.language ?? language) : 'pt';
    let url: string;
    if (inHouse) {
      url = inHouse.launchUrl({
        nodeId: game.nodeId,
        classify: game.gameClassify,
        token,
        language: lang,
        lottery: { prizeMode: input.prizeMode, lottoArea: input.lottoArea, playType: input.playType, view: input.view },
      });
    } else {
      const u = new URL(adapter!.launchUrl);
      u.searchParams.set('token', token);
      u.searchParams.set('game', game.nodeId);
      u.searchParams.set('vendor', vendor.vassalage);
      u.searchParams.set('lang', lang);
      if (room) u.searchParams.set('room', room.roomId);
      url = u.toString();
    }
    return { game_url: url, content: url, expiresIn: settings.launchTokenSeconds };
  }

  /** Exchange a launch token (once) for a vendor session. */
  async function authenticate(vassalage: string, launchToken: string): Promise<VendorAuthenticateResult> {
    const used = await consumeLaunchToken(db, ctx.session.liveLoginSessions, hashToken(launchToken), vassalage);
    if (!used) throw new AppError(ErrorCode.VENDOR_TOKEN_INVALID, 'The launch token is unknown, used or expired');
    const brief = await ctx.member.findMemberBrief(used.memberId);
    if (!brief || brief.status !== 'active')
      throw new AppError(ErrorCode.VENDOR_TOKEN_INVALID, 'The player cannot play now');
    const sessionToken = crypto.randomBytes(32).toString('hex');
    const expiresAt = new Date(Date.now() + settings.vendorSessionSeconds * 1000);
    await insertVendorSession(db, {
      tokenHash: hashToken(sessionToken),
      memberId: used.memberId,
      loginSessionId: used.loginSessionId,
      vassalage,
      nodeId: used.nodeId,
      expiresAt,
    });
    const brand = await ctx.system.getBrand();
    const balance = await ctx.ledger.getPlayerBalance(used.memberId, brand.currency);
    return {
      sessionToken,
      playerId: used.memberId,
      nickname: brief.nickname ?? brief.account,
      gameId: used.nodeId,
      currency: brand.currency,
      balance: formatMinor(balance, brand.currencyScale),
      balanceMinor: balance.toString(),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The player of a live vendor session; VENDOR_TOKEN_INVALID when unknown, expired, ended with its login, or another player's. */
  async function requireVendorSession(
    vassalage: string,
    sessionToken: string,
    playerId: string,
  ): Promise<{ memberId: string; nodeId: string }> {
    return vendorSessions.require(vassalage, hashToken(sessionToken), playerId);
  }

  return {
    seamless,
    transfers,
    /** PVP rooms read from their vendors (GLS2_roomList, a launch with roomId). */
    rooms,
    start,
    findAdapter,
    configureAdapter,
    setAdapter,
    /** Every adapter, secrets as fingerprints. */
    listAdapters: async (): Promise<AdapterView[]> => (await findAdapters(db)).map(toAdapterView),
    /** Let our own game engine launch through the gateway (vendor 'inhouse'). */
    registerInternalVendor(vassalage: string, vendor: InternalVendor): void {
      connections.registerInternal(vassalage, vendor);
    },
    launchGame,
    authenticate,
    requireVendorSession,
    /** Drop launch tokens that expired more than a minute ago. */
    purgeLaunchTokens: (now = new Date()) => deleteExpiredLaunchTokens(db, new Date(now.getTime() - 60_000)),
    /** For the bet record's statements: the round records (gateway-views.ts). */
    gameRounds: createGatewayViews(ctx).gameRounds,
    /** A member's rounds' stakes, wins and refunds since each instant (loss limits, the reality check). */
    sumMemberRounds: (memberId: string, since: Date[], trx: Kysely<Database> = db) =>
      sumMemberRounds(trx, String(memberId), since),
  };
}

export type GatewayService = ReturnType<typeof createGatewayService>;
