import { z } from 'zod';
import { minorUnitsText } from './common';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';
import { MONEY_WAIT_REASONS } from './operator-money';

/*
 * Promotions' activity: how a player takes part in a promotion, per period, and raffles. A
 * promotion is the content module's item; its participation settings are the operator's.
 */

export const PROMO_MODES = ['join', 'apply', 'auto'] as const;
export type PromoMode = (typeof PROMO_MODES)[number];
/** `once`: one period for the promotion's whole life; the others cut in the promotion's time zone. */
export const PROMO_PERIODS = ['once', 'daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type PromoPeriod = (typeof PROMO_PERIODS)[number];
/** What an approved application or a raffle prize gives. */
export const PROMO_REWARD_KINDS = ['cash', 'bonus', 'points'] as const;

/**
 * A player's activity in a promotion now, each with the product's label: join (Join), joined
 * (Joined), apply (Join, with the application form), applying (Applying), rejected (Rejected),
 * issued (Issued: approved, the reward waits for the Claim button), claimed (Claimed), process
 * (Process: the promotion pays by itself), closed (Close), coming_soon (coming soon), login (a
 * visitor is asked to log in).
 */
export const ACTIVITY_STATUSES = [
  'join',
  'joined',
  'apply',
  'applying',
  'rejected',
  'issued',
  'claimed',
  'process',
  'closed',
  'coming_soon',
  'login',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const PROMO_COMMENT_MAX = 140;
export const PROMO_MAX_IMAGES = 3;
export const PROMO_IMAGE_MAX_BYTES = 5 * 1_048_576;

const id = z.string().regex(/^\d{1,18}$/);
const minor = minorUnitsText();

/** One promotion's activity for the caller. */
export const activitySchema = z.object({
  promotionId: z.string(),
  mode: z.enum(PROMO_MODES),
  period: z.enum(PROMO_PERIODS),
  status: z.enum(ACTIVITY_STATUSES),
  /** The period the status is about (e.g. D2026-11-24), null for a visitor. */
  periodKey: z.string().nullable(),
  /** A rejected application's reason, for the player. */
  reason: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The promotion's raffles, newest first (their ids; the page reads each). */
  raffleIds: z.array(z.string()),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /wps/promo/activities (token optional): every live promotion that has participation settings. */
export const activityListSchema = z.object({ list: z.array(activitySchema), availablePromoCount: z.number().int() });

/** POST /wps/promo/join and /wps/promo/claim. */
export const promoActionBodySchema = z.object({ promotionId: id });

/** The text fields of POST /wps/promo/apply (multipart: these fields, then 0–3 png or jpg images). */
export const promoApplyFieldsSchema = z.object({
  promotionId: id,
  comment: z.string().trim().min(1).max(PROMO_COMMENT_MAX),
});
export type PromoApplyFields = z.infer<typeof promoApplyFieldsSchema>;

/** GET /wps/promo/state (token optional): the public state's promotion figures. */
export const promoPublicStateSchema = z.object({
  /** Promotions the player can join (or apply to) now; 0 for a visitor. */
  availablePromoCount: z.number().int(),
  /** REFERRAL.enabled: whether the referral promotion is on (the whitelabel switch). */
  availablePromo: z.object({ REFERRAL: z.object({ enabled: z.boolean() }) }),
});

// ---------------------------------------------------------------------------------------------
// Back office: settings and the applications queue
// ---------------------------------------------------------------------------------------------

/**
 * A promotion's activity settings. Its periods are cut in the operator's time zone (the rewards
 * engine's setting), like every other reward period, so there is no time zone per promotion.
 */
export const promoSettingsBodySchema = z
  .object({
    mode: z.enum(PROMO_MODES),
    period: z.enum(PROMO_PERIODS),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    rewardKind: z.enum(PROMO_REWARD_KINDS).nullable(),
    rewardAmount: minor.nullable(),
    reason: opsReasonSchema,
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt), {
    path: ['endsAt'],
    message: 'must be after the start',
  })
  .refine((b) => (b.rewardKind === null) === (b.rewardAmount === null), {
    path: ['rewardAmount'],
    message: 'kind and amount go together',
  })
  .refine((b) => b.mode !== 'apply' || b.rewardKind !== null, {
    path: ['rewardKind'],
    message: 'an application promotion needs a reward',
  });
export type PromoSettingsBody = z.infer<typeof promoSettingsBodySchema>;

export const promoSettingsSchema = z.object({
  promotionId: z.string(),
  mode: z.enum(PROMO_MODES),
  period: z.enum(PROMO_PERIODS),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  rewardKind: z.enum(PROMO_REWARD_KINDS).nullable(),
  rewardAmount: z.string().nullable(),
  version: z.number().int(),
});
export type PromoSettings = z.infer<typeof promoSettingsSchema>;
/** GET /ops/promo/settings: every promotion that has settings. */
export const promoSettingsListSchema = z.object({ list: z.array(promoSettingsSchema) });
export const promoIdParamsSchema = z.object({ promotionId: id });

export const APPLICATION_STATUSES = ['applying', 'approved', 'rejected'] as const;
export const opsApplicationSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  memberId: z.string(),
  account: z.string(),
  periodKey: z.string(),
  comment: z.string(),
  imageCount: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  reason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  grantId: z.string().nullable(),
  claimedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * An approval that pays money above the operator money policy's thresholds waits (status still
   * 'applying') for a second operator: who asked, the thresholds passed; `approvedBy` completed it.
   */
  approvalAskedBy: z.string().nullable(),
  approvalAskedAt: z.string().nullable(),
  approvalWaitReasons: z.array(z.enum(MONEY_WAIT_REASONS)),
  /** The reward the asker approved (minor units), which the second operator pays. */
  approvalRewardKind: z.enum(PROMO_REWARD_KINDS).nullable(),
  approvalRewardAmount: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type OpsApplication = z.infer<typeof opsApplicationSchema>;
export const opsApplicationQuerySchema = opsListQuerySchema(['id'], 'asc').extend({
  status: z.enum(APPLICATION_STATUSES).optional(),
  promotionId: id.optional(),
  account: z.string().trim().min(1).max(64).optional(),
});
export type OpsApplicationQuery = z.infer<typeof opsApplicationQuerySchema>;
export const opsApplicationPageSchema = opsPageSchema(opsApplicationSchema);
export const applicationIdParamsSchema = z.object({ id });
export const applicationImageParamsSchema = z.object({
  id,
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(PROMO_MAX_IMAGES - 1),
});
/** POST /ops/promo/applications/:id/approve | reject: the reason (shown to the player on a rejection; audited). */
export const applicationDecisionBodySchema = z.object({ reason: opsReasonSchema });

// ---------------------------------------------------------------------------------------------
// Raffles
// ---------------------------------------------------------------------------------------------

export const rafflePrizeSchema = z.object({
  rank: z.number().int(),
  rewardKind: z.enum(PROMO_REWARD_KINDS),
  amount: z.string(),
});
export const raffleWinnerSchema = z.object({ rank: z.number().int(), ticket: z.number().int(), account: z.string() });

/**
 * open and drawn are what players see; awaiting_approval (its prizes passed a set-up ceiling, a
 * second operator lets it go live) and rejected are the back office's only.
 */
export const RAFFLE_STATUSES = ['awaiting_approval', 'open', 'drawn', 'rejected'] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];

/** A raffle as anyone sees it: the commitment always, the seed and the winners once drawn. */
export const raffleSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  title: z.string(),
  drawAt: z.string(),
  status: z.enum(RAFFLE_STATUSES),
  serverSeedHash: z.string(),
  /** Revealed once drawn, null before. */
  serverSeed: z.string().nullable(),
  ticketCount: z.number().int(),
  /** Cash and bonus prizes are minor units of this currency, with this many decimals. */
  currency: z.string(),
  scale: z.number().int(),
  prizes: z.array(rafflePrizeSchema),
  winners: z.array(raffleWinnerSchema),
  drawnAt: z.string().nullable(),
  /** The caller's: tickets waiting to be claimed and the numbers of those in the draw (empty for a visitor). */
  mine: z.object({ claimable: z.number().int(), tickets: z.array(z.number().int()) }),
});
export type Raffle = z.infer<typeof raffleSchema>;
export const raffleIdParamsSchema = z.object({ id });

