import { z } from 'zod';
import { lotteryDrawViewSchema } from './lottery';

// The back office's lottery calls (/ops/lottery/…): games with their paytables, edges and
// limits; draws, their liability per number; results entered and approved by two operators;
// voids.

const minor = z.string().regex(/^\d{1,18}$/, 'minor amount');
const reason = z.string().trim().min(3).max(500);

export const opsLotteryLimitsSchema = z.object({
  minStakeMinor: minor,
  maxStakeMinor: minor,
  perKeyMinor: minor,
  perTicketMinor: minor,
  perDrawMinor: minor,
});

export const opsLotteryGameSchema = z.object({
  code: z.string(),
  name: z.string(),
  family: z.string(),
  prizeMode: z.enum(['Elott', 'Lott', 'SEA']),
  groupCode: z.string(),
  region: z.enum(['north', 'central', 'south']).nullable(),
  intervalSeconds: z.number().nullable(),
  drawTime: z.string().nullable(),
  /** A daily draw's time zone; the operator's when null. */
  drawZone: z.string().nullable(),
  /**
   * A changed schedule waiting for its first day (YYYY-MM-DD in the game's zone): the draws already
   * planned keep their times, so a new interval or draw time starts on a day none is planned on.
   */
  nextSchedule: z
    .object({ intervalSeconds: z.number().nullable(), drawTime: z.string().nullable(), from: z.string() })
    .nullable(),
  closeBeforeSeconds: z.number(),
  resultSource: z.enum(['fair', 'operator', 'feed']),
  /** The country whose official draw gives the results (a foreign lottery's draw); null for the operator's own draws. */
  resultCountry: z.string().nullable(),
  /** Whether the licence in force hides the game from players (BR: a foreign lottery's draw). */
  hiddenByLicence: z.boolean(),
  paytable: z.unknown(),
  limits: opsLotteryLimitsSchema,
  status: z.enum(['active', 'paused']),
  sortOrder: z.number(),
  /** Each bet type's exact house edge under the paytable. */
  edges: z.array(z.object({ betType: z.string(), variant: z.string().nullable(), edgePercent: z.string() })),
});
export const opsLotteryGamesSchema = z.array(opsLotteryGameSchema);

export const opsLotteryGameParamsSchema = z.object({ gameCode: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/) });

export const opsLotteryGameBodySchema = z.object({
  name: z.string().trim().min(1).max(80),
  paytable: z.record(z.string(), z.unknown()),
  limits: opsLotteryLimitsSchema,
  status: z.enum(['active', 'paused']),
  closeBeforeSeconds: z.number().int().min(5).max(86_400),
  sortOrder: z.number().int().min(0).max(10_000),
  /**
   * The schedule wanted: the interval of a quick draw, or the time of day of a daily one. Absent,
   * the schedule stays as it is; the game's own schedule again, a waiting change is dropped.
   */
  schedule: z
    .object({
      intervalSeconds: z.union([z.literal(60), z.literal(180), z.literal(300)]).optional(),
      drawTime: z
        .string()
        .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'HH:MM')
        .optional(),
    })
    .optional(),
  reason,
});

export const opsLotteryDrawsQuerySchema = z.object({
  gameCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{2,40}$/)
    .optional(),
  status: z.enum(['scheduled', 'open', 'closed', 'drawn', 'settled', 'voided']).optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  size: z.coerce.number().int().min(1).max(100).default(30),
});

export const opsLotteryDrawSchema = lotteryDrawViewSchema.extend({
  drawId: z.string(),
  voidReason: z.string().nullable(),
  ticketCount: z.number(),
  stakeMinor: z.string(),
  payoutMinor: z.string(),
  payoutCapMinor: z.string().nullable(),
  grossPayoutMinor: z.string().nullable(),
  /** The status timeline: when the draw took its result, was finished (paid or refunded) and was voided. */
  drawnAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
});
export const opsLotteryDrawsPageSchema = z.object({ list: z.array(opsLotteryDrawSchema), next: z.string().nullable() });

export const opsLotteryDrawParamsSchema = z.object({ drawId: z.string().regex(/^\d{1,18}$/) });

