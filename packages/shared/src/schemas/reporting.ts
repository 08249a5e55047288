import { z } from 'zod';

// The back office's dashboard and reports (GET /ops/dashboard, /ops/reports/*). Figures come from
// hourly aggregates kept exact in the same transaction as the money they count, so a range must
// start and end on whole hours, and days are cut in a time zone whose offset is whole hours.

/** Integer minor units as a string; may be negative (net deposits, gross gaming revenue). */
const signedMinor = z.string().regex(/^-?\d{1,19}$/, 'integer minor units');
const count = z.number().int().nonnegative();

function isWholeHour(iso: string): boolean {
  const t = Date.parse(iso);
  return Number.isFinite(t) && t % 3_600_000 === 0;
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const wholeHourInstant = z.iso.datetime({ offset: true }).refine(isWholeHour, 'must be a whole hour');
/** An IANA time zone (e.g. America/Sao_Paulo); UTC when absent. */
const timeZone = z.string().trim().min(1).max(64).refine(isTimeZone, 'unknown time zone').default('UTC');

/** A half-open range [from, to) of whole hours, at most 400 days long. */
export const reportRangeQuerySchema = z
  .object({ from: wholeHourInstant, to: wholeHourInstant, timeZone })
  .superRefine((q, ctx) => {
    const span = Date.parse(q.to) - Date.parse(q.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    if (span > 400 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range is at most 400 days' });
  });
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const gameFiguresSchema = z.object({
  rounds: count,
  /** Stakes accepted, less stakes refunded by rollbacks. */
  betsMinor: signedMinor,
  winsMinor: signedMinor,
  /** Gross gaming revenue: bets - wins. */
  ggrMinor: signedMinor,
});
export type GameFigures = z.infer<typeof gameFiguresSchema>;

export const queueSchema = z.object({
  count,
  /** When the oldest item entered the queue; null when it is empty. */
  oldestAt: z.string().nullable(),
  /** Withdrawals awaiting review only: how many are past their review deadline. */
  overdue: z.number().int().optional(),
});
export type Queue = z.infer<typeof queueSchema>;

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  scale: z.number().int(),
  deposits: z.object({ count, amountMinor: signedMinor }),
  withdrawals: z.object({ count, amountMinor: signedMinor }),
  netDepositsMinor: signedMinor,
  games: gameFiguresSchema,
  byCategory: z.array(gameFiguresSchema.extend({ category: z.string() })),
  newPlayers: count,
  firstDeposits: count,
  /** Distinct players who placed a stake in the range (exact). */
  activePlayers: count,
  /** Per day of the range in the time zone, for the charts. */
  days: z.array(
    z.object({
      day: z.string(),
      depositsMinor: signedMinor,
      withdrawalsMinor: signedMinor,
      betsMinor: signedMinor,
      winsMinor: signedMinor,
      ggrMinor: signedMinor,
      newPlayers: count,
    }),
  ),
  queues: z.object({
    deposits: queueSchema,
    withdrawals: queueSchema,
    disputes: queueSchema,
    vendorTransfers: queueSchema,
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * GET /ops/queues/summary: how many items wait in each queue, for the sidebar's badges. The
 * dashboard's queues without its figures, so it is cheap enough to poll every minute.
 */
export const queueCountsSchema = z.object({
  deposits: count,
  withdrawals: count,
  disputes: count,
  vendorTransfers: count,
  /** The points mall's redemptions waiting for an operator. */
  redemptions: count,
  /** The rewards engine's grants held for an operator's release or rejection. */
  heldRewards: count,
  /** Missions, mall items and raffles waiting for a second operator's approval. */
  setupApprovals: count,
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

const reportHead = {
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  scale: z.number().int(),
};

export const pnlReportSchema = z.object({
  ...reportHead,
  rows: z.array(
    gameFiguresSchema.extend({ day: z.string(), category: z.string(), vassalage: z.string(), vendorName: z.string() }),
  ),
  totals: gameFiguresSchema,
});
export type PnlReport = z.infer<typeof pnlReportSchema>;

export const paymentsReportSchema = z.object({
  ...reportHead,
  rows: z.array(
    z.object({
      day: z.string(),
      kind: z.enum(['deposit', 'withdrawal']),
      /** Deposit channel id, or the bank code of a withdrawal. */
      channel: z.string(),
      channelName: z.string(),
      count,
      amountMinor: signedMinor,
      feeMinor: signedMinor,
    }),
  ),
  totals: z.object({
    deposits: z.object({ count, amountMinor: signedMinor }),
    withdrawals: z.object({ count, amountMinor: signedMinor }),
  }),
});
export type PaymentsReport = z.infer<typeof paymentsReportSchema>;

export const playersReportSchema = z.object({
  ...reportHead,
  rows: z.array(
    z.object({ day: z.string(), registrations: count, firstDeposits: count, firstDepositAmountMinor: signedMinor }),
  ),
  totals: z.object({ registrations: count, firstDeposits: count, firstDepositAmountMinor: signedMinor }),
});
export type PlayersReport = z.infer<typeof playersReportSchema>;

/** One game's figures over a day or the whole range (GET /ops/reports/originals). */
const originalsFiguresSchema = z.object({
  /** Finished rounds (crash: decided bets); refused and unfinished ones are left out. */
  rounds: count,
  /** Distinct players with a finished round. */
  players: count,
  stakedMinor: signedMinor,
  paidMinor: signedMinor,
  /** Gross gaming revenue: staked - paid. */
  ggrMinor: signedMinor,
  /** What came back: paid ÷ staked, in basis points (rounded half up); null with nothing staked. */
  rtpMeasuredBps: z.number().int().nullable(),
  /** The RTP the rounds were placed at, weighted by stake, in basis points; null with nothing staked. */
  rtpConfiguredBps: z.number().int().nullable(),
  /** The largest amount paid on one round. */
  biggestWinMinor: signedMinor,
});
export type OriginalsFigures = z.infer<typeof originalsFiguresSchema>;

/**
 * GET /ops/reports/originals: the in-house games' figures (the house originals, crash included,
 * and the slot and the dice) per game and local day, each game's over the whole range, and all of
 * them together. Read from the rounds themselves, so days are cut in any time zone.
 */
export const originalsReportSchema = z.object({
  ...reportHead,
  rows: z.array(originalsFiguresSchema.extend({ day: z.string(), game: z.string() })),
  games: z.array(originalsFiguresSchema.extend({ game: z.string() })),
  totals: originalsFiguresSchema,
});
export type OriginalsReport = z.infer<typeof originalsReportSchema>;
