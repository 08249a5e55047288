import { z } from 'zod';
import { GAME_CATEGORIES } from './catalogue';
import { lotteryTicketSelectionSchema, type LotteryTicketSelection } from './lottery';

/** A betting-record row's status: open (bets taken, not settled), settled, or cancelled (every bet refunded). */
export const BET_STATUSES = ['open', 'settled', 'cancelled'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

const isoTime = z.iso.datetime({ offset: true });
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Filters shared by the betting record and the profit and loss. `from`/`to` are ISO timestamps (the client picks its local day bounds). */
const filterShape = {
  category: optionalText(z.enum(GAME_CATEGORIES)),
  vassalage: optionalText(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'vassalage'),
  ),
  from: optionalText(isoTime),
  to: optionalText(isoTime),
};

function rangeOk(q: { from?: string | undefined; to?: string | undefined }): boolean {
  return !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
}

/** GET /wps/bet-record (personalHistoryCopy). */
export const betRecordQuerySchema = z
  .object({
    ...filterShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine(rangeOk, { message: 'from must not be after to', path: ['from'] });
export type BetRecordQuery = z.input<typeof betRecordQuerySchema>;

/** GET /wps/bet-record/profit (personalProfit). Days are counted in the client's UTC offset. */
export const betProfitQuerySchema = z
  .object({
    ...filterShape,
    /** Minutes east of UTC (e.g. −180 for Brasília), −840…840. */
    utcOffsetMinutes: z.coerce.number().int().min(-840).max(840).default(0),
  })
  .refine(rangeOk, { message: 'from must not be after to', path: ['from'] });
export type BetProfitQuery = z.input<typeof betProfitQuerySchema>;

/** Provably-fair data of an in-house round; `serverSeed` is null until that seed is rotated out. */
export type BetFairness = { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number };

export type BetRecordItem = {
  roundId: string;
  vassalage: string;
  vendorName: string;
  category: string;
  nodeId: string;
  gameName: string;
  /** Everything staked in the round. */
  stake: string;
  stakeMinor: string;
  /** Wins plus refunds paid back to the player. */
  payout: string;
  payoutMinor: string;
  /** payout − stake. */
  profit: string;
  profitMinor: string;
  status: BetStatus;
  createdAt: string;
  settledAt: string | null;
  fair: BetFairness | null;
  /** A lottery round's tickets and its draw (null for other games). */
  lottery: BetLottery | null;
};

/** One ticket of a lottery round: its status, stake, payout once settled, and selections. */
export type BetLotteryTicket = {
  id: string;
  status: string;
  stakeMinor: string;
  payoutMinor: string | null;
  selections: LotteryTicketSelection[];
};

/** A lottery round (a player's tickets on one draw): the tickets, the draw, and the result and seed once the draw is decided. */
export type BetLottery = {
  gameCode: string;
  numero: string;
  drawStatus: string;
  tickets: BetLotteryTicket[];
  result: unknown;
  serverSeedHash: string | null;
  serverSeed: string | null;
};

export type BetRecordPage = {
  currency: string;
  scale: number;
  list: BetRecordItem[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  /** Totals over every row that matches the filter (not only this page). */
  totals: BetTotals;
};

export type BetTotals = {
  count: number;
  stake: string;
  stakeMinor: string;
  payout: string;
  payoutMinor: string;
  profit: string;
  profitMinor: string;
};

export type BetProfitResult = {
  currency: string;
  scale: number;
  totals: BetTotals;
  /** Local days (YYYY-MM-DD) with bets, newest first. */
  byDay: (BetTotals & { day: string })[];
  byCategory: (BetTotals & { category: string })[];
};

/** Response value schemas of the betting record calls (they mirror the types above; money as strings). */
const betFairnessSchema = z.object({
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
const betLotterySchema = z.object({
  gameCode: z.string(),
  numero: z.string(),
  drawStatus: z.string(),
  tickets: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      stakeMinor: z.string(),
      payoutMinor: z.string().nullable(),
      selections: z.array(lotteryTicketSelectionSchema),
    }),
  ),
  result: z.unknown(),
  serverSeedHash: z.string().nullable(),
  serverSeed: z.string().nullable(),
});
const betTotalsSchema = z.object({
  count: z.number().int(),
  stake: z.string(),
  stakeMinor: z.string(),
  payout: z.string(),
  payoutMinor: z.string(),
  profit: z.string(),
  profitMinor: z.string(),
}) satisfies z.ZodType<BetTotals>;

/** GET /wps/bet-record */
export const betRecordPageSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  list: z.array(
    z.object({
      roundId: z.string(),
      vassalage: z.string(),
      vendorName: z.string(),
      category: z.string(),
      nodeId: z.string(),
      gameName: z.string(),
      stake: z.string(),
      stakeMinor: z.string(),
      payout: z.string(),
      payoutMinor: z.string(),
      profit: z.string(),
      profitMinor: z.string(),
      status: z.enum(BET_STATUSES),
      createdAt: z.string(),
      settledAt: z.string().nullable(),
      fair: betFairnessSchema.nullable(),
      lottery: betLotterySchema.nullable(),
    }),
  ),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: betTotalsSchema,
}) satisfies z.ZodType<BetRecordPage>;

/** GET /wps/bet-record/profit */
export const betProfitResultSchema = z.object({
  currency: z.string(),
  scale: z.number().int(),
  totals: betTotalsSchema,
  byDay: z.array(betTotalsSchema.extend({ day: z.string() })),
  byCategory: z.array(betTotalsSchema.extend({ category: z.string() })),
}) satisfies z.ZodType<BetProfitResult>;