export const opsLotteryEntrySchema = z.object({
  entryId: z.string(),
  drawId: z.string(),
  result: z.unknown(),
  enteredBy: z.string(),
  /** The operators' usernames, so the screen says who typed and who reviewed (null for one since deleted). */
  enteredByName: z.string().nullable(),
  enteredAt: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reviewedBy: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
/** The results queue: each waiting entry with its draw's game and numero, which the operator knows it by. */
export const opsLotteryQueueEntrySchema = opsLotteryEntrySchema.extend({ gameCode: z.string(), numero: z.string() });
export const opsLotteryQueueSchema = z.array(opsLotteryQueueEntrySchema);

/**
 * A void asked for once the draw's result was known: it waits for a different operator
 * (LOTTERY_VOID_SAME_OPERATOR for the one who asked), and records the result known then.
 */
export const opsLotteryVoidRequestSchema = z.object({
  requestId: z.string(),
  drawId: z.string(),
  reason: z.string(),
  knownResult: z.unknown(),
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
/** The voids queue: each waiting void with its draw's game and numero. */
export const opsLotteryVoidQueueSchema = z.array(
  opsLotteryVoidRequestSchema.extend({ gameCode: z.string(), numero: z.string() }),
);

export const opsLotteryDrawDetailSchema = z.object({
  draw: opsLotteryDrawSchema,
  /** What the draw would pay per liability key, largest first. */
  exposure: z.array(z.object({ key: z.string(), payoutMinor: z.string() })),
  tickets: z.record(z.string(), z.object({ count: z.number(), stakeMinor: z.string() })),
  pendingEntry: opsLotteryEntrySchema.nullable(),
  /** A void waiting for a second operator; while it waits the draw is not settled. */
  pendingVoid: opsLotteryVoidRequestSchema.nullable(),
});

export const opsLotteryResultBodySchema = z.object({ result: z.record(z.string(), z.unknown()) });
export const opsLotteryEntryParamsSchema = z.object({ entryId: z.string().regex(/^\d{1,18}$/) });
export const opsLotteryReviewBodySchema = z.object({
  approve: z.boolean(),
  reason: z.string().trim().max(500).optional(),
});
export const opsLotteryReviewResultSchema = z.object({ entry: opsLotteryEntrySchema, draw: opsLotteryDrawSchema });
export const opsLotteryVoidBodySchema = z.object({ reason });
/** A void's answer: the draw voided at once (voidRequest null), or unchanged with the request waiting. */
export const opsLotteryVoidResultSchema = z.object({
  draw: opsLotteryDrawSchema,
  voidRequest: opsLotteryVoidRequestSchema.nullable(),
});
export const opsLotteryVoidParamsSchema = z.object({ requestId: z.string().regex(/^\d{1,18}$/) });
export const opsLotteryVoidReviewResultSchema = z.object({
  voidRequest: opsLotteryVoidRequestSchema,
  draw: opsLotteryDrawSchema,
});

export type OpsLotteryGame = z.infer<typeof opsLotteryGameSchema>;
export type OpsLotteryGameBody = z.infer<typeof opsLotteryGameBodySchema>;
export type OpsLotteryDraw = z.infer<typeof opsLotteryDrawSchema>;
export type OpsLotteryDrawsPage = z.infer<typeof opsLotteryDrawsPageSchema>;
export type OpsLotteryEntry = z.infer<typeof opsLotteryEntrySchema>;
export type OpsLotteryQueueEntry = z.infer<typeof opsLotteryQueueEntrySchema>;
export type OpsLotteryDrawDetail = z.infer<typeof opsLotteryDrawDetailSchema>;
export type OpsLotteryReviewResult = z.infer<typeof opsLotteryReviewResultSchema>;
export type OpsLotteryVoidRequest = z.infer<typeof opsLotteryVoidRequestSchema>;
export type OpsLotteryVoidQueue = z.infer<typeof opsLotteryVoidQueueSchema>;
export type OpsLotteryVoidResult = z.infer<typeof opsLotteryVoidResultSchema>;
export type OpsLotteryVoidReviewResult = z.infer<typeof opsLotteryVoidReviewResultSchema>;

const instant = z.iso.datetime({ offset: true });

/** GET /ops/lottery/reports: draws finished in [from, to) (instants; the screen sends its days' bounds in the operator's zone). */
export const opsLotteryReportQuerySchema = z
  .object({
    from: instant,
    to: instant,
    gameCode: z
      .string()
      .regex(/^[A-Za-z0-9_-]{2,40}$/)
      .optional(),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['from'] });

/** One game's figures over the range, in minor units: gross gaming revenue is stake − payout of its settled draws (voided draws refund their stakes). */
export const opsLotteryReportRowSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  drawsSettled: z.number(),
  drawsVoided: z.number(),
  tickets: z.number(),
  stakeMinor: z.string(),
  payoutMinor: z.string(),
  ggrMinor: z.string(),
});
export const opsLotteryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(opsLotteryReportRowSchema),
});
export type OpsLotteryReport = z.infer<typeof opsLotteryReportSchema>;
