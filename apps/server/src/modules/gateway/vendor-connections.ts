import type { Kysely } from 'kysely';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { findAdapters, type AdapterRow } from './gateway.repository';

/** The reference vendor's codes in the demo catalogue. */
export const SANDBOX_SEAMLESS = 'SBX';
export const SANDBOX_TRANSFER = 'SBT';
/** The reference vendor's PVP vendor: seamless wallet, with a room list at its API. */
export const SANDBOX_PVP = 'SBP';
/**
 * The reference vendor's fixed-odds event vendors (seamless wallet): a football match (SPORTS), an
 * e-sports match (ESPORTS) and a cockfight (COCKFIGHT), one game each.
 */
export const SANDBOX_EVENT_VENDORS = { sports: 'SBS', esports: 'SBE', cockfight: 'SBC' } as const;
const SANDBOX_CODES = new Set<string>([
  SANDBOX_SEAMLESS,
  SANDBOX_TRANSFER,
  SANDBOX_PVP,
  ...Object.values(SANDBOX_EVENT_VENDORS),
]);
export const isSandboxVendor = (vassalage: string) => SANDBOX_CODES.has(vassalage);

/** A vendor served by our own game engine: it calls `seamless` in-process, not over HTTP. */
/** What an in-house engine is told at launch: the game (its classify too), the launch token, the language, and the lottery's launch fields. */
export type InternalLaunch = {
  nodeId: string;
  classify: string;
  token: string;
  language: string;
  lottery: {
    prizeMode?: string | undefined;
    lottoArea?: string | undefined;
    playType?: string | undefined;
    view?: string | undefined;
  };
};
export type InternalVendor = {
  launchUrl: (input: InternalLaunch) => string;
  /** Refuses the launch of one of its games the licence in force does not let it offer (an uncertified house original). */
  refuseLaunch?: (nodeId: string) => Promise<void>;
};

/** Without the change feed (it is down, or a test runs without one) adapters are re-read this often. */
const UNWATCHED_CACHE_MS = 10_000;

/**
 * Which vendors the gateway can reach: the HTTP adapters (`vendor_adapters`) and our own engine's
 * vendors. The gateway launches and signs through it; the catalogue asks it which vendors players
 * may see (`connectedVendors`), so no player list names a vendor whose launch would be refused
 * with VENDOR_NOT_CONNECTED. Kept in memory and evicted on every instance through the change feed
 * (a trigger on `vendor_adapters`, migration 0210); `onChange` tells the catalogue.
 */
export function createVendorConnections(ctx: {
  db: Kysely<Database>;
  /** A refused reference vendor (production without ALLOW_SANDBOX_VENDOR) stays unconnected even if an earlier run stored its adapters. */
  isSandboxVendorAllowed: boolean;
  changeFeed?: Pick<ChangeFeed, 'isLive' | 'subscribe' | 'onReset'> | undefined;
}) {
  const { db, isSandboxVendorAllowed } = ctx;
  const feed = ctx.changeFeed;
  const internal = new Map<string, InternalVendor>();
  const listeners: (() => void)[] = [];
  let cached: { rows: Map<string, AdapterRow>; loadedAt: number } | undefined;
  // Bumped on every change, so a load that raced a change is not kept.
  let generation = 0;

  const evict = () => {
    generation++;
    cached = undefined;
    for (const listener of listeners) listener();
  };
  feed?.subscribe(CHANGE_CHANNELS.vendorAdapterChange, evict);
  feed?.onReset(evict);

  async function adapters(): Promise<Map<string, AdapterRow>> {
    if (cached && (feed?.isLive || Date.now() - cached.loadedAt < UNWATCHED_CACHE_MS)) return cached.rows;
    const started = generation;
    const rows = (await findAdapters(db)).filter((a) => isSandboxVendorAllowed || !isSandboxVendor(a.vassalage));
    const fresh = new Map(rows.map((a) => [a.vassalage, a]));
    if (started === generation) cached = { rows: fresh, loadedAt: Date.now() };
    return fresh;
  }

  return {
    /** A vendor's HTTP adapter (seamless or transfer); undefined when it has none. */
    findAdapter: async (vassalage: string): Promise<AdapterRow | undefined> => (await adapters()).get(vassalage),
    /** Every HTTP adapter. */
    listAdapters: async (): Promise<AdapterRow[]> => [...(await adapters()).values()],
    /** Our own engine's vendor, or undefined. */
    findInternal: (vassalage: string): InternalVendor | undefined => internal.get(vassalage),
    /** Let our own game engine launch through the gateway (vendor 'inhouse'): always connected. */
    registerInternal(vassalage: string, vendor: InternalVendor): void {
      internal.set(vassalage, vendor);
      evict();
    },
    /** The codes of every vendor a launch would reach: an adapter, or our own engine. */
    async connectedVendors(): Promise<ReadonlySet<string>> {
      return new Set([...internal.keys(), ...(await adapters()).keys()]);
    },
    /** Call `listener` whenever the set of connections may have changed (any instance's write, a feed reset). */
    onChange(listener: () => void): void {
      listeners.push(listener);
    },
    /** After this instance's own write committed: its next read sees it (other instances hear the trigger). */
    evict,
  };
}

export type VendorConnections = ReturnType<typeof createVendorConnections>;
