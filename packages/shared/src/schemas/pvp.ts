import { z } from 'zod';

/** A PVP table's state at its vendor: seats left, seats all taken, a hand under way (seats may still be free), not playing. */
export const ROOM_STATUSES = ['open', 'full', 'playing', 'closed'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** Joinable rooms: a seat is free and the table plays (a hand under way seats the player for the next one). */
export const isRoomJoinable = (room: { status: RoomStatus; seatsTaken: number; seats: number }) =>
  (room.status === 'open' || room.status === 'playing') && room.seatsTaken < room.seats;

/** The original client sends '' for "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** Amounts cross the wire as decimal strings in major units (docs/decisions.md "Money on the wire"). */
const amount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'amount'));

/**
 * POST /wps/relay/GLS2_roomList (token): the rooms of the PVP vendors (or of one), as their vendors
 * list them now. Filters: a game, statuses, a stake the player wants to play (rooms whose stake range
 * meets [minStake, maxStake]) and at least `seatsFree` free seats.
 */
export const roomListRequestSchema = z
  .object({
    vassalage: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, 'vassalage'),
    ),
    nodeId: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'nodeId'),
    ),
    status: optional(z.array(z.enum(ROOM_STATUSES)).max(ROOM_STATUSES.length)),
    minStake: optional(amount),
    maxStake: optional(amount),
    seatsFree: optional(z.coerce.number().int().min(1).max(1000)),
    language: z.string().max(16).optional(),
  })
  .refine((b) => b.minStake === undefined || b.maxStake === undefined || Number(b.minStake) <= Number(b.maxStake), {
    message: 'minStake must not exceed maxStake',
    path: ['maxStake'],
  });
export type RoomListRequest = z.input<typeof roomListRequestSchema>;

export const roomSchema = z.object({
  roomId: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  /** The catalogue game the room plays (the launch's nodeId). */
  nodeId: z.string(),
  gameName: z.string(),
  name: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
  minStakeMinor: z.string(),
  maxStakeMinor: z.string(),
  /** Poker tables: the small and big blind; null for a game played by stake range. */
  blinds: z.object({ small: z.string(), big: z.string() }).nullable(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  seatsFree: z.number().int(),
  status: z.enum(ROOM_STATUSES),
  joinable: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomListSchema = z.object({
  /** The operator's currency the stakes are in (ISO 4217). */
  currency: z.string(),
  rooms: z.array(roomSchema),
  /** The PVP games the rooms belong to, for the game filter. */
  games: z.array(z.object({ nodeId: z.string(), vassalage: z.string(), gameName: z.string() })),
});
export type RoomList = z.infer<typeof roomListSchema>;

/** What a vendor's `POST <api>/rooms/list` answers (docs/vendor-api.md "PVP rooms"). */
const minor = z.string().regex(/^\d{1,18}$/);
export const vendorRoomListSchema = z.object({
  rooms: z
    .array(
      z.object({
        roomId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
        gameId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
        name: z.string().min(1).max(80),
        minStakeMinor: minor,
        maxStakeMinor: minor,
        blinds: z.object({ smallMinor: minor, bigMinor: minor }).nullable().optional(),
        seats: z.number().int().min(1).max(10_000),
        seatsTaken: z.number().int().min(0).max(10_000),
        status: z.enum(ROOM_STATUSES),
      }),
    )
    .max(1000),
});
export type VendorRoomList = z.infer<typeof vendorRoomListSchema>;
