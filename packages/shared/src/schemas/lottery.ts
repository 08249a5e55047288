import { z } from 'zod';
import { idempotencyKeySchema } from './withdrawal';

// The lottery's calls (docs/lottery.md, "API"): the spec's lobby calls under /lgw/ and /lotto/,
// and the calls it leaves unstated (a game's detail, the bet slip, the player's tickets,
// favourites), which keep the same envelope.

/** Prize modes: Elott, the quick draws; Lott, the Vietnamese lottery; SEA, the regional draws. */
export const LOTTERY_PRIZE_MODES = ['Elott', 'Lott', 'SEA'] as const;
export type LotteryPrizeMode = (typeof LOTTERY_PRIZE_MODES)[number];

export { LOTTERY_VENDORS } from '../catalogue-constants';

/** The popular list's length, and the Vietnam numbers list's (spec counts). */
export const LOTTERY_POPULAR_COUNT = 20;
export const LOTTERY_NUMEROS_COUNT = 100;

const gameCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,40}$/, 'game code');
const numero = z
  .string()
  .trim()
  .regex(/^[0-9-]{8,16}$/, 'numero');
const minorAmount = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,17}$/, 'minor amount');

export const gameMenusQuerySchema = z.object({ prizeMode: z.enum(LOTTERY_PRIZE_MODES).optional() });
export const vnGameMenuQuerySchema = z.object({
  prizeMode: z.enum(LOTTERY_PRIZE_MODES).default('Lott'),
  device: z.string().max(10).optional(),
});
export const popularQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(50).default(LOTTERY_POPULAR_COUNT),
});
export const numerosQuerySchema = z.object({
  gameCode,
  count: z.coerce.number().int().min(1).max(LOTTERY_NUMEROS_COUNT).default(LOTTERY_NUMEROS_COUNT),
});
export const openedNumeroQuerySchema = z.object({ gameCode });
export const gameCodeParamsSchema = z.object({ gameCode });
/** GET /lgw/live: one game's draw changes, or every game's without a code. */
export const liveQuerySchema = z.object({ gameCode: gameCode.optional() });

/** One selection of a bet slip; its bet type's rules check the rest (packages/shared/src/lottery). */
export const slipSelectionSchema = z.object({
  betType: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,30}$/, 'bet type'),
  numbers: z.array(z.number().int().min(0).max(999)).max(80).optional(),
  position: z.number().int().min(1).max(10).optional(),
  option: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,20}$/, 'option')
    .optional(),
  stakePerLineMinor: minorAmount,
});
export type SlipSelectionBody = z.infer<typeof slipSelectionSchema>;

export const placeTicketBodySchema = z.object({
  gameCode,
  /** The draw to bet on; the one taking bets now when absent. */
  numero: numero.optional(),
  selections: z.array(slipSelectionSchema).min(1).max(20),
  /** When a number has less liability room than asked: trim the stake to the room, or refuse the ticket. */
  onLimit: z.enum(['trim', 'refuse']).default('trim'),
  idempotencyKey: idempotencyKeySchema,
});
export type PlaceTicketBody = z.infer<typeof placeTicketBodySchema>;

export const ticketsQuerySchema = z.object({
  status: z.enum(['open', 'settled']).default('open'),
  /** Keyset paging: tickets before this id. */
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

export const favouriteBodySchema = z.object({ favourite: z.boolean() });

/** A draw as players see it: the seed and result are shown only once the draw is decided. */
export const lotteryDrawViewSchema = z.object({
  gameCode: z.string(),
  numero: z.string(),
  status: z.enum(['scheduled', 'open', 'closed', 'drawn', 'settled', 'voided']),
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  serverSeedHash: z.string().nullable(),
  serverSeed: z.string().nullable(),
  result: z.unknown(),
});
export type LotteryDrawView = z.infer<typeof lotteryDrawViewSchema>;

export const lotteryGameMenuSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  family: z.string(),
  prizeMode: z.enum(LOTTERY_PRIZE_MODES),
  region: z.enum(['north', 'central', 'south']).nullable(),
  intervalSeconds: z.number().nullable(),
  drawTime: z.string().nullable(),
  /** The draw taking bets now, if any. */
  current: lotteryDrawViewSchema.nullable(),
  /** The latest decided draw, with its result (the lobby card's last drawn numbers), if any. */
  last: lotteryDrawViewSchema.nullable(),
  /** The server's time when it answered: the lobby's countdowns run on the server's clock, not the device's. */
  serverTime: z.string(),
});
export type LotteryGameMenu = z.infer<typeof lotteryGameMenuSchema>;

export const lotteryMenuGroupSchema = z.object({
  gameGroupCode: z.string(),
  labelName: z.string(),
  /** The account type the group's games are played under ('VN' for the Vietnam lottery, 'ELOTT' for quick draws). */
  accountTypeName: z.string(),
  gameMenus: z.array(lotteryGameMenuSchema),
});
export type LotteryMenuGroup = z.infer<typeof lotteryMenuGroupSchema>;
export const lotteryMenuGroupsSchema = z.array(lotteryMenuGroupSchema);
export const lotteryRecentMenusSchema = z.array(lotteryGameMenuSchema);
export const lotteryPopularSchema = z.array(lotteryGameMenuSchema.extend({ tickets: z.number() }));
export const lotteryNumerosSchema = z.array(lotteryDrawViewSchema);
export const lotteryOpenedNumeroSchema = z.object({
  current: lotteryDrawViewSchema.nullable(),
  last: lotteryDrawViewSchema.nullable(),
  serverTime: z.string(),
});

/** One selection of a placed ticket, as players read it (their tickets, the betting record). */
export const lotteryTicketSelectionSchema = z.object({
  betType: z.string(),
  numbers: z.array(z.number()).optional(),
  position: z.number().optional(),
  option: z.string().optional(),
  lines: z.number(),
  stakePerLineMinor: z.string(),
  /** Set when the draw's liability room trimmed the stake asked for. */
  requestedPerLineMinor: z.string().optional(),
});
export type LotteryTicketSelection = z.infer<typeof lotteryTicketSelectionSchema>;

export const lotteryTicketViewSchema = z.object({
  ticketId: z.string(),
  gameCode: z.string(),
  numero: z.string(),
  status: z.enum(['open', 'won', 'lost', 'refunded', 'refused']),
  stake: z.string(),
  stakeMinor: z.string(),
  payout: z.string().nullable(),
  payoutMinor: z.string().nullable(),
  maxPayoutMinor: z.string(),
  selections: z.array(lotteryTicketSelectionSchema),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  currency: z.string(),
});
export type LotteryTicketView = z.infer<typeof lotteryTicketViewSchema>;
export const lotteryTicketsPageSchema = z.object({
  list: z.array(lotteryTicketViewSchema),
  next: z.string().nullable(),
});
export const lotteryPlacedSchema = z.object({
  ticket: lotteryTicketViewSchema,
  balanceMinor: z.string().nullable(),
  replayed: z.boolean(),
});
export const lotteryFavouritesSchema = z.array(z.string());

/** GET /lgw/games/paytable?gameCode=: the game's odds by bet type (packages/shared/src/lottery/paytable.ts), for the slip's potential payouts. */
export const paytableQuerySchema = z.object({ gameCode });
export const lotteryPaytableSchema = z.object({
  gameCode: z.string(),
  family: z.string(),
  paytable: z.record(z.string(), z.unknown()),
});
export type LotteryPaytableView = z.infer<typeof lotteryPaytableSchema>;