/** POST /wps/relay/MCS2_claimRafflePromotion (token): put the caller's waiting tickets of a raffle into its draw. */
export const claimRaffleBodySchema = z.object({ raffleId: id });
/** What was claimed now (the new ticket numbers) and every ticket the caller has in the draw. */
export const claimRaffleResultSchema = z.object({
  raffleId: z.string(),
  claimed: z.array(z.number().int()),
  tickets: z.array(z.number().int()),
  ticketCount: z.number().int(),
});

export const RAFFLE_MAX_PRIZES = 100;
export const raffleCreateBodySchema = z.object({
  promotionId: id,
  title: z.string().trim().min(1).max(120),
  drawAt: z.iso.datetime({ offset: true }),
  prizes: z
    .array(
      z.object({
        rewardKind: z.enum(PROMO_REWARD_KINDS),
        amount: minor.refine((v) => BigInt(v) > 0n, 'must be above 0'),
      }),
    )
    .min(1)
    .max(RAFFLE_MAX_PRIZES),
  reason: opsReasonSchema,
});
export type RaffleCreateBody = z.infer<typeof raffleCreateBodySchema>;
/** Which set-up ceiling a raffle's prizes passed (its largest money prize, or all of them together). */
export const RAFFLE_CEILING_REASONS = ['setup_item', 'setup_period'] as const;

/** A raffle as the back office sees it: who made it, the ceilings it passed and who let it go live. */
export const opsRaffleSchema = raffleSchema.omit({ mine: true }).extend({
  createdBy: z.string().nullable(),
  ceilingReasons: z.array(z.enum(RAFFLE_CEILING_REASONS)),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type OpsRaffle = z.infer<typeof opsRaffleSchema>;
/** GET /ops/raffles: the back office's list (newest first), the seed only once drawn. */
export const opsRaffleListSchema = z.object({ list: z.array(opsRaffleSchema) });
/** POST /ops/raffles/:id/approve and /reject: a second operator's decision on a waiting raffle, with the reason. */
export const raffleDecisionBodySchema = z.object({ reason: opsReasonSchema });
export const raffleDrawBodySchema = z.object({ reason: opsReasonSchema });
/** POST /ops/raffles/:id/tickets: an operator gives a player tickets (a raffle_ticket grant the player then claims into the draw). */
export const raffleTicketGiftBodySchema = z.object({
  account: z.string().trim().min(1).max(64),
  tickets: z.number().int().min(1).max(10_000),
  reason: opsReasonSchema,
});
