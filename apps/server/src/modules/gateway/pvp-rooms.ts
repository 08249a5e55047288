import { ErrorCode } from '@wps/shared/error-codes';
import type { ProductClass } from '@wps/shared/licence';
import { formatMinor } from '@wps/shared/money';
import {
  isRoomJoinable,
  roomListRequestSchema,
  vendorRoomListSchema,
  type Room,
  type RoomList,
  type RoomListRequest,
} from '@wps/shared/schemas/pvp';
import type { Logger } from 'pino';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import type { AdapterRow } from './gateway.repository';
import { callVendor } from './vendor-client';

/** What the room list needs from the catalogue: the PVP vendors and their launchable games. */
export type PvpCataloguePort = {
  listVendors(): Promise<{ vassalage: string; name: string; category: string; status: string }[]>;
  getVendor(vassalage: string): Promise<{ vassalage: string; name: string }>;
  getGame(
    nodeId: string,
  ): Promise<{ game: { nodeId: string; vassalage: string; name: string }; vendor: { vassalage: string } }>;
};

type VendorRoom = RoomList['rooms'][number];

/** A stake filter in minor units; more decimals than the currency has is the caller's mistake (400). */
function stakeFilter(field: 'minStake' | 'maxStake', value: string | undefined, scale: number): bigint | undefined {
  return value === undefined ? undefined : amountFromWire(value, { field: `body.${field}`, scale, allowZero: true });
}

/**
 * How long one vendor's room list is reused. Seats change as players sit down, so the copy is
 * short: it only spares the vendor a call per player when many open the lobby at once (and the
 * lobby's refresh every few seconds), while a launch re-reads the vendor when the copy is older.
 */
export const ROOM_LIST_CACHE_MS = 3_000;

/**
 * The PVP rooms of docs/vendor-api.md "PVP rooms": each PVP vendor's tables read from the vendor
 * (`POST <api>/rooms/list`, signed), never stored on our side. Per vendor one call at a time and a
 * copy for ROOM_LIST_CACHE_MS, per instance.
 */
export function createPvpRooms(ctx: {
  catalogue: PvpCataloguePort;
  findAdapter: (vassalage: string) => Promise<AdapterRow | undefined>;
  brand: () => Promise<{ currency: string; currencyScale: number }>;
  log: Pick<Logger, 'warn'>;
  cacheMs?: number;
  /** The product classes the licence in force forbids: under one that forbids P2P tables no room is listed. */
  forbidden?: (() => Promise<readonly ProductClass[]>) | undefined;
}) {
  const cacheMs = ctx.cacheMs ?? ROOM_LIST_CACHE_MS;
  const copies = new Map<string, { at: number; rooms: Promise<VendorRoom[]> }>();

  /** One PVP vendor's rooms whose game is in the catalogue and open; VENDOR_UNAVAILABLE when the vendor does not answer. */
  async function fetchVendorRooms(vendor: { vassalage: string; name: string }): Promise<VendorRoom[]> {
    const adapter = await ctx.findAdapter(vendor.vassalage);
    if (!adapter?.apiUrl)
      throw new AppError(ErrorCode.VENDOR_NOT_CONNECTED, 'This vendor is not connected yet', {
        vassalage: vendor.vassalage,
      });
    const outcome = await callVendor<unknown>(adapter, '/rooms/list', {});
    const parsed = outcome.kind === 'ok' ? vendorRoomListSchema.safeParse(outcome.value) : undefined;
    if (!parsed?.success) {
      ctx.log.warn(
        {
          vassalage: vendor.vassalage,
          outcome: outcome.kind,
          error:
            outcome.kind === 'ok'
              ? 'unreadable room list'
              : outcome.kind === 'refused'
                ? outcome.errorCode
                : outcome.error,
        },
        'PVP room list failed',
      );
      throw new AppError(ErrorCode.VENDOR_UNAVAILABLE, 'The vendor did not answer with its rooms', {
        vassalage: vendor.vassalage,
      });
    }
    const scale = (await ctx.brand()).currencyScale;
    const rooms: VendorRoom[] = [];
    for (const r of parsed.data.rooms) {
      // A room of a game we do not offer (unknown, disabled, under maintenance, another vendor's) is not shown.
      const game = await ctx.catalogue.getGame(r.gameId).catch(() => undefined);
      if (!game || game.vendor.vassalage !== vendor.vassalage) continue;
      const seatsTaken = Math.min(r.seatsTaken, r.seats);
      const room = {
        roomId: r.roomId,
        vassalage: vendor.vassalage,
        vendorName: vendor.name,
        nodeId: game.game.nodeId,
        gameName: game.game.name,
        name: r.name,
        minStake: formatMinor(BigInt(r.minStakeMinor), scale),
        maxStake: formatMinor(BigInt(r.maxStakeMinor), scale),
        minStakeMinor: r.minStakeMinor,
        maxStakeMinor: r.maxStakeMinor,
        blinds: r.blinds
          ? {
              small: formatMinor(BigInt(r.blinds.smallMinor), scale),
              big: formatMinor(BigInt(r.blinds.bigMinor), scale),
            }
          : null,
        seats: r.seats,
        seatsTaken,
        seatsFree: r.seats - seatsTaken,
        status: r.status,
      };
      rooms.push({ ...room, joinable: isRoomJoinable(room) });
    }
    return rooms;
  }

  /** The vendor's rooms, from the copy when it is younger than `maxAgeMs`. */
  function vendorRooms(vendor: { vassalage: string; name: string }, maxAgeMs = cacheMs): Promise<VendorRoom[]> {
    const copy = copies.get(vendor.vassalage);
    if (copy && Date.now() - copy.at < maxAgeMs) return copy.rooms;
    const rooms = fetchVendorRooms(vendor);
    const entry = { at: Date.now(), rooms };
    copies.set(vendor.vassalage, entry);
    // A failed call is not reused: the next request asks the vendor again.
    rooms.catch(() => {
      if (copies.get(vendor.vassalage) === entry) copies.delete(vendor.vassalage);
    });
    return rooms;
  }

  /** The PVP vendors a player may use now (open and connected with an API), or the one asked for. */
  async function pvpVendors(vassalage: string | undefined): Promise<{ vassalage: string; name: string }[]> {
    const all = (await ctx.catalogue.listVendors()).filter((v) => v.category === 'PVP');
    if (vassalage !== undefined) {
      const vendor = all.find((v) => v.vassalage === vassalage);
      if (!vendor) throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'No such PVP vendor', { vassalage });
      return [await ctx.catalogue.getVendor(vassalage)];
    }
    const open = all.filter((v) => v.status === 'active');
    const connected = await Promise.all(
      open.map(async (v) => ((await ctx.findAdapter(v.vassalage))?.apiUrl ? v : undefined)),
    );
    return connected.filter((v): v is NonNullable<typeof v> => v !== undefined);
  }

  return {
    /** POST /wps/relay/GLS2_roomList. */
    async list(body: RoomListRequest): Promise<RoomList> {
      const input = roomListRequestSchema.parse(body);
      const { currency, currencyScale: scale } = await ctx.brand();
      // Every room is a P2P table: a licence that forbids them lists none, and no vendor is asked.
      const forbidden: readonly ProductClass[] = (await ctx.forbidden?.()) ?? [];
      if (forbidden.includes('p2p_table')) return { currency, rooms: [], games: [] };
      const vendors = await pvpVendors(input.vassalage);
      const perVendor = await Promise.all(
        vendors.map((v) =>
          vendorRooms(v).catch((err: unknown) => {
            // One vendor down does not hide the others' rooms; a vendor asked for by name answers its failure.
            if (input.vassalage !== undefined) throw err;
            return [];
          }),
        ),
      );
      const all = perVendor.flat();
      const games = new Map(
        all.map((r) => [r.nodeId, { nodeId: r.nodeId, vassalage: r.vassalage, gameName: r.gameName }]),
      );
      const min = stakeFilter('minStake', input.minStake, scale);
      const max = stakeFilter('maxStake', input.maxStake, scale);
      const rooms = all.filter(
        (r: Room) =>
          (input.nodeId === undefined || r.nodeId === input.nodeId) &&
          (input.status === undefined || input.status.length === 0 || input.status.includes(r.status)) &&
          // Rooms whose stake range meets the range the player asked for.
          (min === undefined || BigInt(r.maxStakeMinor) >= min) &&
          (max === undefined || BigInt(r.minStakeMinor) <= max) &&
          (input.seatsFree === undefined || r.seatsFree >= input.seatsFree),
      );
      return { currency, rooms, games: [...games.values()] };
    },

    /**
     * The room a launch names, read fresh from the vendor when the copy is older than a second:
     * ROOM_NOT_FOUND when the vendor lists no such room for this game, ROOM_NOT_JOINABLE when it is
     * full or closed.
     */
    async requireJoinable(vendor: { vassalage: string; name: string }, nodeId: string, roomId: string): Promise<Room> {
      const rooms = await vendorRooms(vendor, 1_000);
      const room = rooms.find((r) => r.roomId === roomId && r.nodeId === nodeId);
      if (!room)
        throw new AppError(ErrorCode.ROOM_NOT_FOUND, 'The vendor lists no such room for this game', { roomId });
      if (!room.joinable)
        throw new AppError(ErrorCode.ROOM_NOT_JOINABLE, 'The room is full or closed', { roomId, status: room.status });
      // The seat the player takes shows in the next list.
      copies.delete(vendor.vassalage);
      return room;
    },
  };
}

export type PvpRooms = ReturnType<typeof createPvpRooms>;
